import { type PaymentMethod } from '@shambasoko/contracts';
import { type Kysely, type RawBuilder, type Transaction, sql } from 'kysely';
import type { Database, MarketCategory, OrderShippingRow, OrderStatusValue } from '../../../db/schema';
import { genericPlan } from '../../../db/database';
import { type WindowCount, hitSql } from '../../../http/rate-limit-store';
import { webhookListensSql } from '../../integrations';
import { type Recipients, recipientsFromJson, recipientsJsonSql } from '../../notifications';
import { type PaymentJson, orderPaymentsJson } from '../../payments';
import { type NewFulfilment, type PartJson, amountDueSql, newFulfilmentsSql, orderPartsJson } from '../fulfilments/repository';

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
  /** Who runs the shop (null: nobody signs in for it). */
  seller_user_id: string | null;
  /** Whether the shop has a webhook endpoint for `order.placed`. */
  seller_hooked: boolean;
}

interface OrderRow {
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
 * the first commits (then finds the key taken) or rolls back (then claims it itself). With `count`,
 * the same statement counts a hit of that rate limit when, and only when, the key was claimed (a
 * replay is not a new order): `hit` is the window's count then, null otherwise.
 */
export async function claimIdempotencyKey(
  trx: Transaction<Database>,
  userId: string,
  key: string,
  fingerprint: string,
  count?: OrderCount,
): Promise<{ claimed: boolean; hit: WindowCount | null }> {
  const { rows } = await sql<ClaimColumns>`
    with ${claimSql(userId, key, fingerprint, count)}
    select ${claimColumnsSql(count)}
  `.execute(trx);
  const row = rows[0];
  if (row === undefined) throw new Error('the idempotency key claim returned no row');
  return claimOf(row);
}

/**
 * `claimIdempotencyKey` and, when the key was claimed, `lockProducts` in one statement (one round trip
 * fewer while the order's transaction holds its connection, issue 43): a Buy Now order names its
 * products before it starts. The products are locked after the key is claimed and its hit counted
 * (they wait for both), in id order, as `lockProducts` locks them; none when the key was taken. With
 * them, the people the order will notify (`recipients`, for `notifyAll`): one round trip fewer again.
 */
export async function claimKeyAndLockProducts(
  trx: Transaction<Database>,
  userId: string,
  key: string,
  fingerprint: string,
  count: OrderCount | undefined,
  productIds: readonly string[],
): Promise<{ claimed: boolean; hit: WindowCount | null; products: LockedProduct[]; recipients: Recipients }> {
  const after = count === undefined ? sql`exists (select 1 from claim)` : sql`exists (select 1 from hit)`;
  // The people the order's notices go to (the buyer and each shop's user), read along: the notices
  // then need no statement of their own to read them.
  const people = sql`array(
    select ${userId}::uuid
    union select s.user_id from products p join sellers s on s.id = p.seller_id
    where p.id in (${sql.join(productIds.map((id) => sql`${id}::uuid`))}) and s.user_id is not null
  )`;
  const { rows } = await sql<ClaimColumns & { recipients: unknown } & { [K in keyof LockedProduct]: LockedProduct[K] | null }>`
    with ${claimSql(userId, key, fingerprint, count)}
    select ${claimColumnsSql(count)}, case when ${after} then ${recipientsJsonSql(people)} end as recipients, l.*
    from (values (1)) as one (x)
    left join lateral (${lockedProductsSql(productIds, { lock: true, onlyIf: after })}) as l on true
  `.execute(trx);
  const row = rows[0];
  if (row === undefined) throw new Error('the idempotency key claim returned no row');
  const products = rows.flatMap(({ claimed: _claimed, current: _current, ttl: _ttl, recipients: _recipients, ...product }) =>
    product.id === null ? [] : [product as LockedProduct],
  );
  return { ...claimOf(row), products, recipients: recipientsFromJson(row.recipients) };
}

/** The rate limit an order's claim counts a hit of (`hitSql`). */
type OrderCount = { key: string; windowMs: number };

interface ClaimColumns {
  claimed: boolean;
  current: number | null;
  ttl: number | null;
}

/** The claim (and, with `count`, its hit) as common table expressions `claim` and `hit`. */
const claimSql = (userId: string, key: string, fingerprint: string, count: OrderCount | undefined) => sql`
    claim as (
      insert into idempotency_keys (user_id, key, fingerprint) values (${userId}, ${key}, ${fingerprint})
      on conflict (user_id, key) do nothing
      returning key
    )${count === undefined ? sql`` : sql`, hit as (${hitSql(count.key, count.windowMs, sql`exists (select 1 from claim)`)})`}`;

const claimColumnsSql = (count: OrderCount | undefined) =>
  sql`exists (select 1 from claim) as claimed, ${
    count === undefined
      ? sql`null::int as current, null::int as ttl`
      : sql`(select current from hit) as current, (select ttl from hit) as ttl`
  }`;

const claimOf = (row: ClaimColumns): { claimed: boolean; hit: WindowCount | null } => ({
  claimed: row.claimed,
  hit: row.current === null || row.ttl === null ? null : { current: row.current, ttl: row.ttl },
});

export async function findIdempotencyKey(db: Db, userId: string, key: string) {
  return db
    .selectFrom('idempotency_keys')
    .select(['fingerprint', 'order_id'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
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
  const { rows } = await lockedProductsSql(ids, { lock }).execute(trx);
  return rows;
}

/** `lockProducts`' statement; `onlyIf`: a condition all its rows wait for (evaluated once, before any is locked). */
function lockedProductsSql(
  ids: readonly string[],
  { lock, onlyIf }: { lock: boolean; onlyIf?: RawBuilder<unknown> },
): RawBuilder<LockedProduct> {
  return sql<LockedProduct>`
    select p.id, p.name, p.category, p.price, p.stock_quantity, p.seller_id, p.status, p.min_order, p.listing_type,
           p.weight_kg, s.name as seller_name, s.county as seller_county, s.user_id as seller_user_id,
           ${webhookListensSql('shop', sql`s.id`, 'order.placed')} as seller_hooked,
           (select i.path from product_images i where i.product_id = p.id order by i.sort_order, i.id limit 1) as image_path
    from products p join sellers s on s.id = p.seller_id
    where p.id in (${sql.join(ids.map((id) => sql`${id}::uuid`))})${onlyIf === undefined ? sql`` : sql` and ${onlyIf}`}
    order by p.id
    ${lock ? sql`for update of p` : sql``}
  `;
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

/**
 * Writes the order and its lines, takes their stock, links the Idempotency-Key to the order and writes
 * its parts (one per seller, each with its first timeline event), in one statement (five round trips
 * and more before, one per product's stock): the lines and parts come as JSON parameters, whatever
 * their number. `taken` lists the products whose stock was taken: a line is left
 * out when not enough was left (stock never goes below zero, even without the caller's row locks), and
 * the caller then rolls back.
 */
export async function insertOrder(
  trx: Transaction<Database>,
  order: NewOrder,
  lines: readonly Omit<OrderItemRow, 'order_id'>[],
  idempotencyKey: string,
  parts: readonly NewFulfilment[],
): Promise<{ id: string; number: number; taken: string[] }> {
  const json = JSON.stringify(lines);
  const { rows } = await sql<{ id: string; number: number; taken: string[] }>`
    with o as (
      insert into orders (user_id, subtotal, discount, delivery_fee, total, delivery, shipping, payment_method, promo_code, payment_due_at)
      values (${order.userId}, ${order.subtotal}, ${order.discount}, ${order.deliveryFee}, ${order.total}, ${order.delivery},
        ${JSON.stringify(order.shipping)}, ${order.paymentMethod}, ${order.promoCode},
        -- From the database clock, like created_at, so the window is exact whatever the app's clock says.
        now() + make_interval(secs => ${order.paymentWindowMs / 1000}::double precision))
      returning id, number
    ),
    lines as (
      insert into order_items (order_id, product_id, name, unit_price, quantity, image_path, seller_id)
      select o.id, l.product_id, l.name, l.unit_price, l.quantity, l.image_path, l.seller_id
      from o, jsonb_to_recordset(${json}::jsonb)
        as l(product_id uuid, name text, unit_price int8, quantity int8, image_path text, seller_id uuid)
    ),
    taken as (
      update products p set stock_quantity = p.stock_quantity - l.quantity
      from jsonb_to_recordset(${json}::jsonb) as l(product_id uuid, quantity int8)
      where p.id = l.product_id and p.stock_quantity >= l.quantity
      returning p.id
    ),
    claimed as (
      update idempotency_keys k set order_id = o.id from o where k.user_id = ${order.userId} and k.key = ${idempotencyKey}
    ),
    ${newFulfilmentsSql(parts, 'o')}
    select id, number, (select coalesce(json_agg(id), '[]') from taken) as taken from o
  `.execute(trx);
  const created = rows[0];
  if (created === undefined) throw new Error('insert into orders returned no row');
  return created;
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

/** One line of an order as `findOrderViews` writes it. */
type OrderLineJson = [productId: string, name: string, price: number, quantity: number, imagePath: string | null, sellerId: string];

/** An order with all its answer shows: its lines (by name), parts, payment attempts and what it still asks. */
export interface OrderViewRow extends OrderRow {
  lines: OrderLineJson[];
  parts: PartJson[];
  payments: PaymentJson[];
  due: number;
}

/**
 * Orders with everything their answers show, in one statement: the lines, the parts with their sellers
 * and timelines, and the payment attempts come along as JSON. It was six statements in turn (the
 * order, its lines, parts, timelines, attempts and amount due), each a round trip; a checkout's answer
 * is read by it too. `userId` null (an Admin) reads anyone's order.
 */
export async function findOrderViews(
  db: Db,
  userId: string | null,
  which: { orderId: string } | { latest: number },
): Promise<OrderViewRow[]> {
  let query = db
    .selectFrom('orders as o')
    // By id or the buyer's latest: the same plan for any parameters, so it is planned once per
    // connection (planning was 0.4 ms of its 0.55).
    .modifyFront(genericPlan)
    .select(ORDER_COLUMNS.map((c) => `o.${c}` as const))
    .select([
      sql<OrderLineJson[]>`(
        select coalesce(json_agg(json_build_array(i.product_id, i.name, i.unit_price, i.quantity, i.image_path, i.seller_id) order by i.name), '[]')
        from order_items i where i.order_id = o.id
      )`.as('lines'),
      orderPartsJson(sql`o.id`).as('parts'),
      orderPaymentsJson(sql`o.id`).as('payments'),
      amountDueSql(sql`o.id`).as('due'),
    ])
    .$if(userId !== null, (q) => q.where('o.user_id', '=', userId ?? ''));
  query =
    'orderId' in which
      ? query.where('o.id', '=', which.orderId)
      : // A literal: a generic plan that sees `LIMIT $n` plans for fetching 10 % of the rows.
        query.orderBy('o.created_at', 'desc').orderBy('o.number', 'desc').limit(sql.lit(which.latest));
  return query.execute();
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
