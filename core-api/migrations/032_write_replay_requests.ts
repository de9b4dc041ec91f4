import { type Kysely, sql } from 'kysely';

// A kept answer is bound to the request that made it: a hash of its body (canonical JSON) and its
// concrete path (the record's id, not the route pattern), so a key reused for another amount or
// another record is refused instead of answered with the first result. Null on rows kept from before
// this migration, which expire within a day.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table write_replays add column request_hash text, add column path text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table write_replays drop column request_hash, drop column path`.execute(db);
}
