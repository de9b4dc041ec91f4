import { type Kysely, sql } from 'kysely';

// When each scheduled job (order expiry, purges) last ran. With several API processes, the process
// that takes the job's advisory lock reads this row and runs the job only if its interval has passed,
// so a job runs once per interval however many processes tick.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table scheduled_jobs (
    name text primary key,
    last_run_at timestamptz not null
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table scheduled_jobs`.execute(db);
}
