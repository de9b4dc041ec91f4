import { type PaymentMethod } from '@shambasoko/contracts';
import { type Kysely, type Transaction, sql } from 'kysely';
import type { Database, MarketCategory, OrderShippingRow, OrderStatusValue } from '../../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export interface LockedProduct {
  id: string;
  name: string;
  category: MarketCategory;
  price: number;
  stock_quantity: number;
  image_path: string | null;
  seller_id: string;
  status: 'active' | 'paused' | 'deleted';
  min_order: number;
  listing_type: 'stock' | 'preorder';
  /** numeric: read as text. */
  weight_kg: string;
  seller_name: string;
  seller_county: string;
}

export interface OrderRow {
  id: string;
  number: number;
  status: OrderStatusValue;
  subtotal: number;
  discount: number;
  delivery_fee: number;
  total: number;
  delivery: 'standard' | 'express';
  shipping: OrderShippingRow;
  payment_method: PaymentMethod;
  card_brand: string | null;
  card_last4: string | null;
  promo_code: string | null;
  payment_due_at: Date | null;
  expired_at: Date | null;
  status_reason: string | null;
  created_at: Date;
}

export interface OrderItemRow {
  order_id: string;
  product_id: string;
  name: string;
  unit_price: number;
  quantity: number;
  image_path: string | null;
  seller_id: string;
}

/**
 * Claims the key for this user. On PostgreSQL a second request with the same key waits here until
 * the first commits (then finds the key taken) or rolls back (then claims it itself).
 */
export async function claimIdempotencyKey(trx: Transaction<Database>, userId: string, key: string, fingerprint: string): Promise<boolean> {
  const row = await trx
    .insertInto('idempotency_keys')
    .values({ user_id: userId, key, fingerprint })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return row !== undefined;
}

