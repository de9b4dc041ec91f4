import { expect, test } from '@playwright/test';

// /metrics is the API's own (port 4000); the stack runs in development, where it asks for no token.
const API = 'http://localhost:4000';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test.use({ viewport: { width: 412, height: 915 } });

test("an operator can follow a phone's visit: request ids on the page and its API calls, counted on /metrics", async ({
  page,
  request,
}) => {
  const catalogCalls: Array<string | undefined> = [];
  page.on('response', (answer) => {
    if (new URL(answer.url()).pathname.startsWith('/v1/products')) catalogCalls.push(answer.headers()['x-request-id']);
  });

  // The static server names each answer it gives, the page included.
  const opened = await page.goto('/market');
  expect(opened?.headers()['x-request-id']).toMatch(UUID);
  await expect(page.getByRole('heading', { level: 1, name: 'Marketplace' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Featured Products' })).toBeVisible();
  await expect.poll(() => catalogCalls.length).toBeGreaterThan(0);
  for (const id of catalogCalls) expect(id).toMatch(UUID);

  // An id given at the edge comes back through the static server's proxy and the API unchanged.
  const traced = await request.get('/v1/products/featured', { headers: { 'x-request-id': 'e2e-edge-trace-1' } });
  expect(traced.status()).toBe(200);
  expect(traced.headers()['x-request-id']).toBe('e2e-edge-trace-1');

  // The API counts what it answered by route pattern and status, with its latency and event-loop delay.
  const metrics = await request.get(`${API}/metrics`);
  expect(metrics.status()).toBe(200);
  const text = await metrics.text();
  expect(text).toMatch(/^http_requests_total\{method="GET",route="\/v1\/products\/featured",status="200"\} [1-9]\d*$/m);
  expect(text).toMatch(/^http_request_duration_seconds_count\{method="GET",route="\/v1\/products\/featured",status="200"\} [1-9]\d*$/m);
  expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
  expect(text).toMatch(/^db_pool_connections\{pool="embedded",state="total"\} \d+$/m);
});
