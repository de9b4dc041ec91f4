import type { AdminOverview } from '@shambasoko/contracts';
import { startOfNairobiDay, todayInNairobi } from '@shambasoko/contracts/time';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../db/schema';

/** Midnight in Nairobi of today and of the month's first day. */
export function nairobiStarts(now: Date): { today: Date; month: Date } {
  const day = todayInNairobi(now);
  return { today: startOfNairobiDay(day), month: startOfNairobiDay(day.slice(0, 7)) };
}

// Where each figure's list lives: the platform report (h-analytics), the Management pages, the
// flagged-payments review and the remotes console.
const ORDERS_LIST = '/reports/platform';
const ACCOUNTS_LIST = '/admin/accounts';
const VERIFICATION_QUEUE = '/admin/accounts?queue=verification';
const FLAGGED_PAYMENTS = '/payments/review';
const REMOTES = '/admin/remotes';

/**
 * The platform at a glance. Orders count what was placed and not cancelled or expired, with their
 * totals; a payment method's success rate is paid over finished attempts (pending ones left out).
 */
export async function overview(db: Kysely<Database>, now = new Date()): Promise<AdminOverview> {
  const { today, month } = nairobiStarts(now);
  const orders = await db
    .selectFrom('orders')
    .select([
      sql<number>`count(*) filter (where created_at >= ${today})::int`.as('today_count'),
      sql<number>`coalesce(sum(total) filter (where created_at >= ${today}), 0)::int8`.as('today_value'),
      sql<number>`count(*)::int`.as('month_count'),
      sql<number>`coalesce(sum(total), 0)::int8`.as('month_value'),
    ])
    .where('created_at', '>=', month)
    .where('status', 'not in', ['cancelled', 'expired'])
    .executeTakeFirstOrThrow();
  const payments = await db
    .selectFrom('payments')
    .select([
      'method',
      sql<number>`count(*) filter (where status <> 'pending')::int`.as('attempts'),
      sql<number>`count(*) filter (where status = 'paid')::int`.as('succeeded'),
    ])
    .where('created_at', '>=', month)
    .groupBy('method')
    .orderBy('method')
    .execute();
  const accounts = await db
    .selectFrom('users')
    .select([sql<number>`count(*) filter (where created_at >= ${today})::int`.as('today'), sql<number>`count(*)::int`.as('month')])
    .where('created_at', '>=', month)
    .executeTakeFirstOrThrow();
  const waiting = await db
    .selectFrom('sellers')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('verified', '=', false)
    .where('closed_at', 'is', null)
    .where('user_id', 'is not', null)
    .executeTakeFirstOrThrow();
  const flagged = await db
    .selectFrom('payments')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('status', '=', 'flagged')
    .executeTakeFirstOrThrow();
  const off = await db
    .selectFrom('remotes')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('enabled', '=', false)
    .executeTakeFirstOrThrow();
  return {
    ordersToday: { count: orders.today_count, value: Number(orders.today_value), href: ORDERS_LIST },
    ordersThisMonth: { count: orders.month_count, value: Number(orders.month_value), href: ORDERS_LIST },
    paymentSuccess: payments.map((p) => ({
      method: p.method,
      attempts: p.attempts,
      succeeded: p.succeeded,
      rate: p.attempts === 0 ? null : Math.round((100 * p.succeeded) / p.attempts),
      href: ORDERS_LIST,
    })),
    newAccountsToday: { count: accounts.today, href: ACCOUNTS_LIST },
    newAccountsThisMonth: { count: accounts.month, href: ACCOUNTS_LIST },
    sellersWaiting: { count: waiting.n, href: VERIFICATION_QUEUE },
    flaggedPayments: { count: flagged.n, href: FLAGGED_PAYMENTS },
    switchedOffRemotes: { count: off.n, href: REMOTES },
  };
}
