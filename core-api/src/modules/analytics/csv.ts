import type { PlatformReport, SalesReport, SpendingReport } from '@shambasoko/contracts';
import { catalogued, type Language, translateExact } from '../../http/language';

// Reports as CSV for a spreadsheet: one header row, then each table of the page as rows of its own
// section. Amounts are plain whole shillings (no "Ksh", no thousands separator) so sums work.

type Cell = string | number;

// A cell a spreadsheet would read as a formula (a product named "=HYPERLINK(…)", "+254…", "@SUM")
// gets a leading apostrophe so it shows as the text it is; tab and carriage return start formulas too.
const FORMULA_START = /^[=+\-@\t\r]/;

function csvCell(value: Cell): string {
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A byte-order mark (Excel reads UTF-8 only with it), then CRLF-ended lines. */
const toCsv = (rows: Cell[][], language: Language) => {
  // In the reader's language: the header and section labels; names and counties are printed as they are.
  const words = (cell: Cell) => (typeof cell === 'string' ? translateExact(cell, language) : cell);
  return `\uFEFF${rows.map((cells) => `${cells.map(words).map(csvCell).join(',')}\r\n`).join('')}`;
};

/** sales-report-2025-12-01-to-2026-12-02.csv */
export const reportFileName = (name: string, range: { from: string; to: string }) => `${name}-report-${range.from}-to-${range.to}.csv`;

export function salesCsv(r: SalesReport, language: Language = 'en'): string {
  return toCsv(
    [
      ['Section', 'Item', 'Orders', 'Units', 'Revenue (KES)'],
      ['Total', `${r.range.from} to ${r.range.to}`, r.totals.orders, r.totals.units, r.totals.revenue],
      ...r.byProduct.map((p) => ['Product', p.name, '', p.units, p.revenue]),
      ...r.byCounty.map((c) => ['County', c.county, c.orders, '', c.revenue]),
      ...r.byMonth.map((m) => ['Month', m.month, m.orders, '', m.revenue]),
    ],
    language,
  );
}

export function spendingCsv(r: SpendingReport, language: Language = 'en'): string {
  return toCsv(
    [
      ['Section', 'Item', 'Orders', 'Spent (KES)'],
      ['Total', `${r.range.from} to ${r.range.to}`, r.totals.orders, r.totals.spent],
      ...r.byCategory.map((c) => ['Category', c.category, '', c.spent]),
      ...r.bySeller.map((s) => ['Seller', s.name, s.orders, s.spent]),
      ...r.byMonth.map((m) => ['Month', m.month, m.orders, m.spent]),
    ],
    language,
  );
}

export function platformCsv(r: PlatformReport, language: Language = 'en'): string {
  const t = r.totals;
  return toCsv(
    [
      ['Section', 'Item', 'Orders', 'Revenue (KES)', 'Sign-ups', 'Payments', 'Paid', catalogued('Success rate (%)'), 'Sellers'],
      ['Total', `${r.range.from} to ${r.range.to}`, t.orders, t.revenue, t.signUps, '', '', '', ''],
      ['Sellers', 'New', '', '', '', '', '', '', t.newSellers],
      ['Sellers', 'Verified', '', '', '', '', '', '', t.verifiedSellers],
      ['Sellers', catalogued('Waiting for verification'), '', '', '', '', '', '', t.waitingSellers],
      ...r.byMonth.map((m) => ['Month', m.month, m.orders, m.revenue, m.signUps, '', '', '', '']),
      ...r.payments.map((p) => [catalogued('Payment method'), p.method, '', p.amount, '', p.attempts, p.succeeded, p.successRate, '']),
      ...r.byCounty.map((c) => ['County', c.county, c.orders, c.revenue, '', '', '', '', '']),
    ],
    language,
  );
}
