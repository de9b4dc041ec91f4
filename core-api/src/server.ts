import cluster from 'node:cluster';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { runSeeds } from '../seed/run-seeds';
import { buildApp } from './app';
import { assertSafeIdentityConfig } from './auth/firebase';
import { clusterBroadcast } from './cluster/broadcast';
import { connectPgLink, type PgLink } from './cluster/pg-link';
import { runPrimary } from './cluster/primary';
import { type ProcessSettings, processSettings } from './cluster/settings';
import { type Config, ConfigError, loadConfig } from './config';
import { type DatabaseHandle, openDatabase } from './db/database';
import { DatabaseLockedError } from './db/lock-file';
import { migrateToLatest } from './db/migrate';
import { scheduledJobs } from './jobs/registry';
import { lifecycleLog, processLogger } from './logger';
import { startTracing } from './observability/tracing';
import { type Job, startScheduler, type Scheduler } from './jobs/scheduler';

async function main(): Promise<void> {
  const config = loadConfig();
  // Checked again by buildApp; here too so a refused start never touches the database.
  assertSafeIdentityConfig(config, process.env);
  const settings = processSettings(process.env, config.databaseUrl);

  if (cluster.isPrimary && settings.processes > 1) {
    // Migrations and seeds once, before any worker starts; the primary then only supervises.
    const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
    try {
      await prepareDatabase(database, config);
    } finally {
      await database.close();
    }
    runPrimary(settings.processes);
    return;
  }

  // Before the app exists, so its hooks see tracing on (OTEL_EXPORTER_OTLP_ENDPOINT or TRACING=otlp).
  const stopTracing = await startTracing();
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  let app: FastifyInstance | undefined;
  let requests: RequestTracker | undefined;
  let scheduler: Scheduler | undefined;
  let link: PgLink | undefined;
  try {
    if (!cluster.isWorker) await prepareDatabase(database, config);
    // With PostgreSQL other API processes may share the database: their changes reach our caches
    // through LISTEN/NOTIFY. The embedded database has one process, whose broadcast stays local.
    if (config.databaseUrl !== undefined) {
      const { db } = database;
      link = await connectPgLink(clusterBroadcast, config.databaseUrl, {
        fallbackNotify: async (channel, payload) => {
          await sql`select pg_notify(${channel}, ${payload})`.execute(db);
        },
      });
    }
    app = await buildApp({ db: database.db, config });
    if (process.env.SHAMBASOKO_EVENT_LOOP_STATS === '1') addEventLoopStats(app);
    requests = trackRequests(app);
    await listen(app, config.port, config.host);
    scheduler = startScheduler(database.db, withIntervals(scheduledJobs(config, database.db), settings), {
      tickMs: settings.schedulerTickMs,
      log: app.log,
    });
    void scheduler.tick();
  } catch (error) {
    await scheduler?.stop();
    await app?.close();
    await link?.close();
    await database.close();
    await stopTracing?.();
    throw error;
  }

  const { port } = app.server.address() as AddressInfo;
  const which = cluster.isWorker ? ` (process ${process.pid})` : '';
  const log = lifecycleLog(app.log);
  log.info(`core-api listening on http://${config.host}:${port}${which}`);
  if (!cluster.isWorker || cluster.worker?.id === 1) {
    log.info(`core-api database: ${database.engine === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'}`);
  }
  handleShutdown(app, requests as RequestTracker, [
    () => (scheduler as Scheduler).stop(),
    async () => link?.close(),
    () => database.close(),
    // Last: the spans of the shutdown itself are flushed too.
    async () => stopTracing?.(),
  ]);
}

/**
 * Migrations and idempotent seeds. Several API processes started on one PostgreSQL (a deployment's
 * replicas, the multi-process tests) take turns on a session advisory lock, so they never run at once.
 */
