import { type Kysely, type RawBuilder, type Transaction, sql } from 'kysely';
import type { PaymentMethod } from '@shambasoko/contracts';
import type { Database, FulfilmentStatusValue, OrderShippingRow, OrderStatusValue } from '../../../db/schema';
import { genericPlan } from '../../../db/database';
import { type DisputeJson, latestDisputeJson } from '../disputes/repository';

type Db = Kysely<Database> | Transaction<Database>;

export interface FulfilmentRow {
  id: string;
  order_id: string;
  seller_id: string;
  status: FulfilmentStatusValue;
  subtotal: number;
  delivery_fee: number;
  preorder: boolean;
  dispatch_note: string | null;
  cancel_reason: string | null;
  created_at: Date;
  seller_name: string;
  seller_county: string;
  seller_phone: string;
  seller_whatsapp: string | null;
  seller_user_id: string | null;
}

export interface EventRow {
  fulfilment_id: string;
  status: FulfilmentStatusValue;
  note: string | null;
  by: string | null;
  created_at: Date;
}

function fulfilmentQuery(db: Db) {
  return db
    .selectFrom('order_fulfilments as f')
    .innerJoin('sellers as s', 's.id', 'f.seller_id')
    .select([
      'f.id',
      'f.order_id',
      'f.seller_id',
      'f.status',
      'f.subtotal',
      'f.delivery_fee',
      'f.preorder',
      'f.dispatch_note',
      'f.cancel_reason',
      'f.created_at',
      's.name as seller_name',
      's.county as seller_county',
      's.phone as seller_phone',
      's.whatsapp as seller_whatsapp',
      's.user_id as seller_user_id',
    ]);
}

/** A part's timeline as a JSON array (by event id), `fulfilmentId` a column of the enclosing statement. */
const eventsJson = (fulfilmentId: RawBuilder<string>) => sql<SaleEventJson[]>`(
  select coalesce(json_agg(json_build_array(e.status, e.note, u.full_name, e.created_at) order by e.id), '[]')
  from fulfilment_events e left join users u on u.id = e.actor_id where e.fulfilment_id = ${fulfilmentId}
)`;

/** One part of an order as `orderPartsJson` writes it. */
export type PartJson = [
  id: string,
  sellerId: string,
  status: FulfilmentStatusValue,
  subtotal: number,
  deliveryFee: number,
  preorder: boolean,
  dispatchNote: string | null,
  cancelReason: string | null,
  sellerName: string,
  sellerCounty: string,
  sellerPhone: string,
  sellerWhatsapp: string | null,
  events: SaleEventJson[],
];

/**
 * The parts of the order `orderId` names (a column of the enclosing statement), by seller name, each
 * with its seller and its timeline, as a JSON array: an order's answer reads them in its own statement.
 */
export const orderPartsJson = (orderId: RawBuilder<string>) => sql<PartJson[]>`(
  select coalesce(json_agg(json_build_array(f.id, f.seller_id, f.status, f.subtotal, f.delivery_fee, f.preorder, f.dispatch_note,
    f.cancel_reason, s.name, s.county, s.phone, s.whatsapp, ${eventsJson(sql`f.id`)}) order by s.name, f.id), '[]')
  from order_fulfilments f join sellers s on s.id = f.seller_id where f.order_id = ${orderId}
)`;

/** A sale's order columns, read with its part. */
export interface SaleOrderColumns {
  order_number: number;
  payment_method: PaymentMethod;
  shipping: OrderShippingRow;
  delivery: 'standard' | 'express';
}

/** One line of a sale as the page statement writes it: product id, name, unit price, quantity, image path. */
type SaleLineJson = [productId: string, name: string, price: number, quantity: number, imagePath: string | null];
/** One timeline event as the page statement writes it: status, note, who (name), when (timestamptz text). */
export type SaleEventJson = [status: FulfilmentStatusValue, note: string | null, by: string | null, at: string];

export interface SalePageRow extends FulfilmentRow, SaleOrderColumns {
  lines: SaleLineJson[];
  events: SaleEventJson[];
  dispute: DisputeJson | null;
}

/**
 * A page of the Sales of the seller `userId` runs, newest first, in one statement: each part with its
 * order's columns, its lines (by name), its timeline (by event id) and its latest dispute as JSON, and
 * the total. The seller is a scalar subquery (run once), not a join: with a join the planner cannot read
 * the page in the `(seller_id, created_at desc)` index's order, and it joined and sorted every sale of
 * the shop (27 ms instead of ~1). The page is left-joined to the total, so a page past the end (or a
 * caller without a shop) still answers its total in the same statement. It was 4 statements in 2 round
 * trips (the page; then lines, timelines and disputes side by side), and each round trip under load
 * cost more than the statements (core-api README, Request overhead under load). Its best plan is the
 * same whatever the seller or page, so it keeps a generic plan (planning was ~0.65 of its ~1.6 ms); the
 * limit is a literal, since a generic plan that sees `LIMIT $n` plans for fetching 10 % of the rows.
 * A single sale is read by the same statement (`only`), so the list and the sale's own answer are one shape.
 */
