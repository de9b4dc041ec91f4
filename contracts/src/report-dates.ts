import { todayInNairobi } from './time/nairobi';

// The reports' presets and month arithmetic (reports.ts re-exports them). React-free and zod-free:
// a report page reads them before any form, so they must not bring the schema library along.

export const REPORT_PRESETS = ['this-month', 'last-3-months', 'last-12-months'] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number];

const addMonths = (yyyyMm: string, months: number) => {
  const [y, m] = yyyyMm.split('-').map(Number) as [number, number];
  const at = new Date(0);
  // setUTCFullYear, not Date.UTC: the latter reads years 0-99 as 1900-1999.
  at.setUTCFullYear(y, m - 1 + months, 1);
  return at.toISOString().slice(0, 7);
};

/** A preset's dates: whole months up to today, so every month of the chart is a full bar but the last. */
export function reportRange(preset: ReportPreset, today: string = todayInNairobi()): { from: string; to: string } {
  const back = { 'this-month': 0, 'last-3-months': 2, 'last-12-months': 11 }[preset];
  return { from: `${addMonths(today.slice(0, 7), -back)}-01`, to: today };
}

/** Every month the range touches, oldest first: the chart shows a month with no sales as zero. */
export function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  for (let m = from.slice(0, 7); m <= to.slice(0, 7); m = addMonths(m, 1)) months.push(m);
  return months;
}
