import cluster, { type Worker } from 'node:cluster';
import { lifecycleLog, processLogger } from '../logger';

/** A worker that dies this soon after it started counts as failing to start. */
const QUICK_EXIT_MS = 10_000;
/** Failing to start this many times in a row stops the whole API instead of looping. */
const MAX_QUICK_EXITS = 5;
const DRAIN_MS = 20_000;

/**
 * The primary of `API_PROCESSES=N`: forks N workers that share the listening port (node:cluster hands
 * them connections in turn), replaces one that dies, and on SIGTERM or Ctrl-C lets each drain its
 * requests before exiting. It opens no database of its own: server.ts migrated and seeded before.
 */
export function runPrimary(processes: number): void {
  const log = lifecycleLog(processLogger);
  const started = new Map<Worker, number>();
  let quickExits = 0;
  let stopping = false;
  let exitCode = 0;

  const fork = () => started.set(cluster.fork(), Date.now());
  const alive = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && !w.isDead());

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (started.get(worker) ?? 0);
    started.delete(worker);
    if (stopping) {
      if (code !== 0 && signal === null) exitCode = 1;
      if (alive().length === 0) process.exit(exitCode);
      return;
    }
    quickExits = lived < QUICK_EXIT_MS ? quickExits + 1 : 0;
    if (quickExits >= MAX_QUICK_EXITS) {
      log.error(`core-api: API processes keep failing at start (${quickExits} in a row); stopping`);
      stop('SIGTERM', 1);
      return;
    }
    log.error(`core-api: process ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another`);
    // A worker that failed at once waits a moment, so a lasting fault does not spin the CPU.
    setTimeout(fork, quickExits > 0 ? 1_000 : 0);
  });

  const stop = (signal: NodeJS.Signals, code = 0): void => {
    if (stopping) {
      if (signal === 'SIGINT') {
        // A second Ctrl+C means "now".
        for (const worker of alive()) worker.process.kill('SIGKILL');
        process.exit(1);
      }
      return;
    }
    stopping = true;
    exitCode = code;
    log.info(`core-api: ${signal} received, stopping ${alive().length} API processes`);
    // SIGTERM even on Ctrl+C: the terminal already sent SIGINT to the workers, and a second SIGINT
    // would tell them to skip draining.
    for (const worker of alive()) worker.process.kill('SIGTERM');
    if (alive().length === 0) process.exit(exitCode);
    setTimeout(() => {
      for (const worker of alive()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, DRAIN_MS).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  for (let i = 0; i < processes; i += 1) fork();
  log.info(`core-api: ${processes} API processes (primary ${process.pid})`);
}