export async function findSalesPage(
  db: Kysely<Database>,
  userId: string,
  statuses: readonly FulfilmentStatusValue[] | null,
  page0: number,
  pageSize: number,
  /** One sale of the seller's (GET /v1/seller/sales/:id, the answer after a step): the page holds it or nothing. */
  only?: string,
): Promise<{ rows: SalePageRow[]; total: number }> {
  const status = (alias: string) => (statuses === null ? sql`` : sql` and ${sql.ref(`${alias}.status`)} in (${sql.join(statuses)})`);
  // For one sale the total counts that sale only: the shop's count would be read and thrown away.
  const one = (alias: string) => (only === undefined ? sql`` : sql` and ${sql.ref(`${alias}.id`)} = ${only}`);
  const { rows } = await sql<{ total: number } & ({ [K in keyof SalePageRow]: SalePageRow[K] } | { [K in keyof SalePageRow]: null })>`
    ${genericPlan}with seller as (select id from sellers where user_id = ${userId}),
    total as (select count(*) as total from order_fulfilments c where c.seller_id = (select id from seller)${status('c')}${one('c')}),
    page as (
      select f.id, f.order_id, f.seller_id, f.status, f.subtotal, f.delivery_fee, f.preorder, f.dispatch_note, f.cancel_reason,
        f.created_at, s.name as seller_name, s.county as seller_county, s.phone as seller_phone, s.whatsapp as seller_whatsapp,
        s.user_id as seller_user_id, o.number as order_number, o.payment_method, o.shipping, o.delivery
      from order_fulfilments f
      join sellers s on s.id = f.seller_id
      join orders o on o.id = f.order_id
      where f.seller_id = (select id from seller)${status('f')}${one('f')}
      order by f.created_at desc
      limit ${sql.lit(pageSize)} offset ${(page0 - 1) * pageSize}
    )
    select total.total, page.*,
      (select coalesce(json_agg(json_build_array(i.product_id, i.name, i.unit_price, i.quantity, i.image_path) order by i.name), '[]')
        from order_items i where i.order_id = page.order_id and i.seller_id = page.seller_id) as lines,
      ${eventsJson(sql`page.id`)} as events,
      ${latestDisputeJson(db, sql<string>`page.id`)} as dispute
    from total left join page on true
    order by page.created_at desc
  `.execute(db);
  const total = Number(rows[0]?.total ?? 0);
  const parts = rows.filter((row): row is { total: number } & SalePageRow => row.id !== null);
  return { rows: parts.map(({ total: _, ...row }) => row), total };
}

export async function findSale(db: Db, sellerId: string, fulfilmentId: string): Promise<FulfilmentRow | undefined> {
  return fulfilmentQuery(db).where('f.id', '=', fulfilmentId).where('f.seller_id', '=', sellerId).executeTakeFirst();
}

/** Locks the order row first, as every step does, so sibling parts never race on the order's status. */
export async function lockOrder(trx: Kysely<Database>, orderId: string) {
  return trx
    .selectFrom('orders')
    .select(['id', 'number', 'user_id', 'status', 'payment_method'])
    .where('id', '=', orderId)
    .forUpdate()
    .executeTakeFirst();
}

/** What a part costs the buyer: its items less its share of the discount, plus its delivery. */
const partAmount = sql<number>`(subtotal - discount + delivery_fee)::int8`;

