import { sql } from 'kysely';
import { isUuid } from '../../../db/ids';
import { ApiError } from '../../../http/envelope';

export const ADMIN_PAGE_SIZE = 20;

/** Where a page ended: the last row's created_at to the microsecond (UTC text) and id. */
export interface PageEnd {
  at: string;
  id: string;
}

/**
 * created_at as UTC text to the microsecond: a JS Date keeps milliseconds only, and rows written in
 * one transaction share created_at, so a cursor taken from a Date would skip the rest of them.
 */
export const sortKey = (column: 'u.created_at' | 'p.created_at') =>
  sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;

/** After `end` in (created_at desc, id desc) order. */
export const afterEnd = (table: 'u' | 'p', end: PageEnd) =>
  sql<boolean>`(${sql.ref(`${table}.created_at`)}, ${sql.ref(`${table}.id`)}) < (${end.at}::timestamp at time zone 'UTC', ${end.id}::uuid)`;

export function encodeCursor(end: PageEnd): string {
  return Buffer.from(`${end.at}|${end.id}`).toString('base64url');
}

function isRealMoment(at: string): boolean {
  const date = new Date(`${at.slice(0, 23)}Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 23) === at.slice(0, 23);
}

export function decodeCursor(cursor: string | undefined): PageEnd | null {
  if (cursor === undefined) return null;
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  // A real moment (not 30 February), or PostgreSQL's cast would fail with a 500.
  const real = at !== undefined && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}$/.test(at) && isRealMoment(at);
  if (!real || !id || !isUuid(id)) throw new ApiError(400, 'This list has changed. Please start the search again.');
  return { at, id };
}

/** ILIKE's own wildcards typed by the person are matched as themselves. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One more row than the page asks for tells whether there is a next page. */
export function pageOf<T extends { sort_at: string; id: string }>(rows: T[]) {
  const items = rows.slice(0, ADMIN_PAGE_SIZE);
  const last = items[items.length - 1];
  const nextCursor = rows.length > ADMIN_PAGE_SIZE && last ? encodeCursor({ at: last.sort_at, id: last.id }) : null;
  return { items, nextCursor };
}
