import { type Kysely, sql } from 'kysely';

// Offline writes (issue 18) carry an Idempotency-Key: the first answer is kept for a day per account and
// key, so a replayed write (its answer lost on a flaky link) returns that answer instead of a duplicate.
// `status_code` is null while the first request is still running.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table write_replays (
      user_id uuid not null references users (id) on delete cascade,
      key text not null,
      status_code integer,
      method text not null,
      route text not null,
      response text,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      primary key (user_id, key)
    )`.execute(db);
  await sql`create index write_replays_expires_at on write_replays (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table write_replays`.execute(db);
}