export async function lockFulfilments(trx: Kysely<Database>, orderId: string) {
  return trx
    .selectFrom('order_fulfilments')
    .select(['id', 'seller_id', 'status', 'preorder', partAmount.as('amount')])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** What an order's parts awaiting payment ask together (cancelled, expired and paid ones ask nothing). */
const dueSum = sql<number>`sum(subtotal - discount + delivery_fee)::int8`;

/** What the order `orderId` names (a column of the enclosing statement) still asks, as findAmountsDue counts it. */
export const amountDueSql = (orderId: RawBuilder<string>) =>
  sql<number>`(select coalesce(${dueSum}, 0) from order_fulfilments where order_id = ${orderId} and status = 'awaiting_payment')`;

/** What each order still asks: the sum of its parts awaiting payment (cancelled, expired and paid ones are not). */
export async function findAmountsDue(db: Db, orderIds: readonly string[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('order_fulfilments')
    .select(['order_id', dueSum.as('due')])
    .where('order_id', 'in', orderIds)
    .where('status', '=', 'awaiting_payment')
    .groupBy('order_id')
    .execute();
  return new Map(rows.map((r) => [r.order_id, r.due]));
}

export interface FulfilmentChange {
  status: FulfilmentStatusValue;
  note?: string | null;
  actorId: string | null;
}

/** Moves one part on and writes its timeline event. */
export async function setFulfilmentStatus(trx: Kysely<Database>, id: string, change: FulfilmentChange): Promise<void> {
  const now = sql<Date>`now()`;
  const note = change.note ?? null;
  const stamp =
    change.status === 'paid'
      ? { paid_at: now, paid_by: change.actorId }
      : change.status === 'accepted'
        ? { accepted_at: now }
        : change.status === 'ready_to_dispatch'
          ? { ready_at: now }
          : change.status === 'dispatched'
            ? { dispatched_at: now, dispatch_note: note }
            : change.status === 'delivered'
              ? { delivered_at: now }
              : change.status === 'cancelled'
                ? { cancelled_at: now, cancelled_by: change.actorId, cancel_reason: note }
                : {};
  await trx
    .updateTable('order_fulfilments')
    .set({ status: change.status, ...stamp })
    .where('id', '=', id)
    .execute();
  await trx.insertInto('fulfilment_events').values({ fulfilment_id: id, status: change.status, note, actor_id: change.actorId }).execute();
}

/** The lines of these sellers' parts of an order: what goes back to stock. */
export async function findSellerLines(db: Db, orderId: string, sellerIds: readonly string[]) {
  if (sellerIds.length === 0) return [];
  return db
    .selectFrom('order_items')
    .select(['product_id', 'quantity'])
    .where((eb) => eb.and([eb('order_id', '=', orderId), eb('seller_id', 'in', sellerIds)]))
    .execute();
}

export interface NewFulfilment {
  seller_id: string;
  subtotal: number;
  /** This part's share of the order's discount. */
  discount: number;
  delivery_fee: number;
  preorder: boolean;
}

/**
 * An order's parts and each one's first timeline event, as two items of the statement that writes the
 * order (orders/repository.ts `insertOrder`): `orderItem` names the item that returned the order's id.
 * A statement of their own was a round trip more in every checkout.
 */
export function newFulfilmentsSql(parts: readonly NewFulfilment[], orderItem: string): RawBuilder<unknown> {
  const rows = JSON.stringify(parts);
  return sql`
    new_parts as (
      insert into order_fulfilments (order_id, seller_id, subtotal, discount, delivery_fee, preorder)
      select ${sql.ref(`${orderItem}.id`)}, p.seller_id, p.subtotal, p.discount, p.delivery_fee, p.preorder
      from ${sql.table(orderItem)}, jsonb_to_recordset(${rows}::jsonb)
        as p(seller_id uuid, subtotal int8, discount int8, delivery_fee int8, preorder boolean)
      returning id
    ),
    new_part_events as (
      insert into fulfilment_events (fulfilment_id, status) select id, 'awaiting_payment' from new_parts
    )`;
}

export async function updateOrderStatus(trx: Kysely<Database>, orderId: string, status: OrderStatusValue): Promise<void> {
  await trx.updateTable('orders').set({ status }).where('id', '=', orderId).execute();
}

/** Orders holding a part still waiting for payment: the seller's sales, or the buyer's orders. */
export async function findWaitingOrders(db: Db, who: { sellerId: string } | { userId: string }): Promise<string[]> {
  let query = db.selectFrom('order_fulfilments as f').select('f.order_id').distinct().where('f.status', '=', 'awaiting_payment');
  query =
    'sellerId' in who
      ? query.where('f.seller_id', '=', who.sellerId)
      : query.innerJoin('orders as o', 'o.id', 'f.order_id').where('o.user_id', '=', who.userId);
  return (await query.execute()).map((row) => row.order_id);
}

/** The seller's parts paid for and not yet delivered (cancelled and expired parts are over too). */
export async function findPaidUndelivered(db: Db, sellerId: string): Promise<Array<{ number: number }>> {
  return db
    .selectFrom('order_fulfilments as f')
    .innerJoin('orders as o', 'o.id', 'f.order_id')
    .select('o.number')
    .where('f.seller_id', '=', sellerId)
    .where('f.status', 'in', ['paid', 'accepted', 'ready_to_dispatch', 'dispatched'])
    .orderBy('o.number')
    .execute();
}
