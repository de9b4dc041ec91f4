import { type Kysely, sql } from 'kysely';

// How many times each scheduled job has run, across every API process: what shows (and a test
// checks) that a job runs once per interval however many processes tick.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table scheduled_jobs add column run_count bigint not null default 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table scheduled_jobs drop column run_count`.execute(db);
}
