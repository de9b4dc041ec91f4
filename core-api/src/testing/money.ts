import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

/**
 * The books of these orders, kept as double entry: every order's lines sum to zero, else a problem is
 * named. Two sets of lines per order:
 * - what is owed: the order's total against its parts (each part's items less its discount share, plus
 *   its delivery fee), so a cancelled part takes exactly its own money out of what is asked;
 * - what was received: every paid attempt against the parts it paid (each part whose paid_at is set),
 *   so a payment never credits more or less than the parts it moved to paid. Flagged money is in
 *   neither: it was never credited.
 */
export async function ledgerProblems(db: Kysely<Database>, orderIds: readonly string[]): Promise<string[]> {
  if (orderIds.length === 0) return [];
  const { rows } = await sql<{ id: string; number: number; owed: number; received: number }>`
    select o.id, o.number,
           (o.total - coalesce((select sum(f.subtotal - f.discount + f.delivery_fee) from order_fulfilments f where f.order_id = o.id), 0))::int8 as owed,
           (coalesce((select sum(p.amount) from payments p where p.order_id = o.id and p.status = 'paid'), 0)
             - coalesce((select sum(f.subtotal - f.discount + f.delivery_fee) from order_fulfilments f where f.order_id = o.id and f.paid_at is not null), 0))::int8 as received
    from orders o
    where o.id in (${sql.join(orderIds)})
  `.execute(db);
  const problems: string[] = [];
  for (const row of rows) {
    if (row.owed !== 0) problems.push(`order ${row.number}: total minus its parts is ${row.owed}, not 0`);
    if (row.received !== 0) problems.push(`order ${row.number}: paid attempts minus the parts they paid is ${row.received}, not 0`);
  }
  if (rows.length !== orderIds.length) problems.push(`${orderIds.length - rows.length} of the orders were not found`);
  return problems;
}