async function prepareDatabase(database: DatabaseHandle, config: Config): Promise<void> {
  const prepare = async () => {
    await migrateToLatest(database.db);
    await runSeeds(database.db, config.nodeEnv, config.remotesSeed);
  };
  if (database.engine === 'pglite') return prepare();
  await database.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(hashtext('shambasoko:prepare'))`.execute(connection);
    try {
      await prepare();
    } finally {
      await sql`select pg_advisory_unlock(hashtext('shambasoko:prepare'))`.execute(connection);
    }
  });
}

function withIntervals(jobs: Job[], settings: ProcessSettings): Job[] {
  return jobs.map((job) => {
    const intervalMs = settings.jobIntervals[job.name];
    return intervalMs === undefined ? job : { ...job, intervalMs };
  });
}

interface RequestTracker {
  /** Resolves once no request is being handled, or after `timeoutMs`. */
  drained(timeoutMs: number): Promise<void>;
}

/**
 * app.close() resolves once the server stops accepting, while handlers that started earlier may still
 * be waiting for the database; closing it under them turned their answers into 500s. Shutdown waits
 * for this count to reach zero first.
 */
function trackRequests(app: FastifyInstance): RequestTracker {
  let active = 0;
  let idle: (() => void) | undefined;
  const finished = (): void => {
    active -= 1;
    if (active === 0) idle?.();
  };
  app.addHook('onRequest', async (_request, reply) => {
    active += 1;
    // The response's 'close' comes exactly once: after the answer is sent, or when the client left.
    reply.raw.once('close', finished);
  });
  return {
    drained: (timeoutMs) =>
      active === 0
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, timeoutMs);
            idle = () => {
              clearTimeout(timer);
              resolve();
            };
          }),
  };
}

async function listen(app: FastifyInstance, port: number, host: string): Promise<void> {
  try {
    await app.listen({ port, host });
  } catch (error) {
    if (typeof error === 'object' && error !== null && 'code' in error && error.code === 'EADDRINUSE') {
      throw new ConfigError(`Port ${port} on ${host} is already in use. Stop the other server or set PORT.`, { cause: error });
    }
    throw error;
  }
}

/**
 * Opt-in (benchmarks): samples event-loop delay and answers it in ms on GET /_diagnostics/event-loop
 * (`?reset=1` starts a new sample window), with the process's memory; also printed at shutdown. Off by default.
 */
function addEventLoopStats(app: FastifyInstance): void {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const stats = () => ({
    p50: histogram.percentile(50) / 1e6,
    p99: histogram.percentile(99) / 1e6,
    max: histogram.max / 1e6,
    mean: histogram.mean / 1e6,
    samples: histogram.count,
    // The process's memory as it answers: benchmarks read it before and after a load (bench:messages).
    rssMb: process.memoryUsage().rss / 2 ** 20,
    heapUsedMb: process.memoryUsage().heapUsed / 2 ** 20,
  });
  app.get('/_diagnostics/event-loop', async (request) => {
    const answer = stats();
    if ((request.query as { reset?: string }).reset === '1') histogram.reset();
    return answer;
  });
  app.addHook('onClose', async () => {
    // Asked for (SHAMBASOKO_EVENT_LOOP_STATS): written whatever LOG_LEVEL says, as the start lines.
    lifecycleLog(app.log).info({ eventLoopDelayMs: stats() }, 'core-api event-loop delay (ms)');
    histogram.disable();
  });
}

function handleShutdown(app: FastifyInstance, requests: RequestTracker, closers: Array<() => Promise<void>>): void {
  let stopping = false;
  const log = lifecycleLog(app.log);
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) {
      // A second Ctrl+C means "now": skip waiting for open requests. A repeated SIGTERM (the
      // cluster's primary passing on a Ctrl+C the terminal already sent us) changes nothing.
      if (signal === 'SIGINT') process.exit(1);
      return;
    }
    stopping = true;
    log.info(`core-api${cluster.isWorker ? ` (process ${process.pid})` : ''}: ${signal} received, shutting down`);
    // Server first, then the requests it had accepted, so no request meets a closed database;
    // closing the database releases its lock.
    closers
      .reduce(
        (chain, close) => chain.then(close),
        app.close().then(() => requests.drained(10_000)),
      )
      .then(
        () => process.exit(0),
        (error: unknown) => {
          log.error({ err: error }, 'core-api: error during shutdown');
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  // Expected refusals read best as one line; anything else needs its stack.
  if (error instanceof ConfigError || error instanceof DatabaseLockedError) {
    lifecycleLog(processLogger).error(`core-api failed to start: ${error.message}`);
  } else {
    lifecycleLog(processLogger).error({ err: error }, 'core-api failed to start');
  }
  process.exit(1);
});
