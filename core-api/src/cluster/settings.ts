import { ConfigError } from '../config';

/** How this API process runs beside others: read from the environment by server.ts. */
export interface ProcessSettings {
  /** API_PROCESSES: worker processes sharing the port (node:cluster); 1 runs the API in this process. */
  processes: number;
  /** SCHEDULER_TICK_MS: how often each process checks for due jobs. */
  schedulerTickMs: number;
  /** JOB_INTERVALS ("order-expiry=1000,purge-rate-limits=60000", ms): overrides of jobs' intervals. */
  jobIntervals: Record<string, number>;
}

const MAX_PROCESSES = 64;

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got ${JSON.stringify(raw)}).`);
  }
  return value;
}

export function processSettings(env: NodeJS.ProcessEnv, databaseUrl: string | undefined): ProcessSettings {
  const processes = integer(env, 'API_PROCESSES', 1, 1, MAX_PROCESSES);
  if (processes > 1 && databaseUrl === undefined) {
    throw new ConfigError(
      `API_PROCESSES=${processes} needs DATABASE_URL: the embedded database can be opened by one process only. Set DATABASE_URL to a PostgreSQL server, or leave API_PROCESSES unset.`,
    );
  }
  const jobIntervals: Record<string, number> = {};
  for (const pair of (env.JOB_INTERVALS ?? '').split(',')) {
    if (pair.trim() === '') continue;
    const match = /^\s*([a-z0-9-]+)\s*=\s*(\d+)\s*$/.exec(pair);
    if (match === null || Number(match[2]) < 100) {
      throw new ConfigError(`JOB_INTERVALS must read like "order-expiry=60000" (milliseconds, at least 100); got ${JSON.stringify(pair)}.`);
    }
    jobIntervals[match[1]!] = Number(match[2]);
  }
  return { processes, schedulerTickMs: integer(env, 'SCHEDULER_TICK_MS', 30_000, 50, 3_600_000), jobIntervals };
}
