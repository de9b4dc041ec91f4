import { z } from 'zod';

// Analytics (issue 39): a seller's sales, a buyer's spending and the Admin's platform reports, each
// over a range of Nairobi dates. Money is integer shillings; months are YYYY-MM in Nairobi time.

/** The longest range a report covers: three years and a day, so "the last 3 years" ending today fits. */
export const REPORT_MAX_DAYS = 3 * 366;

// The presets and month arithmetic are zod-free, so a report page's first load carries no schema library.
export { REPORT_PRESETS, monthsOf, reportRange, type ReportPreset } from './report-dates';

// Bounded years keep every date one the database and the month arithmetic take as it is.
const day = () =>
  z.iso
    .date({ error: 'must be a date (YYYY-MM-DD)' })
    // A text that is no date at all has its one message above.
    .refine((d) => !/^\d{4}-\d{2}-\d{2}$/.test(d) || (d >= '2000-01-01' && d <= '2099-12-31'), {
      message: 'must be a date from 2000 to 2099',
    });
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;
/** The pair is compared only once each date is a good one: one message for one mistake. */
const datesValid = (payload: { issues: unknown[] }) => payload.issues.length === 0;

/** ?from&to, both optional (the last 12 months by default); the API fills in the missing end. */
export const reportQuerySchema = z
  .object({ from: day().optional(), to: day().optional() })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, {
    message: 'must not be after the end date',
    path: ['from'],
    when: datesValid,
  })
  .refine((q) => q.from === undefined || q.to === undefined || daysBetween(q.from, q.to) <= REPORT_MAX_DAYS, {
    message: 'must be at most 3 years before the end date',
    path: ['from'],
    when: datesValid,
  });
export type ReportQuery = z.infer<typeof reportQuerySchema>;

const count = z.number().int().min(0);
const money = z.number().int();
const month = z.string().regex(/^\d{4}-\d{2}$/);
const rangeSchema = z.object({ from: z.string(), to: z.string() });

export const salesReportSchema = z.object({
  range: rangeSchema,
  totals: z.object({ orders: count, units: count, revenue: money }),
  byProduct: z.array(z.object({ productId: z.string(), name: z.string(), units: count, revenue: money })),
  byCounty: z.array(z.object({ county: z.string(), orders: count, revenue: money })),
  byMonth: z.array(z.object({ month, orders: count, revenue: money })),
});
export type SalesReport = z.infer<typeof salesReportSchema>;

export const spendingReportSchema = z.object({
  range: rangeSchema,
  totals: z.object({ orders: count, spent: money }),
  byCategory: z.array(z.object({ category: z.string(), spent: money })),
  bySeller: z.array(z.object({ sellerId: z.string(), name: z.string(), orders: count, spent: money })),
  byMonth: z.array(z.object({ month, orders: count, spent: money })),
});
export type SpendingReport = z.infer<typeof spendingReportSchema>;

export const platformReportSchema = z.object({
  range: rangeSchema,
  totals: z.object({ orders: count, revenue: money, signUps: count, newSellers: count, verifiedSellers: count, waitingSellers: count }),
  byMonth: z.array(z.object({ month, orders: count, revenue: money, signUps: count })),
  payments: z.array(
    z.object({
      method: z.string(),
      attempts: count,
      succeeded: count,
      /** Whole percent of the finished attempts (paid, declined, failed, timed out) that were paid. */
      successRate: z.number().int().min(0).max(100),
      amount: money,
    }),
  ),
  byCounty: z.array(z.object({ county: z.string(), orders: count, revenue: money })),
});
export type PlatformReport = z.infer<typeof platformReportSchema>;
