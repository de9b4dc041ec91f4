// CSV exports of farm lists (costs, activities, users) for a cooperative's books: RFC 4180 text
// that spreadsheets open as UTF-8 and cannot mistake for formulas.

import { todayInNairobi } from '@shambasoko/contracts/time';
import { type Language, translateExact, translateFor } from '../../../http/language';

/** The most rows one export holds; a bigger account narrows the filters. */
export const CSV_ROW_CAP = 10_000;
export const CSV_TOO_MANY = `This export has more than ${CSV_ROW_CAP.toLocaleString('en-US')} rows. Choose a farm or a season in Filters and export again.`;

export type CsvCell = string | number | null;

/** A list's file: its name before the date, the header row and each item's cells in that order. */
export interface CsvFile<Item> {
  name: string;
  header: readonly string[];
  row: (item: Item) => CsvCell[];
}

// A cell a spreadsheet would read as a formula ("=HYPERLINK(...)", "+254…", "@SUM") gets a leading
// apostrophe, so it shows as the text it is. Tab and carriage return start formulas in some programs too.
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A byte-order mark (Excel reads UTF-8 only with it), the header row, then one CRLF-ended line per item. */
export function toCsv<Item>(file: Pick<CsvFile<Item>, 'header' | 'row'>, items: readonly Item[], language: Language = 'en'): string {
  const line = (cells: readonly CsvCell[]) => `${cells.map(csvCell).join(',')}\r\n`;
  // In the reader's language: the header, and the catalogued labels among the cells ("Whole farm").
  const header = file.header.map((name) => translateFor(name, language));
  const words = (cell: CsvCell) => (typeof cell === 'string' ? translateExact(cell, language) : cell);
  return `\uFEFF${line(header)}${items.map((item) => line(file.row(item).map(words))).join('')}`;
}

/** costs-2026-11-24.csv, by Nairobi's date. */
export function csvFileName(name: string, now = new Date()): string {
  return `${name}-${todayInNairobi(now)}.csv`;
}
