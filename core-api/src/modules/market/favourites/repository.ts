import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';

export async function listFavouriteIds(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('favourites')
    .select('product_id')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('product_id')
    .execute();
  return rows.map((r) => r.product_id);
}

export async function productExists(db: Kysely<Database>, productId: string): Promise<boolean> {
  const row = await db.selectFrom('products').select('id').where('id', '=', productId).executeTakeFirst();
  return row !== undefined;
}

export async function addFavourite(db: Kysely<Database>, userId: string, productId: string): Promise<void> {
  await db
    .insertInto('favourites')
    .values({ user_id: userId, product_id: productId })
    .onConflict((oc) => oc.columns(['user_id', 'product_id']).doNothing())
    .execute();
}

export async function removeFavourite(db: Kysely<Database>, userId: string, productId: string): Promise<void> {
  await db.deleteFrom('favourites').where('user_id', '=', userId).where('product_id', '=', productId).execute();
}
