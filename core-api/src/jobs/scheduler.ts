import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

/** A piece of housekeeping run on a schedule: order expiry, purges of old rows. */
export interface Job {
  /** Unique; names the advisory lock and the scheduled_jobs row. */
  name: string;
  /** Runs at most once per interval across every API process on the database. */
  intervalMs: number;
  /**
   * Runs inside the transaction that holds the job's lock; keep it short. It may return a callback
   * that runs once that transaction has committed (e.g. dropping cached answers it made stale).
   */
  run(db: Kysely<Database>, now: Date): Promise<void | (() => void)>;
}

/**
 * Runs the job if no other process is running it (transaction-scoped advisory lock, released at
 * commit) and its interval has passed since the last run recorded in the database. Returns whether
 * it ran.
 */
export async function runJobIfDue(db: Kysely<Database>, job: Job, now = new Date()): Promise<boolean> {
  let afterCommit: (() => void) | undefined;
  const ran = await db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(hashtext(${`job:${job.name}`})) as locked`.execute(
      trx,
    );
    if (!rows[0]?.locked) return false;
    const last = await trx.selectFrom('scheduled_jobs').select('last_run_at').where('name', '=', job.name).executeTakeFirst();
    if (last && now.getTime() - last.last_run_at.getTime() < job.intervalMs) return false;
    const after = await job.run(trx, now);
    if (typeof after === 'function') afterCommit = after;
    await trx
      .insertInto('scheduled_jobs')
      .values({ name: job.name, last_run_at: now, run_count: 1 })
      .onConflict((oc) => oc.column('name').doUpdateSet({ last_run_at: now, run_count: sql`scheduled_jobs.run_count + 1` }))
      .execute();
    return true;
  });
  if (ran && afterCommit) afterCommit();
  return ran;
}

export interface Scheduler {
  /** Runs every due job once now (tests, and the first tick). */
  tick(now?: Date): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Checks every job each `tickMs` (default 30 s). A failing job is logged and tried again at the next
 * tick; it never stops the others.
 */
export function startScheduler(
  db: Kysely<Database>,
  jobs: readonly Job[],
  { tickMs = 30_000, log = console }: { tickMs?: number; log?: Pick<Console, 'error'> } = {},
): Scheduler {
  let running: Promise<void> = Promise.resolve();
  const tick = (now = new Date()) => {
    running = running.then(async () => {
      for (const job of jobs) {
        try {
          await runJobIfDue(db, job, now);
        } catch (error) {
          log.error(`scheduled job ${job.name} failed`, error);
        }
      }
    });
    return running;
  };
  const timer = setInterval(() => void tick(), tickMs);
  timer.unref();
  return {
    tick,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
