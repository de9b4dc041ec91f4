import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { processLogger } from '../logger';
import { withRequestId } from '../observability/context';
import { reportError } from '../observability/error-report';
import { countJobRun } from '../observability/metrics';

/** What jobs log through: a pino logger, or anything shaped like one (tests). */
export interface JobLog {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
  child(bindings: Record<string, unknown>): JobLog;
}

/** A piece of housekeeping run on a schedule: order expiry, purges of old rows. */
export interface Job {
  /** Unique; names the advisory lock and the scheduled_jobs row. */
  name: string;
  /** Runs at most once per interval across every API process on the database. */
  intervalMs: number;
  /**
   * Runs inside the transaction that holds the job's lock; keep it short. It may return a callback
   * that runs once that transaction has committed (e.g. dropping cached answers it made stale). Work
   * that callback starts (a drain, provider calls) is returned as its promise: the scheduler awaits it
   * at shutdown, before the database closes, and `signal` asks loops to stop between passes.
   */
  run(db: Kysely<Database>, now: Date, log: JobLog, signal: AbortSignal): Promise<void | AfterCommit>;
}

type AfterCommit = () => void | Promise<unknown>;

/**
 * Work jobs left running after their commit. stop() aborts the signal and waits for all of it, so
 * nothing meets a closed pool ("driver has already been destroyed").
 */
export class BackgroundWork {
  readonly #controller = new AbortController();
  readonly #running = new Set<Promise<unknown>>();

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  track(work: Promise<unknown>, log: JobLog): void {
    const settled = work.then(
      () => undefined,
      (err: unknown) => log.error({ err }, 'job work after commit failed'),
    );
    this.#running.add(settled);
    void settled.finally(() => this.#running.delete(settled));
  }

  /** Resolves once nothing started is still running. */
  async stop(): Promise<void> {
    this.#controller.abort();
    while (this.#running.size > 0) await Promise.all(this.#running);
  }
}

/** For runs outside a scheduler (the operator's test clock, tests): never stopped. */
const detached = new BackgroundWork();

/**
 * Runs the job if no other process is running it (transaction-scoped advisory lock, released at
 * commit) and its interval has passed since the last run recorded in the database. Returns whether
 * it ran.
 */
export async function runJobIfDue(
  db: Kysely<Database>,
  job: Job,
  now = new Date(),
  log: JobLog = processLogger,
  background: BackgroundWork = detached,
): Promise<boolean> {
  let afterCommit: AfterCommit | undefined;
  let ran: boolean;
  try {
    ran = await runLocked(db, job, now, log, background.signal, (after) => (afterCommit = after));
  } catch (error) {
    countJobRun(job.name, 'failed');
    throw error;
  }
  if (ran) countJobRun(job.name, 'ok');
  if (ran && afterCommit) {
    const work = afterCommit();
    if (work instanceof Promise) background.track(work, log);
  }
  return ran;
}

async function runLocked(
  db: Kysely<Database>,
  job: Job,
  now: Date,
  log: JobLog,
  signal: AbortSignal,
  keep: (after: AfterCommit) => void,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(hashtext(${`job:${job.name}`})) as locked`.execute(
      trx,
    );
    if (!rows[0]?.locked) return false;
    const last = await trx.selectFrom('scheduled_jobs').select('last_run_at').where('name', '=', job.name).executeTakeFirst();
    if (last && now.getTime() - last.last_run_at.getTime() < job.intervalMs) return false;
    const after = await job.run(trx, now, log, signal);
    if (typeof after === 'function') keep(after);
    await trx
      .insertInto('scheduled_jobs')
      .values({ name: job.name, last_run_at: now, run_count: 1 })
      .onConflict((oc) => oc.column('name').doUpdateSet({ last_run_at: now, run_count: sql`scheduled_jobs.run_count + 1` }))
      .execute();
    return true;
  });
}

export interface Scheduler {
  /** Runs every due job once now (tests, and the first tick). */
  tick(now?: Date): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Checks every job each `tickMs` (default 30 s). Each run logs a line (failures with their error)
 * through a child logger naming the job; a failing job is tried again at the next tick and never
 * stops the others.
 */
export function startScheduler(
  db: Kysely<Database>,
  jobs: readonly Job[],
  { tickMs = 30_000, log = processLogger }: { tickMs?: number; log?: JobLog } = {},
): Scheduler {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const background = new BackgroundWork();
  const tick = (now = new Date()) => {
    running = running.then(async () => {
      for (const job of jobs) {
        if (stopped) return;
        // One id per attempt, so a run's lines (its own included) can be told from the next one's; its
        // provider calls carry it as their x-request-id.
        const jobRunId = randomUUID();
        const jobLog = log.child({ job: job.name, jobRunId });
        const started = performance.now();
        await withRequestId(jobRunId, async () => {
          try {
            if (await runJobIfDue(db, job, now, jobLog, background))
              jobLog.info({ durationMs: Math.round(performance.now() - started) }, 'job ran');
          } catch (error) {
            jobLog.error({ err: error }, 'job failed');
            void reportError(error, { job: job.name, jobRunId });
          }
        });
      }
    });
    return running;
  };
  const timer = setInterval(() => void tick(), tickMs);
  timer.unref();
  return {
    tick,
    // No new run starts; the one under way finishes, then whatever its jobs left running after their commits.
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
      await background.stop();
    },
  };
}
