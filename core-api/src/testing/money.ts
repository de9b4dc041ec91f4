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
 * The ledger's lines of these orders: they sum to zero; the cash they took in is what paid attempts brought
 * in; each paid part credited its seller and the commission exactly what the buyer paid for it, or, once
 * cancelled, took that back and owes it to the buyer or paid it back (refund_paid), never more; after a
 * dispute's refund, what it credits and what the buyer got back sum to what was paid and the buyer got
 * exactly what the decisions refunded; a released part holds nothing pending and a part under dispute is
 * not released; a refund settled by hand took its recorded amount out of cash; an unpaid part has no lines.
 */
async function bookProblems(db: Kysely<Database>, orderIds: readonly string[]): Promise<string[]> {
  const { rows: orders } = await sql<{ number: number; total: number; cash: number; paid: number }>`
    select o.number,
           coalesce((select sum(e.amount) from ledger_entries e where e.order_id = o.id), 0)::int8 as total,
           coalesce((select sum(e.amount) from ledger_entries e where e.order_id = o.id and e.account like 'cash:%' and e.kind <> 'refund_paid'), 0)::int8 as cash,
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
    due: number;
    refunded: number;
    by_hand: number | null;
    disputed: number;
    held: number;
    released: boolean;
    contested: boolean;
    lines: number;
  }>`
    select o.number, f.status, f.paid_at is not null as paid, (f.subtotal - f.discount + f.delivery_fee)::int8 as amount,
           coalesce((select sum(e.amount) from ledger_entries e where e.fulfilment_id = f.id and e.account in ('seller:pending', 'seller:available', 'platform:commission')), 0)::int8 as earned,
           coalesce((select sum(e.amount) from ledger_entries e where e.fulfilment_id = f.id
                     and (e.account in ('buyer:refund_due', 'buyer:refunding') or (e.account like 'cash:%' and e.kind = 'refund_paid'))), 0)::int8 as refund,
           coalesce((select sum(e.amount) from ledger_entries e where e.fulfilment_id = f.id and e.account = 'buyer:refund_due'), 0)::int8 as due,
           coalesce((select -sum(e.amount) from ledger_entries e where e.fulfilment_id = f.id and e.account like 'cash:%' and e.kind = 'refund_paid'), 0)::int8 as refunded,
           (select m.amount from manual_refunds m where m.fulfilment_id = f.id)::int8 as by_hand,
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
    if (p.due > 0) problems.push(`order ${p.number}: a part's refund was paid ${p.due} more than it was owed`);
    if (p.by_hand !== null && p.by_hand !== p.refunded)
      problems.push(`order ${p.number}: a refund settled by hand for ${p.by_hand} took ${p.refunded} out of cash`);
    if (p.refunded < 0 || p.refunded > p.amount) problems.push(`order ${p.number}: a part of ${p.amount} was refunded ${p.refunded}`);
  }
  problems.push(...(await moneyOutProblems(db, sql`d.order_id in (${sql.join(orderIds)})`)));
  return problems;
}

/**
 * Payouts and refunds against their lines: each disbursement's lines sum to zero; one that is paid
 * took its amount out of cash once; one under way holds it in paying (refunding); one that failed
 * holds nothing. Per seller: what is paying equals the payouts under way, paid out equals those paid,
 * and nothing available or paying is below zero.
 */
export async function payoutProblems(db: Kysely<Database>, sellerIds: readonly string[]): Promise<string[]> {
  if (sellerIds.length === 0) return [];
  const problems = await moneyOutProblems(db, sql`d.seller_id in (${sql.join(sellerIds)})`);
  const { rows } = await sql<{ seller_id: string; available: number; paying: number; paid_out: number; under_way: number; paid: number }>`
    select s.id as seller_id,
           coalesce((select -sum(e.amount) from ledger_entries e where e.seller_id = s.id and e.account = 'seller:available'), 0)::int8 as available,
           coalesce((select -sum(e.amount) from ledger_entries e where e.seller_id = s.id and e.account = 'seller:paying'), 0)::int8 as paying,
           coalesce((select sum(e.amount) from ledger_entries e where e.seller_id = s.id and e.account = 'seller:paying' and e.kind = 'payout' and e.amount > 0), 0)::int8 as paid_out,
           coalesce((select sum(d.amount) from disbursements d where d.seller_id = s.id and d.status in ('pending', 'sent')), 0)::int8 as under_way,
           coalesce((select sum(d.amount) from disbursements d where d.seller_id = s.id and d.status = 'paid'), 0)::int8 as paid
    from sellers s where s.id in (${sql.join(sellerIds)})
  `.execute(db);
  for (const r of rows) {
    if (r.available < 0) problems.push(`seller ${r.seller_id}: available is ${r.available}`);
    if (r.paying !== r.under_way) problems.push(`seller ${r.seller_id}: paying is ${r.paying}, payouts under way ${r.under_way}`);
    if (r.paid_out !== r.paid) problems.push(`seller ${r.seller_id}: paid out is ${r.paid_out}, payouts paid ${r.paid}`);
  }
  return problems;
}

async function moneyOutProblems(db: Kysely<Database>, where: ReturnType<typeof sql>): Promise<string[]> {
  const { rows } = await sql<{ id: string; purpose: string; status: string; amount: number; total: number; cash: number; holding: number }>`
    select d.id, d.purpose, d.status, d.amount,
           coalesce((select sum(e.amount) from ledger_entries e where e.disbursement_id = d.id), 0)::int8 as total,
           coalesce((select -sum(e.amount) from ledger_entries e where e.disbursement_id = d.id and e.account like 'cash:%'), 0)::int8 as cash,
           coalesce((select -sum(e.amount) from ledger_entries e where e.disbursement_id = d.id and e.account in ('seller:paying', 'buyer:refunding')), 0)::int8 as holding
    from disbursements d where ${where}
  `.execute(db);
  const problems: string[] = [];
  for (const d of rows) {
    const expected = { cash: d.status === 'paid' ? d.amount : 0, holding: d.status === 'pending' || d.status === 'sent' ? d.amount : 0 };
    if (d.total !== 0 || d.cash !== expected.cash || d.holding !== expected.holding)
      problems.push(`${d.purpose} ${d.id} (${d.status}, ${d.amount}): lines sum to ${d.total}, paid out ${d.cash}, held ${d.holding}`);
  }
  return problems;
}
