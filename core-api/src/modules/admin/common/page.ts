import { ApiError } from '../../../http/envelope';

export const ADMIN_PAGE_SIZE = 20;

/** The last row's sort key (created_at, id), opaque to the page. */
export function encodeCursor(createdAt: Date, id: string): string {
  return Buffer.from(`${createdAt.toISOString()}|${id}`).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): { createdAt: Date; id: string } | null {
  if (cursor === undefined) return null;
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const createdAt = new Date(at ?? '');
  if (!id || !/^[0-9a-f-]{36}$/i.test(id) || Number.isNaN(createdAt.getTime()))
    throw new ApiError(400, 'This list has changed. Please start the search again.');
  return { createdAt, id };
}

/** ILIKE's own wildcards typed by the person are matched as themselves. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One more row than the page asks for tells whether there is a next page. */
export function pageOf<T>(rows: T[], key: (row: T) => { createdAt: Date; id: string }) {
  const items = rows.slice(0, ADMIN_PAGE_SIZE);
  const last = items[items.length - 1];
  const nextCursor = rows.length > ADMIN_PAGE_SIZE && last ? encodeCursor(key(last).createdAt, key(last).id) : null;
  return { items, nextCursor };
}
