import type { Kysely } from 'kysely';
import type { Review } from '@shambasoko/contracts';
import type { Database } from '../../../db/schema';
import { ApiError } from '../../../http/envelope';
import type { CatalogCache } from '../catalog/cache';
import { isUuid } from '../../../db/ids';
import { PRODUCT_NOT_FOUND, toReview } from '../catalog/service';
import { findReviewedProduct, findReviewerName, insertReview, purchaseOf, runsSellerOf } from './repository';

const OWN_LISTING = 'You cannot review a product you sell. Reviews come from buyers only.';

/** "Wanjiku M.": how reviews name people (spec sample reviews), never the full surname or e-mail. */
function displayName(user: { first_name: string; last_name: string; username: string } | undefined): string {
  if (user === undefined) return 'ShambaSoko buyer';
  const first = user.first_name.trim() || user.username || 'ShambaSoko buyer';
  const initial = user.last_name.trim().charAt(0).toUpperCase();
  return initial ? `${first} ${initial}.` : first;
}

export async function addReview(
  db: Kysely<Database>,
  cache: CatalogCache,
  userId: string,
  productId: string,
  input: { rating: number; comment: string },
): Promise<Review> {
  const product = isUuid(productId) ? await findReviewedProduct(db, productId) : undefined;
  if (product === undefined) throw new ApiError(404, PRODUCT_NOT_FOUND);
  // Ratings and the "verified" badge stand for buyers: a seller ordering their own listing is no buyer.
  if (await runsSellerOf(db, userId, productId)) throw new ApiError(403, OWN_LISTING);
  // Only paid orders count: an order placed and never paid proves nothing and costs nothing.
  const purchase = await purchaseOf(db, userId, productId);
  if (purchase === 'unpaid') throw new ApiError(403, 'You can review this product once your order is paid.');
  if (purchase === null) throw new ApiError(403, 'Only customers who bought this product can review it');
  const row = await insertReview(db, {
    productId,
    userId,
    reviewerName: displayName(await findReviewerName(db, userId)),
    rating: input.rating,
    comment: input.comment,
  });
  if (row === undefined) throw new ApiError(409, 'You have already reviewed this product');
  // Its new rating moves it in rating sorts and filters (every search that can count it), in its
  // category's related lists and in the featured list, all ordered by rating: as a listing's edit that
  // may enter them. Other products' answers stay.
  cache.listingChanged({ id: productId, sellerId: product.seller_id, category: product.category, county: product.county, mayEnter: true });
  return toReview(row);
}
