import pg from 'pg';

const parseTimestamptz = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ) as (text: string) => Date;

/**
 * A timestamptz that PostgreSQL wrote inside JSON (`"2026-01-01T03:01:00.123456+03:00"`), read by the
 * driver's own parser, so it is the same Date the column read directly would give (to the millisecond,
 * truncated alike). The driver's parser wants a space where JSON has the "T".
 */
export const timestampFromJson = (text: string): Date => parseTimestamptz(text.replace('T', ' '));
