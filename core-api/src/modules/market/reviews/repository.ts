import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { isPaid } from '../orders/status';

/** The reviewed product's shop, category and county: where its new rating shows (`listingChanged`). */
export async function findReviewedProduct(
  db: Kysely<Database>,
  productId: string,
): Promise<{ seller_id: string; category: string; county: string } | undefined> {
  return db.selectFrom('products').select(['seller_id', 'category', 'county']).where('id', '=', productId).executeTakeFirst();
}

/** Whether the account runs the seller of the product: a seller never reviews their own listing. */
export async function runsSellerOf(db: Kysely<Database>, userId: string, productId: string): Promise<boolean> {
  const row = await db
    .selectFrom('products as p')
    .innerJoin('sellers as s', 's.id', 'p.seller_id')
    .select('p.id')
    .where('p.id', '=', productId)
    .where('s.user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Whether the user bought the product: 'paid' when it is on one of their paid orders (the only kind
 * that allows a review), 'unpaid' when only on orders still waiting (or never paid), else null.
 * A line the buyer's own shop sold is no purchase: a seller marks their own sale paid (bank transfer).
 */
export async function purchaseOf(db: Kysely<Database>, userId: string, productId: string): Promise<'paid' | 'unpaid' | null> {
  const rows = await db
    .selectFrom('order_items as oi')
    .innerJoin('orders as o', 'o.id', 'oi.order_id')
    .innerJoin('sellers as s', 's.id', 'oi.seller_id')
    .select('o.status')
    .where('o.user_id', '=', userId)
    .where('oi.product_id', '=', productId)
    .where((eb) => eb.or([eb('s.user_id', 'is', null), eb('s.user_id', '<>', userId)]))
    .execute();
  if (rows.some((r) => isPaid(r.status))) return 'paid';
  return rows.some((r) => r.status === 'pending_payment') ? 'unpaid' : null;
}

export async function findReviewerName(db: Kysely<Database>, userId: string) {
  return db.selectFrom('users').select(['first_name', 'last_name', 'username']).where('id', '=', userId).executeTakeFirst();
}

export async function insertReview(
  db: Kysely<Database>,
  review: { productId: string; userId: string; reviewerName: string; rating: number; comment: string },
) {
  return db
    .insertInto('reviews')
    .values({
      product_id: review.productId,
      user_id: review.userId,
      reviewer_name: review.reviewerName,
      rating: review.rating,
      comment: review.comment,
      verified: true,
    })
    .onConflict((oc) => oc.columns(['product_id', 'user_id']).where('user_id', 'is not', null).doNothing())
    .returning(['id', 'reviewer_name', 'rating', 'comment', 'verified', 'created_at'])
    .executeTakeFirst();
}
