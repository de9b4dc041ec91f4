import { type Kysely, type Transaction, sql } from 'kysely';
import type { Database } from '../../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export interface CartLineRow {
  product_id: string;
  quantity: number;
  name: string;
  price: number;
  stock_quantity: number;
  county: string;
  rating: number;
  seller_name: string;
  image_path: string | null;
  harvest_expected: string | null;
}

export interface StockRow {
  id: string;
  name: string;
  stock_quantity: number;
}

/** The user's cart id, created on first use. */
export async function ensureCart(db: Db, userId: string): Promise<string> {
  const row = await db
    .insertInto('carts')
    .values({ user_id: userId })
    // "do update" rather than "do nothing" so returning always yields the row.
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ user_id: userId }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findCartLines(db: Db, userId: string): Promise<CartLineRow[]> {
  const { rows } = await sql<CartLineRow>`
    select ci.product_id, ci.quantity, p.name, p.price, p.stock_quantity, p.county, p.rating::float8 as rating,
           s.name as seller_name,
           (select i.path from product_images i where i.product_id = p.id order by i.sort_order, i.id limit 1) as image_path,
           case when p.listing_type = 'preorder' then to_char(p.available_from, 'YYYY-MM-DD') end as harvest_expected
    from carts c
    join cart_items ci on ci.cart_id = c.id
    join products p on p.id = ci.product_id
    join sellers s on s.id = p.seller_id
    where c.user_id = ${userId}
    order by ci.added_at, ci.product_id
  `.execute(db);
  return rows;
}

export async function findQuantity(db: Db, cartId: string, productId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('cart_items')
    .select('quantity')
    .where('cart_id', '=', cartId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  return row?.quantity;
}

/** Only listings on sale: a paused or taken-down one cannot go into a cart (checkout refuses it too). */
export async function findStock(db: Db, productIds: readonly string[]): Promise<StockRow[]> {
  if (productIds.length === 0) return [];
  return db
    .selectFrom('products')
    .select(['id', 'name', 'stock_quantity'])
    .where('id', 'in', productIds)
    .where('status', '=', 'active')
    .execute();
}

export async function setQuantity(db: Db, cartId: string, productId: string, quantity: number): Promise<void> {
  await db
    .insertInto('cart_items')
    .values({ cart_id: cartId, product_id: productId, quantity })
    .onConflict((oc) => oc.columns(['cart_id', 'product_id']).doUpdateSet({ quantity }))
    .execute();
}

export async function removeItem(db: Db, cartId: string, productId: string): Promise<number> {
  const result = await db.deleteFrom('cart_items').where('cart_id', '=', cartId).where('product_id', '=', productId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function clearCart(db: Db, userId: string): Promise<void> {
  await db
    .deleteFrom('cart_items')
    .where('cart_id', 'in', (eb) => eb.selectFrom('carts').select('id').where('user_id', '=', userId))
    .execute();
}
