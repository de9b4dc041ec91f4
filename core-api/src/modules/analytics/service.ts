import type { Kysely } from 'kysely';
import {
  REPORT_MAX_DAYS,
  type PlatformReport,
  type ReportQuery,
  type SalesReport,
  type SpendingReport,
  monthsOf,
  reportRange,
} from '@shambasoko/contracts';
import { startOfNairobiDay, todayInNairobi } from '@shambasoko/contracts/time';
import type { Database } from '../../db/schema';
import { ApiError } from '../../http/envelope';
import { type Bounds, platformFigures, salesFigures, spendingFigures } from './repository';

const DAY_MS = 86_400_000;

/** The asked dates, the last 12 months when none are given; a lone `from` runs to today, a lone `to` back a year. */
function resolveRange(query: ReportQuery, now = new Date()): { from: string; to: string } {
  const today = todayInNairobi(now);
  const to = query.to ?? (query.from !== undefined && query.from > today ? query.from : today);
  const from = query.from ?? reportRange('last-12-months', to).from;
  // Only a lone date can get here out of order or too far back: the schema checks the pair.
  if (from > to) throw new ApiError(400, 'from: must not be after the end date');
  if ((Date.parse(to) - Date.parse(from)) / DAY_MS > REPORT_MAX_DAYS)
    throw new ApiError(400, 'from: must be at most 3 years before the end date');
  return { from, to };
}

function bounds({ from, to }: { from: string; to: string }): Bounds {
  return { start: startOfNairobiDay(from), end: new Date(startOfNairobiDay(to).getTime() + DAY_MS) };
}

/** The months with no row read as zero, so a chart has a point for each. */
function everyMonth<Row extends { month: string }>(range: { from: string; to: string }, rows: Row[], empty: (month: string) => Row): Row[] {
  const found = new Map(rows.map((r) => [r.month, r]));
  return monthsOf(range.from, range.to).map((month) => found.get(month) ?? empty(month));
}

export async function salesReport(db: Kysely<Database>, userId: string, query: ReportQuery): Promise<SalesReport> {
  const range = resolveRange(query);
  const figures = await salesFigures(db, userId, bounds(range));
  return { range, ...figures, byMonth: everyMonth(range, figures.byMonth, (month) => ({ month, orders: 0, revenue: 0 })) };
}

export async function spendingReport(db: Kysely<Database>, userId: string, query: ReportQuery): Promise<SpendingReport> {
  const range = resolveRange(query);
  const figures = await spendingFigures(db, userId, bounds(range));
  return { range, ...figures, byMonth: everyMonth(range, figures.byMonth, (month) => ({ month, orders: 0, spent: 0 })) };
}

export async function platformReport(db: Kysely<Database>, query: ReportQuery): Promise<PlatformReport> {
  const range = resolveRange(query);
  const f = await platformFigures(db, bounds(range));
  const byMonth = monthsOf(range.from, range.to).map((month) => ({
    month,
    orders: f.orders.get(month) ?? 0,
    revenue: f.revenue.get(month) ?? 0,
    signUps: f.signUps.get(month) ?? 0,
  }));
  const sum = (key: 'orders' | 'revenue' | 'signUps') => byMonth.reduce((total, m) => total + m[key], 0);
  return {
    range,
    totals: {
      orders: sum('orders'),
      revenue: sum('revenue'),
      signUps: sum('signUps'),
      newSellers: f.sellers.created,
      verifiedSellers: f.sellers.verified,
      waitingSellers: f.sellers.waiting,
    },
    byMonth,
    payments: f.payments,
    byCounty: f.byCounty,
  };
}