export async function findIdempotencyKey(db: Db, userId: string, key: string) {
  return db
    .selectFrom('idempotency_keys')
    .select(['fingerprint', 'order_id'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
}

export async function attachOrderToKey(trx: Transaction<Database>, userId: string, key: string, orderId: string): Promise<void> {
  await trx.updateTable('idempotency_keys').set({ order_id: orderId }).where('user_id', '=', userId).where('key', '=', key).execute();
}

export async function findCartLinesForOrder(
  trx: Transaction<Database>,
  userId: string,
): Promise<{ productId: string; quantity: number }[]> {
  // The cart row is locked first: every cart edit upserts that row and a second checkout of the same
  // cart reads it, so both wait until this order commits; the lines read here are the lines cleared.
  await trx.selectFrom('carts').select('id').where('user_id', '=', userId).forUpdate().execute();
  const rows = await trx
    .selectFrom('cart_items as ci')
    .innerJoin('carts as c', 'c.id', 'ci.cart_id')
    .select(['ci.product_id', 'ci.quantity'])
    .where('c.user_id', '=', userId)
    .orderBy('ci.added_at')
    .execute();
  return rows.map((r) => ({ productId: r.product_id, quantity: r.quantity }));
}

/**
 * Reads current prices, stock and each product's seller; with `lock`, locks the rows (in id order,
 * so two orders never wait on each other crosswise).
 */
export async function lockProducts(trx: Db, ids: readonly string[], lock = true): Promise<LockedProduct[]> {
  const { rows } = await sql<LockedProduct>`
    select p.id, p.name, p.category, p.price, p.stock_quantity, p.seller_id, p.status, p.min_order, p.listing_type,
           p.weight_kg, s.name as seller_name, s.county as seller_county,
           (select i.path from product_images i where i.product_id = p.id order by i.sort_order, i.id limit 1) as image_path
    from products p join sellers s on s.id = p.seller_id
    where p.id in (${sql.join(ids.map((id) => sql`${id}::uuid`))})
    order by p.id
    ${lock ? sql`for update of p` : sql``}
  `.execute(trx);
  return rows;
}

/** Never below zero: the row only changes when enough is left. False when it was not. */
export async function decrementStock(trx: Transaction<Database>, productId: string, quantity: number): Promise<boolean> {
  const result = await trx
    .updateTable('products')
    .set((eb) => ({ stock_quantity: eb('stock_quantity', '-', quantity) }))
    .where('id', '=', productId)
    .where('stock_quantity', '>=', quantity)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface NewOrder {
  userId: string;
  subtotal: number;
  discount: number;
  deliveryFee: number;
  total: number;
  delivery: 'standard' | 'express';
  shipping: OrderShippingRow;
  paymentMethod: PaymentMethod;
  promoCode: string | null;
  /** How long the order waits for payment before it expires. */
  paymentWindowMs: number;
}

export async function insertOrder(trx: Transaction<Database>, order: NewOrder): Promise<{ id: string; number: number }> {
  return trx
    .insertInto('orders')
    .values({
      user_id: order.userId,
      subtotal: order.subtotal,
      discount: order.discount,
      delivery_fee: order.deliveryFee,
      total: order.total,
      delivery: order.delivery,
      shipping: JSON.stringify(order.shipping),
      payment_method: order.paymentMethod,
      promo_code: order.promoCode,
      // From the database clock, like created_at, so the window is exact whatever the app's clock says.
      payment_due_at: sql<Date>`now() + make_interval(secs => ${order.paymentWindowMs / 1000}::double precision)`,
    })
    .returning(['id', 'number'])
    .executeTakeFirstOrThrow();
}

export async function insertOrderItems(trx: Transaction<Database>, items: readonly OrderItemRow[]): Promise<void> {
  await trx
    .insertInto('order_items')
    .values([...items])
    .execute();
}

const ORDER_COLUMNS = [
  'id',
  'number',
  'status',
  'subtotal',
  'discount',
  'delivery_fee',
  'total',
  'delivery',
  'shipping',
  'payment_method',
  'card_brand',
  'card_last4',
  'promo_code',
  'payment_due_at',
  'expired_at',
  'status_reason',
  'created_at',
] as const;

/** The caller's order; with `userId` null (an Admin), anyone's. */
export async function findOrder(db: Db, userId: string | null, orderId: string): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .select(ORDER_COLUMNS)
    .where('id', '=', orderId)
    .$if(userId !== null, (q) => q.where('user_id', '=', userId ?? ''))
    .executeTakeFirst();
}

export async function findOrders(db: Db, userId: string, limit: number): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .select(ORDER_COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('number', 'desc')
    .limit(limit)
    .execute();
}

export async function findOrderItems(db: Db, orderIds: readonly string[]): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('order_items')
    .select(['order_id', 'product_id', 'name', 'unit_price', 'quantity', 'image_path', 'seller_id'])
    .where('order_id', 'in', orderIds)
    .orderBy('name')
    .execute();
}

interface DueOrder {
  id: string;
  number: number;
  /** Null once the buyer erased their account (the order is kept, anonymised). */
  user_id: string | null;
  created_at: Date;
  payment_due_at: Date;
}

/**
 * Unpaid orders past their payment window, locked. `skip locked`: an order that a payment or a
 * cancel holds right now is left to the next run rather than waited for.
 */
export async function findDueOrders(db: Db, now: Date, limit: number): Promise<DueOrder[]> {
  const rows = await db
    .selectFrom('orders')
    .select(['id', 'number', 'user_id', 'created_at', 'payment_due_at'])
    .where('status', '=', 'pending_payment')
    .where('payment_due_at', '<=', now)
    // An attempt still waiting for its answer is settled first (the reconcile job's status query):
    // an M-Pesa order expires only once the query confirmed no payment.
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('payments')
            .select('payments.id')
            .whereRef('payments.order_id', '=', 'orders.id')
            .where('payments.status', '=', 'pending'),
        ),
      ),
    )
    .orderBy('payment_due_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
  return rows.flatMap((r) => (r.payment_due_at === null ? [] : [{ ...r, payment_due_at: r.payment_due_at }]));
}

/** Locks products in id order (as checkout does) and reads their stock. */
export async function lockProductStock(
  db: Db,
  ids: readonly string[],
): Promise<Array<{ id: string; category: MarketCategory; stock_quantity: number }>> {
  if (ids.length === 0) return [];
  return db.selectFrom('products').select(['id', 'category', 'stock_quantity']).where('id', 'in', ids).orderBy('id').forUpdate().execute();
}

export async function returnStock(db: Db, productId: string, quantity: number): Promise<void> {
  await db
    .updateTable('products')
    .set((eb) => ({ stock_quantity: eb('stock_quantity', '+', quantity) }))
    .where('id', '=', productId)
    .execute();
}

/** False when the order no longer waits for payment (nothing changes then). */
export async function markExpired(db: Db, orderId: string, now: Date, reason: string): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ status: 'expired', expired_at: now, status_reason: reason })
    .where('id', '=', orderId)
    .where('status', '=', 'pending_payment')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteRedemptions(db: Db, orderIds: readonly string[]): Promise<void> {
  await db.deleteFrom('promo_redemptions').where('order_id', 'in', orderIds).execute();
}
