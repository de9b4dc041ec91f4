import { type Kysely, type RawBuilder, sql } from 'kysely';
import { NAIROBI_UTC_OFFSET_HOURS, startOfNairobiDay } from '@shambasoko/contracts/time';
import type { Database, FulfilmentStatusValue, OrderStatusValue } from '../../../db/schema';

type Db = Kysely<Database>;

/** A part's amount for its buyer: the same sum as fulfilments' partAmount. */
const PART_AMOUNT = sql`(f.subtotal - f.discount + f.delivery_fee)`;
/** A part whose money has arrived and that was not called off afterwards. */
const PAID_PART = sql`f.status in ('paid', 'accepted', 'ready_to_dispatch', 'dispatched', 'delivered')`;
/** Nairobi's calendar day of a moment (a fixed offset all year: no time-zone data needed). */
const nairobiDay = (column: RawBuilder<unknown>) =>
  sql`((${column} at time zone 'UTC') + make_interval(hours => ${sql.lit(NAIROBI_UTC_OFFSET_HOURS)}))::date`;

export interface InFlightRow {
  id: string;
  number: number;
  status: OrderStatusValue;
  total: number;
  created_at: Date;
  payment_due_at: Date | null;
  item_count: number;
  first_item: string | null;
  parts: FulfilmentStatusValue[];
  preorder_parts: boolean[];
}

/** The buyer's orders not yet delivered, cancelled or expired, newest first, with their parts' states. */
export async function findInFlight(db: Db, userId: string, limit: number): Promise<InFlightRow[]> {
  const { rows } = await sql<InFlightRow>`
    select o.id, o.number, o.status, o.total, o.created_at, o.payment_due_at,
      (select coalesce(sum(i.quantity), 0)::int from order_items i where i.order_id = o.id) as item_count,
      (select i.name from order_items i where i.order_id = o.id order by i.name limit 1) as first_item,
      coalesce(array(select f.status::text from order_fulfilments f where f.order_id = o.id order by f.id), '{}') as parts,
      coalesce(array(select f.preorder from order_fulfilments f where f.order_id = o.id order by f.id), '{}') as preorder_parts
    from orders o
    where o.user_id = ${userId}::uuid and o.status in ('pending_payment', 'paid', 'shipped')
    order by o.created_at desc, o.id
    limit ${limit}
  `.execute(db);
  return rows;
}

/** Unpaid orders of the buyer: how many and what they come to. */
export async function findPaymentsWaiting(db: Db, userId: string): Promise<{ count: number; total: number }> {
  const { rows } = await sql<{ count: number; total: number }>`
    select count(*)::int as count, coalesce(sum(o.total), 0)::int8 as total
    from orders o where o.user_id = ${userId}::uuid and o.status = 'pending_payment'
  `.execute(db);
  return rows[0] ?? { count: 0, total: 0 };
}

