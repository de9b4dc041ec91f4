import { type Kysely, sql } from 'kysely';
import { NAIROBI_UTC_OFFSET_HOURS } from '@shambasoko/contracts/time';
import type { Database } from '../../db/schema';

// Every figure here is money that was paid: a seller's part of an order counts from the moment it is
// paid (paid_at, set by a settled payment or a mark-paid) unless it was later cancelled (refunded).
// Unpaid, expired and cancelled parts count nowhere. A part's amount is what the buyer paid for it:
// subtotal − its share of the discount + its delivery fee. Dates and months are Nairobi's.

/** A report's bounds as instants: from the first day's midnight in Nairobi to the day after the last. */
export interface Bounds {
  start: Date;
  end: Date;
}

const PAID = sql`f.paid_at is not null and f.status <> 'cancelled'`;
const nairobiMonth = (column: string) =>
  sql<string>`to_char((${sql.ref(column)} at time zone 'UTC') + make_interval(hours => ${sql.lit(NAIROBI_UTC_OFFSET_HOURS)}), 'YYYY-MM')`;
const partAmount = sql`(f.subtotal - f.discount + f.delivery_fee)`;
const int = (value: unknown) => Number(value ?? 0);

/** The shops the account runs (one in practice); a report never reads another seller's rows. */
const shopsOf = (userId: string) => sql`(select s.id from sellers s where s.user_id = ${userId})`;

export async function salesFigures(db: Kysely<Database>, userId: string, b: Bounds) {
  const inRange = sql`f.seller_id in ${shopsOf(userId)} and ${PAID} and f.paid_at >= ${b.start} and f.paid_at < ${b.end}`;
  const [totals, byProduct, byCounty, byMonth] = await Promise.all([
    sql<{ orders: string; revenue: string; units: string }>`
      select count(*) as orders, coalesce(sum(${partAmount}), 0)::int8 as revenue,
        coalesce((select sum(i.quantity) from order_items i join order_fulfilments f on f.order_id = i.order_id and f.seller_id = i.seller_id
          where ${inRange}), 0)::int8 as units
      from order_fulfilments f where ${inRange}`.execute(db),
    sql<{ product_id: string; name: string; units: string; revenue: string }>`
      select i.product_id, max(i.name) as name, sum(i.quantity)::int8 as units, sum(i.unit_price * i.quantity)::int8 as revenue
      from order_items i join order_fulfilments f on f.order_id = i.order_id and f.seller_id = i.seller_id
      where ${inRange} group by i.product_id order by revenue desc, name`.execute(db),
    sql<{ county: string; orders: string; revenue: string }>`
      select o.shipping->>'state' as county, count(*)::int8 as orders, sum(${partAmount})::int8 as revenue
      from order_fulfilments f join orders o on o.id = f.order_id
      where ${inRange} group by 1 order by revenue desc, county`.execute(db),
    sql<{ month: string; orders: string; revenue: string }>`
      select ${nairobiMonth('f.paid_at')} as month, count(*)::int8 as orders, sum(${partAmount})::int8 as revenue
      from order_fulfilments f where ${inRange} group by 1`.execute(db),
  ]);
  const t = totals.rows[0]!;
  return {
    totals: { orders: int(t.orders), units: int(t.units), revenue: int(t.revenue) },
    byProduct: byProduct.rows.map((r) => ({ productId: r.product_id, name: r.name, units: int(r.units), revenue: int(r.revenue) })),
    byCounty: byCounty.rows.map((r) => ({ county: r.county ?? '', orders: int(r.orders), revenue: int(r.revenue) })),
    byMonth: byMonth.rows.map((r) => ({ month: r.month, orders: int(r.orders), revenue: int(r.revenue) })),
  };
}

