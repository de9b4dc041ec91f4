import { migrateToLatest } from '../db/migrate';
import { useTestDatabase } from '../testing/test-database';
import { type Job, type JobLog, runJobIfDue, startScheduler } from './scheduler';

interface Line {
  level: 'info' | 'error';
  bindings: Record<string, unknown>;
  fields: object;
  message: string;
}

/** A logger that keeps its lines, each with the bindings of the child that wrote it. */
function capturingLog(lines: Line[], bindings: Record<string, unknown> = {}): JobLog {
  return {
    info: (fields, message) => lines.push({ level: 'info', bindings, fields, message }),
    error: (fields, message) => lines.push({ level: 'error', bindings, fields, message }),
    child: (more) => capturingLog(lines, { ...bindings, ...more }),
  };
}

describe('scheduled jobs', () => {
  const database = useTestDatabase();
  beforeAll(async () => {
    await migrateToLatest(database().handle.db);
  }, 180_000);

  const counting = (name: string, intervalMs = 60_000) => {
    const job: Job & { runs: number } = {
      name,
      intervalMs,
      runs: 0,
      run: async () => {
        job.runs += 1;
      },
    };
    return job;
  };

  it('stop() stops the loops jobs left running after their commit and waits for the pass under way', async () => {
    const db = database().handle.db;
    let passes = 0;
    let inPass = false;
    let sawAbort = false;
    const job: Job = {
      name: 'draining-loop',
      intervalMs: 60_000,
      // Like the notice-outbox drain: after the commit, passes on the pool until told to stop.
      run: async (_trx, _now, _log, signal) => async () => {
        while (!signal.aborted && passes < 200) {
          inPass = true;
          await new Promise((resolve) => setTimeout(resolve, 20));
          await db.selectFrom('scheduled_jobs').select('name').execute();
          passes += 1;
          inPass = false;
        }
        sawAbort = signal.aborted;
      },
    };
    const scheduler = startScheduler(db, [job], { tickMs: 3_600_000, log: capturingLog([]) });
    await scheduler.tick(new Date('2026-05-01T00:00:00Z'));
    while (passes < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    await scheduler.stop();
    // Nothing is left touching the database once stop() resolves: the pool may close now.
    expect(inPass).toBe(false);
    expect(sawAbort).toBe(true);
    const stoppedAt = passes;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(passes).toBe(stoppedAt);
    expect(passes).toBeLessThan(200);
  });

  it('runs a job once per interval, however often it is asked', async () => {
    const db = database().handle.db;
    const job = counting('once-per-interval');
    const start = new Date('2026-01-01T00:00:00Z');
    expect(await runJobIfDue(db, job, start)).toBe(true);
    expect(await runJobIfDue(db, job, new Date(start.getTime() + 1_000))).toBe(false);
    expect(await runJobIfDue(db, job, new Date(start.getTime() + 59_999))).toBe(false);
    expect(await runJobIfDue(db, job, new Date(start.getTime() + 60_000))).toBe(true);
    expect(job.runs).toBe(2);
  });

  it('runs a job once when several schedulers tick at the same moment', async () => {
    const db = database().handle.db;
    const job = counting('concurrent-ticks');
    const now = new Date('2026-02-01T00:00:00Z');
    const answers = await Promise.all([runJobIfDue(db, job, now), runJobIfDue(db, job, now), runJobIfDue(db, job, now)]);
    expect(answers.filter(Boolean)).toHaveLength(1);
    expect(job.runs).toBe(1);
  });

  it('keeps running the other jobs when one fails, and retries the failed one next tick', async () => {
    const db = database().handle.db;
    let failures = 0;
    const failing: Job = {
      name: 'failing',
      intervalMs: 60_000,
      run: async () => {
        failures += 1;
        if (failures === 1) throw new Error('boom');
      },
    };
    const healthy = counting('healthy');
    const lines: Line[] = [];
    const scheduler = startScheduler(db, [failing, healthy], { tickMs: 3_600_000, log: capturingLog(lines) });
    await scheduler.tick(new Date('2026-03-01T00:00:00Z'));
    expect(healthy.runs).toBe(1);
    expect(lines.filter((line) => line.level === 'error')).toHaveLength(1);
    await scheduler.tick(new Date('2026-03-01T00:00:01Z'));
    expect(failures).toBe(2);
    await scheduler.stop();
  });

  it('logs each run through a child logger naming the job and the run, and hands it to the job', async () => {
    const db = database().handle.db;
    const lines: Line[] = [];
    const job: Job = {
      name: 'logging',
      intervalMs: 60_000,
      run: async (_trx, _now, log) => log.info({ expired: 2 }, 'orders expired'),
    };
    const failing: Job = {
      name: 'logging-failure',
      intervalMs: 60_000,
      run: async () => {
        throw new Error('boom');
      },
    };
    const scheduler = startScheduler(db, [job, failing], { tickMs: 3_600_000, log: capturingLog(lines) });
    await scheduler.tick(new Date('2026-04-01T00:00:00Z'));
    await scheduler.tick(new Date('2026-04-01T00:00:01Z'));
    await scheduler.stop();
    const own = lines.find((line) => line.message === 'orders expired');
    const ran = lines.find((line) => line.message === 'job ran');
    expect(own?.bindings).toMatchObject({ job: 'logging', jobRunId: expect.any(String) });
    expect(ran?.bindings).toEqual(own?.bindings);
    expect(ran?.fields).toMatchObject({ durationMs: expect.any(Number) });
    // Not due at the second tick: no line for a job that did not run.
    expect(lines.filter((line) => line.bindings.job === 'logging')).toHaveLength(2);
    const failures = lines.filter((line) => line.bindings.job === 'logging-failure');
    expect(failures).toHaveLength(2);
    expect(failures.map((line) => [line.level, line.message])).toEqual([
      ['error', 'job failed'],
      ['error', 'job failed'],
    ]);
    expect(failures[0]?.fields).toMatchObject({ err: expect.any(Error) });
    expect(failures[0]?.bindings.jobRunId).not.toBe(failures[1]?.bindings.jobRunId);
  });

  it("calls what a job returns after its run, where the run's writes are visible", async () => {
    const db = database().handle.db;
    let seenAfterCommit: number | undefined;
    const job: Job = {
      name: 'after-commit',
      intervalMs: 60_000,
      run: async (trx) => {
        await trx.insertInto('app_meta').values({ key: 'after-commit-probe', value: '1' }).execute();
        return () => {
          // Read outside the job's transaction: the row is there once the run has committed.
          void db
            .selectFrom('app_meta')
            .select('value')
            .where('key', '=', 'after-commit-probe')
            .execute()
            .then((rows) => (seenAfterCommit = rows.length));
        };
      },
    };
    expect(await runJobIfDue(db, job, new Date('2026-04-01T00:00:00Z'))).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seenAfterCommit).toBe(1);
  });
});
