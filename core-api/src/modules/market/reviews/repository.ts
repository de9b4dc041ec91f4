import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';

export async function findProductName(db: Kysely<Database>, productId: string): Promise<string | undefined> {
  const row = await db.selectFrom('products').select('name').where('id', '=', productId).executeTakeFirst();
  return row?.name;
}

/** Bought = on one of the user's orders that was not cancelled. */
export async function hasBought(db: Kysely<Database>, userId: string, productId: string): Promise<boolean> {
  const row = await db
    .selectFrom('order_items as oi')
    .innerJoin('orders as o', 'o.id', 'oi.order_id')
    .select('oi.product_id')
    .where('o.user_id', '=', userId)
    .where('oi.product_id', '=', productId)
    .where('o.status', '<>', 'cancelled')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
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