export async function spendingFigures(db: Kysely<Database>, userId: string, b: Bounds) {
  const inRange = sql`o.user_id = ${userId} and ${PAID} and f.paid_at >= ${b.start} and f.paid_at < ${b.end}`;
  const [totals, byCategory, bySeller, byMonth] = await Promise.all([
    sql<{ orders: string; spent: string }>`
      select count(distinct o.id)::int8 as orders, coalesce(sum(${partAmount}), 0)::int8 as spent
      from order_fulfilments f join orders o on o.id = f.order_id where ${inRange}`.execute(db),
    // Goods by their listing's category; delivery fees and discounts belong to no category.
    sql<{ category: string; spent: string }>`
      select p.category, sum(i.unit_price * i.quantity)::int8 as spent
      from order_items i join order_fulfilments f on f.order_id = i.order_id and f.seller_id = i.seller_id
        join orders o on o.id = f.order_id join products p on p.id = i.product_id
      where ${inRange} group by 1 order by spent desc, category`.execute(db),
    sql<{ seller_id: string; name: string; orders: string; spent: string }>`
      select f.seller_id, s.name, count(*)::int8 as orders, sum(${partAmount})::int8 as spent
      from order_fulfilments f join orders o on o.id = f.order_id join sellers s on s.id = f.seller_id
      where ${inRange} group by f.seller_id, s.name order by spent desc, s.name`.execute(db),
    sql<{ month: string; orders: string; spent: string }>`
      select ${nairobiMonth('f.paid_at')} as month, count(distinct o.id)::int8 as orders, sum(${partAmount})::int8 as spent
      from order_fulfilments f join orders o on o.id = f.order_id where ${inRange} group by 1`.execute(db),
  ]);
  const t = totals.rows[0]!;
  return {
    totals: { orders: int(t.orders), spent: int(t.spent) },
    byCategory: byCategory.rows.map((r) => ({ category: r.category, spent: int(r.spent) })),
    bySeller: bySeller.rows.map((r) => ({ sellerId: r.seller_id, name: r.name, orders: int(r.orders), spent: int(r.spent) })),
    byMonth: byMonth.rows.map((r) => ({ month: r.month, orders: int(r.orders), spent: int(r.spent) })),
  };
}

export async function platformFigures(db: Kysely<Database>, b: Bounds) {
  const paidInRange = sql`${PAID} and f.paid_at >= ${b.start} and f.paid_at < ${b.end}`;
  const [orders, revenue, signUps, payments, byCounty, sellers] = await Promise.all([
    // Orders by the month they were placed; revenue by the month it was paid.
    sql<{ month: string; n: string }>`
      select ${nairobiMonth('created_at')} as month, count(*)::int8 as n from orders
      where created_at >= ${b.start} and created_at < ${b.end} group by 1`.execute(db),
    sql<{ month: string; n: string }>`
      select ${nairobiMonth('f.paid_at')} as month, sum(${partAmount})::int8 as n from order_fulfilments f
      where ${paidInRange} group by 1`.execute(db),
    sql<{ month: string; n: string }>`
      select ${nairobiMonth('created_at')} as month, count(*)::int8 as n from users
      where created_at >= ${b.start} and created_at < ${b.end} group by 1`.execute(db),
    sql<{ method: string; attempts: string; succeeded: string; finished: string; amount: string }>`
      select method, count(*)::int8 as attempts, count(*) filter (where status = 'paid')::int8 as succeeded,
        count(*) filter (where status in ('paid', 'declined', 'failed', 'timed_out'))::int8 as finished,
        coalesce(sum(amount) filter (where status = 'paid'), 0)::int8 as amount
      from payments where created_at >= ${b.start} and created_at < ${b.end} group by method order by method`.execute(db),
    sql<{ county: string; orders: string; revenue: string }>`
      select o.shipping->>'state' as county, count(distinct o.id)::int8 as orders, sum(${partAmount})::int8 as revenue
      from order_fulfilments f join orders o on o.id = f.order_id
      where ${paidInRange} group by 1 order by revenue desc, county`.execute(db),
    sql<{ created: string; verified: string; waiting: string }>`
      select count(*) filter (where created_at >= ${b.start} and created_at < ${b.end})::int8 as created,
        count(*) filter (where verified_at >= ${b.start} and verified_at < ${b.end})::int8 as verified,
        count(*) filter (where not verified and closed_at is null and user_id is not null)::int8 as waiting
      from sellers`.execute(db),
  ]);
  const perMonth = (rows: Array<{ month: string; n: string }>) => new Map(rows.map((r) => [r.month, int(r.n)]));
  const s = sellers.rows[0]!;
  return {
    orders: perMonth(orders.rows),
    revenue: perMonth(revenue.rows),
    signUps: perMonth(signUps.rows),
    payments: payments.rows.map((r) => ({
      method: r.method,
      attempts: int(r.attempts),
      succeeded: int(r.succeeded),
      successRate: int(r.finished) === 0 ? 0 : Math.round((100 * int(r.succeeded)) / int(r.finished)),
      amount: int(r.amount),
    })),
    byCounty: byCounty.rows.map((r) => ({ county: r.county ?? '', orders: int(r.orders), revenue: int(r.revenue) })),
    sellers: { created: int(s.created), verified: int(s.verified), waiting: int(s.waiting) },
  };
}
