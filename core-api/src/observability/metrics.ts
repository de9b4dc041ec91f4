import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/envelope';
import { forOperators } from '../http/language';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * One registry per process: payments, notices and jobs count into it from deep inside their modules,
 * with no app at hand. Several apps in one process (tests) add into the same figures.
 */
export const metricsRegistry = new Registry();

// Node's own figures (event-loop delay from perf_hooks, heap, GC, handles, CPU), sampled by prom-client.
collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: 10 });

const httpRequests = new Counter({
  name: 'http_requests_total',
  help: forOperators('HTTP requests answered, by method, route pattern and status.'),
  labelNames: ['method', 'route', 'status'] as const,
  registers: [metricsRegistry],
});

const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: forOperators('Time to answer an HTTP request, by method, route pattern and status.'),
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

const jobRuns = new Counter({
  name: 'job_runs_total',
  help: forOperators('Scheduled job runs, by job and outcome (ok, failed).'),
  labelNames: ['job', 'outcome'] as const,
  registers: [metricsRegistry],
});

const paymentOutcomes = new Counter({
  name: 'payment_outcomes_total',
  help: forOperators('Payments settled, by method and status (paid, failed, declined, timed_out, …).'),
  labelNames: ['method', 'status'] as const,
  registers: [metricsRegistry],
});

const noticeOutcomes = new Counter({
  name: 'notice_outcomes_total',
  help: forOperators('Notice sends, by channel and status (sent, retry, failed).'),
  labelNames: ['channel', 'status'] as const,
  registers: [metricsRegistry],
});

/** A PostgreSQL pool's counts as pg.Pool keeps them. */
interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}
const pools = new Map<string, PoolCounts>();

new Gauge({
  name: 'db_pool_connections',
  help: forOperators('Database pool connections by pool and state (total, idle, waiting clients).'),
  labelNames: ['pool', 'state'] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset();
    for (const [name, pool] of pools) {
      this.set({ pool: name, state: 'total' }, pool.totalCount);
      this.set({ pool: name, state: 'idle' }, pool.idleCount);
      this.set({ pool: name, state: 'waiting' }, pool.waitingCount);
    }
  },
});

/** Reports a pool's usage on /metrics until it is forgotten (closed). */
export function watchPool(name: string, pool: PoolCounts): () => void {
  pools.set(name, pool);
  return () => {
    if (pools.get(name) === pool) pools.delete(name);
  };
}

export function countJobRun(job: string, outcome: 'ok' | 'failed'): void {
  jobRuns.inc({ job, outcome });
}

export function countPaymentOutcome(method: string, status: string): void {
  paymentOutcomes.inc({ method, status });
}

export function countNoticeOutcome(channel: string, status: 'sent' | 'retry' | 'failed'): void {
  noticeOutcomes.inc({ channel, status });
}

/** Counted per request from the route pattern only: raw URLs would make a series per product id. */
export function observeRequest(method: string, route: string | undefined, status: number, seconds: number): void {
  const labels = { method, route: route ?? 'unmatched', status: String(status) };
  httpRequests.inc(labels);
  httpDuration.observe(labels, seconds);
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics in Prometheus' text format. Production asks for `Authorization: Bearer METRICS_TOKEN`
 * (and refuses everyone when it is unset): route names and volumes are not for the public. Open
 * elsewhere, so a local Prometheus or curl just works.
 */
export function metricsRoute(app: FastifyInstance, { production, token }: { production: boolean; token: string | undefined }): void {
  app.get('/metrics', async (request, reply) => {
    if (production) {
      const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      if (token === undefined || given === undefined || !sameToken(given, token)) {
        void reply.header('www-authenticate', 'Bearer');
        throw new ApiError(401, 'The metrics token is missing or wrong.');
      }
    }
    const text = await metricsRegistry.metrics();
    return reply.header('content-type', metricsRegistry.contentType).header('cache-control', 'no-store').send(text);
  });
}
