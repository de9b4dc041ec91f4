import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { registerErrorHandlers } from '../http/error-handler';
import { type Job, runJobIfDue, startScheduler } from '../jobs/scheduler';
import { requestJson } from '../modules/payments/providers/types';
import { startTestApp, type TestApp } from '../testing/test-app';
import { currentRequestId, withRequestId } from './context';
import { configureErrorReports } from './error-report';
import { metricsRoute } from './metrics';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const TOKEN = 'metrics-token-for-the-test-0123456789';

/** A local HTTP server standing in for a provider (Daraja, Africa's Talking, a Sentry DSN): it keeps what it got. */
async function recorder(
  status = 200,
): Promise<{ url: string; got: Array<{ url: string; headers: http.IncomingHttpHeaders; body: string }>; close: () => Promise<void> }> {
  const got: Array<{ url: string; headers: http.IncomingHttpHeaders; body: string }> = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      got.push({ url: request.url ?? '', headers: request.headers, body });
      response.writeHead(status, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, got, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('observability', () => {
  let t: TestApp;
  const lines: Array<Record<string, unknown>> = [];
  beforeAll(async () => {
    t = await startTestApp({}, { logStream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) } });
    // Added before the first request: what a handler (and the provider calls it makes) sees as its id.
    t.app.get('/_diagnostics/request-id', async () => ({ id: currentRequestId() ?? null }));
    t.app.get('/_diagnostics/boom', async () => {
      throw new Error('kaboom for the error report');
    });
  }, 60_000);
  afterAll(async () => {
    configureErrorReports(undefined, 'test');
    await t?.close();
  });

  describe('request ids', () => {
    it('a request that brings no id gets a fresh one, answered and written in its log line', async () => {
      lines.length = 0;
      const response = await t.request({ method: 'GET', url: '/health' });
      const id = response.headers['x-request-id'] as string;
      expect(id).toMatch(UUID);
      expect(lines.filter((line) => line.reqId === id && line.msg === 'request')).toHaveLength(1);
    });

    it("the handler runs inside the request's id, given or made", async () => {
      const given = await t.request({ method: 'GET', url: '/_diagnostics/request-id', headers: { 'x-request-id': 'edge-abc-1' } });
      expect(given.json<{ id: string }>().id).toBe('edge-abc-1');
      const made = await t.request({ method: 'GET', url: '/_diagnostics/request-id' });
      expect(made.json<{ id: string }>().id).toBe(made.headers['x-request-id']);
    });

    it('provider calls carry the id as x-request-id', async () => {
      const provider = await recorder();
      try {
        await withRequestId('req-to-daraja-7', () => requestJson(`${provider.url}/oauth`, { method: 'GET' }));
        await requestJson(`${provider.url}/outside`, { method: 'GET' });
        expect(provider.got.map((r) => r.headers['x-request-id'])).toEqual(['req-to-daraja-7', undefined]);
      } finally {
        await provider.close();
      }
    });

    it('a scheduled job runs inside its run id, which its log lines name', async () => {
      const seen: Array<string | undefined> = [];
      const job: Job = { name: 'observability-probe', intervalMs: 1, run: async () => void seen.push(currentRequestId()) };
      const logged: Array<Record<string, unknown>> = [];
      const log = {
        info: () => undefined,
        error: () => undefined,
        child: (bindings: Record<string, unknown>) => (logged.push(bindings), log),
      };
      const scheduler = startScheduler(t.db, [job], { tickMs: 60_000, log });
      await scheduler.tick(new Date());
      await scheduler.stop();
      expect(seen).toHaveLength(1);
      expect(seen[0]).toMatch(UUID);
      expect(logged).toContainEqual({ job: 'observability-probe', jobRunId: seen[0] });
    });
  });

  describe('/metrics', () => {
    it('is open outside production and counts requests by route pattern and status, with latency, event loop and pool', async () => {
      for (let i = 0; i < 3; i += 1) await t.request({ method: 'GET', url: `/v1/products/${randomUUID()}` });
      await t.request({ method: 'GET', url: '/v1/products?limit=2' });
      const response = await t.request({ method: 'GET', url: '/metrics' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = response.payload;
      // The pattern, never the raw path: one series however many products are asked for.
      expect(text).toMatch(/^http_requests_total\{method="GET",route="\/v1\/products\/:id",status="404"\} 3$/m);
      expect(text).toMatch(/^http_requests_total\{method="GET",route="\/v1\/products",status="200"\} [1-9]/m);
      expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/v1\/products",status="200"\} \d+$/m);
      expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
      expect(text).toMatch(/^db_pool_connections\{pool="[a-z-]+",state="total"\} \d+$/m);
      expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-4/);
    });

    it('counts job runs by job and outcome', async () => {
      const ok: Job = { name: 'metrics-probe-ok', intervalMs: 1, run: async () => undefined };
      const failing: Job = {
        name: 'metrics-probe-failing',
        intervalMs: 1,
        run: async () => {
          throw new Error('probe failure');
        },
      };
      expect(await runJobIfDue(t.db, ok)).toBe(true);
      await expect(runJobIfDue(t.db, failing)).rejects.toThrow('probe failure');
      const text = (await t.request({ method: 'GET', url: '/metrics' })).payload;
      expect(text).toMatch(/^job_runs_total\{job="metrics-probe-ok",outcome="ok"\} 1$/m);
      expect(text).toMatch(/^job_runs_total\{job="metrics-probe-failing",outcome="failed"\} 1$/m);
    });

    it('asks for the bearer METRICS_TOKEN in production, and refuses everyone when it is unset', async () => {
      const ask = async (token: string | undefined, authorization?: string) => {
        const app = Fastify();
        registerErrorHandlers(app);
        metricsRoute(app, { production: true, token });
        try {
          const address = await app.listen({ port: 0, host: '127.0.0.1' });
          const response = await fetch(`${address}/metrics`, { headers: authorization ? { authorization } : {} });
          return { statusCode: response.status, body: await response.text() };
        } finally {
          await app.close();
        }
      };
      const none = await ask(TOKEN);
      expect(none.statusCode).toBe(401);
      expect(JSON.parse(none.body)).toEqual({
        header: { isSuccess: false, customerMessage: 'The metrics token is missing or wrong.' },
        body: null,
      });
      expect((await ask(TOKEN, `Bearer ${TOKEN}x`)).statusCode).toBe(401);
      expect((await ask(TOKEN, TOKEN)).statusCode).toBe(401);
      expect((await ask(undefined, `Bearer ${TOKEN}`)).statusCode).toBe(401);
      const right = await ask(TOKEN, `Bearer ${TOKEN}`);
      expect(right.statusCode).toBe(200);
      expect(right.body).toContain('http_requests_total');
    });
  });

  describe('error reports (SENTRY_DSN)', () => {
    it('posts a 5xx to the DSN as a Sentry envelope with its request id and route, and nothing for a 4xx', async () => {
      const sentry = await recorder();
      try {
        configureErrorReports(`http://public-key@${new URL(sentry.url).host}/42`, 'test');
        await t.request({ method: 'GET', url: '/v1/products/not-a-uuid' });
        const failed = await t.request({ method: 'GET', url: '/_diagnostics/boom', headers: { 'x-request-id': 'boom-1' } });
        expect(failed.statusCode).toBe(500);
        for (let i = 0; i < 50 && sentry.got.length === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
        expect(sentry.got).toHaveLength(1);
        const [report] = sentry.got;
        expect(report!.url).toBe('/api/42/envelope/');
        expect(report!.headers['x-sentry-auth']).toContain('sentry_key=public-key');
        const [, item, event] = report!.body.split('\n').map((part) => JSON.parse(part) as Record<string, unknown>);
        expect(item).toEqual({ type: 'event' });
        expect(event).toMatchObject({
          level: 'error',
          tags: { requestId: 'boom-1', route: '/_diagnostics/boom', method: 'GET' },
          exception: { values: [{ type: 'Error', value: 'kaboom for the error report' }] },
        });
      } finally {
        configureErrorReports(undefined, 'test');
        await sentry.close();
      }
    });
  });
});
