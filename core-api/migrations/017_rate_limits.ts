import { type Kysely, sql } from 'kysely';

// Rate-limit windows live in the database so every API process counts against the same limits.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table rate_limits (key text primary key, count int not null, reset_at timestamptz not null)`.execute(db);
  // The purge job deletes windows that have ended.
  await sql`create index rate_limits_reset_at on rate_limits (reset_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table rate_limits`.execute(db);
}
