import { PAYMENT_METHODS, type PaymentMethod, type Reconciliation } from '@shambasoko/contracts';
import { startOfNairobiDay, todayInNairobi } from '@shambasoko/contracts/time';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../db/schema';

/** Midnight in Nairobi starting `from`, and the one after `to`. */
export function nairobiRange(from: string, to: string): { start: Date; end: Date } {
  const end = startOfNairobiDay(to);
  end.setUTCDate(end.getUTCDate() + 1);
  return { start: startOfNairobiDay(from), end };
}

/**
 * The day's books against the payment attempts. Flows (money in, payouts, refunds paid, commission,
 * flagged attempts) fall in [from, to]; balances (refunds due, held for sellers, the paybill) are all
 * time up to the end of `to`. A payment counts on the moment it settled, its lines on when they were written.
 */
export async function reconciliation(
  db: Kysely<Database>,
  { from, to }: { from?: string | undefined; to?: string | undefined },
): Promise<Reconciliation> {
  const today = todayInNairobi();
  const range = { from: from ?? to ?? today, to: to ?? from ?? today };
  const { start, end } = nairobiRange(range.from, range.to);

  const paid = await db
    .selectFrom('payments')
    .select(['method', sql<number>`coalesce(sum(amount), 0)::int8`.as('amount')])
    .where('status', '=', 'paid')
    .where(sql<Date>`coalesce(settled_at, updated_at)`, '>=', start)
    .where(sql<Date>`coalesce(settled_at, updated_at)`, '<', end)
    .groupBy('method')
    .execute();
  const { rows: books } = await sql<{
    cash_in: Record<string, number> | null;
    payouts: number;
    refunds_paid: number;
    commission: number;
    refunds_due: number;
    pending: number;
    available: number;
    paying: number;
    paybill: number;
  }>`
    select
      (select jsonb_object_agg(account, total) from (
        select account, sum(amount)::int8 as total from ledger_entries
        where kind = 'payment' and account like 'cash:%' and amount > 0 and created_at >= ${start} and created_at < ${end}
        group by account) c) as cash_in,
      coalesce(-sum(amount) filter (where kind = 'payout' and account = 'cash:mpesa' and amount < 0 and created_at >= ${start}), 0)::int8 as payouts,
      coalesce(-sum(amount) filter (where kind = 'refund_paid' and account like 'cash:%' and amount < 0 and created_at >= ${start}), 0)::int8 as refunds_paid,
      coalesce(-sum(amount) filter (where account = 'platform:commission' and created_at >= ${start}), 0)::int8 as commission,
      coalesce(-sum(amount) filter (where account = 'buyer:refund_due'), 0)::int8 as refunds_due,
      coalesce(-sum(amount) filter (where account = 'seller:pending'), 0)::int8 as pending,
      coalesce(-sum(amount) filter (where account = 'seller:available'), 0)::int8 as available,
      coalesce(-sum(amount) filter (where account = 'seller:paying'), 0)::int8 as paying,
      coalesce(sum(amount) filter (where account = 'cash:mpesa'), 0)::int8 as paybill
    from ledger_entries
    where created_at < ${end}
  `.execute(db);
  const b = books[0]!;
  const flagged = await db
    .selectFrom('payments')
    .select([sql<number>`count(*)::int`.as('n'), sql<number>`coalesce(sum(amount), 0)::int8`.as('amount')])
    .where('status', '=', 'flagged')
    .where(sql<Date>`coalesce(settled_at, updated_at)`, '>=', start)
    .where(sql<Date>`coalesce(settled_at, updated_at)`, '<', end)
    .executeTakeFirstOrThrow();

  const moneyIn = PAYMENT_METHODS.map((method: PaymentMethod) => {
    const payments = Number(paid.find((p) => p.method === method)?.amount ?? 0);
    const ledger = Number(b.cash_in?.[`cash:${method}`] ?? 0);
    return { method, payments, ledger, difference: payments - ledger };
  });
  return {
    range,
    moneyIn,
    payoutsOut: Number(b.payouts),
    refundsPaid: Number(b.refunds_paid),
    refundsDue: Number(b.refunds_due),
    heldForSellers: { pending: Number(b.pending), available: Number(b.available), paying: Number(b.paying) },
    commissionEarned: Number(b.commission),
    flaggedPayments: { count: flagged.n, amount: Number(flagged.amount) },
    paybillExpected: Number(b.paybill),
  };
}
