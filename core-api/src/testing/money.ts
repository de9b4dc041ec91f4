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
 * And the ledger's lines (bookProblems).
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
  problems.push(...(await bookProblems(db, orderIds)));
  return problems;
}

/**
 * The ledger's lines of these orders: they sum to zero; the cash they hold is what paid attempts brought
 * in; each paid part credited its seller and the commission exactly what the buyer paid for it, or, once
 * cancelled, took that back and owes it to the buyer, or, after a dispute's refund, owes the buyer exactly
 * what the decisions refunded; a released part holds nothing pending, and a part under dispute is not
 * released; an unpaid part has no lines.
 */
async function bookProblems(db: Kysely<Database>, orderIds: readonly string[]): Promise<string[]> {
  const { rows: orders } = await sql<{ number: number; total: number; cash: number; paid: number }>`
    select o.number,
           coalesce((select sum(e.amount) from ledger_entries e where e.order_id = o.id), 0)::int8 as total,
           coalesce((select sum(e.amount) from ledger_entries e where e.order_id = o.id and e.account like 'cash:%'), 0)::int8 as cash,
           coalesce((select sum(p.amount) from payments p where p.order_id = o.id and p.status = 'paid'), 0)::int8 as paid
    from orders o where o.id in (${sql.join(orderIds)})
  `.execute(db);
  const { rows: parts } = await sql<{
    number: number;
    status: string;
    paid: boolean;
    amount: number;
    earned: number;
    refund: number;
    disputed: number;
    held: number;
    released: boolean;
    contested: boolean;
    lines: number;
  }>`
    select o.number, f.status, f.paid_at is not null as paid, (f.subtotal - f.discount + f.delivery_fee)::int8 as amount,
           coalesce((select sum(e.amount) from ledger_entries e where e.fulfilment_id = f.id and e.account in ('seller:pending', 'seller:available', 'platform:commission')), 0)::int8 as earned,
           coalesce((select sum(e.amount) from ledger_entries e where e.fulfilment_id = f.id and e.account = 'buyer:refund_due' and e.kind = 'refund'), 0)::int8 as refund,
           coalesce((select sum(d.refund_amount) from disputes d where d.fulfilment_id = f.id and d.status = 'refunded'), 0)::int8 as disputed,
           coalesce((select sum(e.amount) from ledger_entries e where e.fulfilment_id = f.id and e.account = 'seller:pending'), 0)::int8 as held,
           f.released_at is not null as released,
           exists (select 1 from disputes d where d.fulfilment_id = f.id and d.status = 'open') as contested,
           (select count(*) from ledger_entries e where e.fulfilment_id = f.id)::int8 as lines
    from order_fulfilments f join orders o on o.id = f.order_id
    where f.order_id in (${sql.join(orderIds)})
  `.execute(db);
  const problems: string[] = [];
  for (const o of orders) {
    if (o.total !== 0) problems.push(`order ${o.number}: its ledger lines sum to ${o.total}, not 0`);
    if (o.cash !== o.paid) problems.push(`order ${o.number}: the ledger holds ${o.cash} in cash, paid attempts brought ${o.paid}`);
  }
  for (const p of parts) {
    const cancelled = p.status === 'cancelled';
    if (!p.paid && p.lines > 0) problems.push(`order ${p.number}: an unpaid part has ${p.lines} ledger lines`);
    // A dispute's refund moves part of what the part credited to what the buyer is owed: together still the amount.
    if (p.paid && !cancelled && (p.earned + p.refund !== -p.amount || -p.refund !== p.disputed))
      problems.push(
        `order ${p.number}: a paid part of ${p.amount} credited ${-p.earned} to its seller and commission (refund ${-p.refund}, disputes refunded ${p.disputed})`,
      );
    if (p.released && p.held !== 0) problems.push(`order ${p.number}: a released part still holds ${-p.held} pending`);
    if (p.contested && p.released) problems.push(`order ${p.number}: a part with an open dispute was released`);
    if (p.paid && cancelled && (p.earned !== 0 || p.refund !== -p.amount))
      problems.push(`order ${p.number}: a cancelled paid part of ${p.amount} still credits ${-p.earned} and owes ${-p.refund} back`);
  }
  return problems;
}