export async function countDeliveriesOnTheWay(db: Db, userId: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from order_fulfilments f join orders o on o.id = f.order_id
    where o.user_id = ${userId}::uuid and f.status = 'dispatched'
  `.execute(db);
  return rows[0]?.n ?? 0;
}

export interface PastOrderRow {
  id: string;
  number: number;
  created_at: Date;
  total: number;
}

export async function findRecentPaidOrders(db: Db, userId: string, limit: number): Promise<PastOrderRow[]> {
  const { rows } = await sql<PastOrderRow>`
    select o.id, o.number, o.created_at, o.total from orders o
    where o.user_id = ${userId}::uuid and o.status in ('paid', 'shipped', 'delivered')
    order by o.created_at desc, o.id limit ${limit}
  `.execute(db);
  return rows;
}

export interface LineRow {
  order_id: string;
  seller_id: string;
  product_id: string;
  name: string;
  quantity: number;
  price: number;
  available: boolean;
}

/** The orders' lines with today's price and whether the same quantity can be bought again now. */
export async function findLinesToday(db: Db, orderIds: readonly string[]): Promise<LineRow[]> {
  if (orderIds.length === 0) return [];
  const { rows } = await sql<LineRow>`
    select i.order_id, i.seller_id, i.product_id, coalesce(p.name, i.name) as name, i.quantity,
      coalesce(p.price, i.unit_price) as price,
      coalesce(p.status = 'active' and p.deleted_at is null and p.category <> 'services'
        and p.stock_quantity >= greatest(i.quantity, p.min_order), false) as available
    from order_items i left join products p on p.id = i.product_id
    where i.order_id in (${sql.join(orderIds.map((id) => sql`${id}::uuid`))})
    order by i.order_id, i.name, i.product_id
  `.execute(db);
  return rows;
}

export interface BackInStockRow {
  product_id: string;
  name: string;
  price: number;
  unit: string;
  stock: number;
}

/** Favourites on sale now whose stock was raised in the last 30 days, after they were favourited. */
export async function findFavouritesBackInStock(db: Db, userId: string, limit: number): Promise<BackInStockRow[]> {
  const { rows } = await sql<BackInStockRow>`
    select p.id as product_id, p.name, p.price, p.unit, p.stock_quantity as stock
    from favourites fav join products p on p.id = fav.product_id
    cross join lateral (
      select max(a.created_at) as restocked_at from stock_adjustments a
      where a.product_id = p.id and a.delta > 0 and a.created_at > greatest(fav.created_at, now() - interval '30 days')
    ) r
    where fav.user_id = ${userId}::uuid and p.status = 'active' and p.deleted_at is null and p.stock_quantity > 0
      and r.restocked_at is not null
    order by r.restocked_at desc, p.id limit ${limit}
  `.execute(db);
  return rows;
}

export interface SupplierRow {
  seller_id: string;
  name: string;
  county: string;
  last_order_id: string;
  last_order_number: number;
  last_order_at: Date;
  order_count: number;
  total_spent: number;
}

/** Sellers of the buyer's orders (cancelled and expired parts aside), latest order first. */
export async function findSuppliers(db: Db, userId: string, limit: number): Promise<SupplierRow[]> {
  const { rows } = await sql<SupplierRow>`
    with parts as (
      select f.seller_id, o.id as order_id, o.number, o.created_at,
        case when ${PAID_PART} then ${PART_AMOUNT} else 0 end as spent
      from order_fulfilments f join orders o on o.id = f.order_id
      where o.user_id = ${userId}::uuid and f.status not in ('cancelled', 'expired')
    ), per_seller as (
      select seller_id, count(distinct order_id)::int as order_count, sum(spent)::int8 as total_spent,
        (array_agg(order_id order by created_at desc, order_id))[1] as last_order_id
      from parts group by seller_id
    )
    select ps.seller_id, s.name, s.county, ps.last_order_id, o.number as last_order_number,
      o.created_at as last_order_at, ps.order_count, ps.total_spent
    from per_seller ps join sellers s on s.id = ps.seller_id join orders o on o.id = ps.last_order_id
    order by o.created_at desc, ps.seller_id limit ${limit}
  `.execute(db);
  return rows;
}

// ---- the seller's home --------------------------------------------------------------------------

export interface ShopRow {
  id: string;
  name: string;
  rating: number;
  review_count: number;
}

export async function findShop(db: Db, userId: string): Promise<ShopRow | undefined> {
  const { rows } = await sql<ShopRow>`
    select id, name, rating::float8 as rating, review_count from sellers
    where user_id = ${userId}::uuid and closed_at is null
  `.execute(db);
  return rows[0];
}

export interface HomeSaleRow {
  id: string;
  number: number;
  buyer_name: string;
  amount: number;
  item_count: number;
  preorder: boolean;
  status: FulfilmentStatusValue;
  created_at: Date;
}

/** Parts of the shop waiting on the seller: paid (to accept) and accepted or ready (to dispatch), oldest first. */
export async function findSalesToHandle(db: Db, sellerId: string, limit: number): Promise<HomeSaleRow[]> {
  const { rows } = await sql<HomeSaleRow>`
    select f.id, o.number, trim(coalesce(o.shipping->>'firstName', '') || ' ' || coalesce(o.shipping->>'lastName', '')) as buyer_name,
      ${PART_AMOUNT}::int8 as amount, f.preorder, f.status, f.created_at,
      (select coalesce(sum(i.quantity), 0)::int from order_items i where i.order_id = f.order_id and i.seller_id = f.seller_id) as item_count
    from order_fulfilments f join orders o on o.id = f.order_id
    where f.seller_id = ${sellerId}::uuid
      and (f.status in ('paid', 'ready_to_dispatch') or (f.status = 'accepted' and not f.preorder))
    order by f.created_at, f.id limit ${limit}
  `.execute(db);
  return rows;
}

/** Paid sales per Nairobi day from `fromDay` (YYYY-MM-DD) on, by the day the money arrived. */
export async function findDailySales(
  db: Db,
  sellerId: string,
  fromDay: string,
): Promise<Array<{ day: string; total: number; count: number }>> {
  const day = nairobiDay(sql`f.paid_at`);
  const { rows } = await sql<{ day: string; total: number; count: number }>`
    select to_char(${day}, 'YYYY-MM-DD') as day, sum(${PART_AMOUNT})::int8 as total, count(*)::int as count
    from order_fulfilments f
    where f.seller_id = ${sellerId}::uuid and f.paid_at is not null and ${PAID_PART}
      and f.paid_at >= ${startOfNairobiDay(fromDay)}
    group by 1 order by 1
  `.execute(db);
  return rows;
}

export interface LowStockRow {
  id: string;
  name: string;
  stock: number;
  unit: string;
}

export async function findLowStock(db: Db, sellerId: string, atMost: number, limit: number): Promise<LowStockRow[]> {
  const { rows } = await sql<LowStockRow>`
    select p.id, p.name, p.stock_quantity as stock, p.unit from products p
    where p.seller_id = ${sellerId}::uuid and p.status = 'active' and p.deleted_at is null
      and p.listing_type = 'stock' and p.category <> 'services' and p.stock_quantity <= ${atMost}
    order by p.stock_quantity, p.name, p.id limit ${limit}
  `.execute(db);
  return rows;
}

export interface PreorderRow {
  id: string;
  name: string;
  available_from: string | null;
  stock: number;
  unit: string;
  open_orders: number;
}

export async function findPreorders(db: Db, sellerId: string, limit: number): Promise<PreorderRow[]> {
  const { rows } = await sql<PreorderRow>`
    select p.id, p.name, to_char(p.available_from, 'YYYY-MM-DD') as available_from, p.stock_quantity as stock, p.unit,
      (select count(distinct f.id)::int from order_items i
        join order_fulfilments f on f.order_id = i.order_id and f.seller_id = i.seller_id
        where i.product_id = p.id and f.status in ('awaiting_payment', 'paid', 'accepted', 'ready_to_dispatch')) as open_orders
    from products p
    where p.seller_id = ${sellerId}::uuid and p.status = 'active' and p.deleted_at is null and p.listing_type = 'preorder'
    order by p.available_from nulls last, p.name, p.id limit ${limit}
  `.execute(db);
  return rows;
}

export interface ReviewRow {
  product_id: string;
  product_name: string;
  reviewer_name: string;
  rating: number;
  comment: string;
  created_at: Date;
}

export async function findLatestReviews(db: Db, sellerId: string, limit: number): Promise<ReviewRow[]> {
  const { rows } = await sql<ReviewRow>`
    select r.product_id, p.name as product_name, r.reviewer_name, r.rating, r.comment, r.created_at
    from reviews r join products p on p.id = r.product_id
    where p.seller_id = ${sellerId}::uuid
    order by r.created_at desc, r.id limit ${limit}
  `.execute(db);
  return rows;
}
