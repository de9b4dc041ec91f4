import type { TestApp } from '../testing/test-app';
import { startTestApp } from '../testing/test-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('request ids and request logs', () => {
  let api: TestApp;
  const lines: Array<Record<string, unknown>> = [];
  beforeAll(async () => {
    api = await startTestApp(
      { EMAIL_STATUS_RATE_LIMIT_PER_MINUTE: '1' },
      { logStream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) } },
    );
  }, 60_000);
  afterAll(async () => {
    await api.close();
  });
  beforeEach(() => {
    lines.length = 0;
  });

  it("answers with the caller's request id", async () => {
    const response = await api.request({ method: 'GET', url: '/health', headers: { 'x-request-id': 'edge-7f3a:42' } });
    expect(response.headers['x-request-id']).toBe('edge-7f3a:42');
  });

  it('makes a fresh random id for each request that brings none', async () => {
    const first = await api.request({ method: 'GET', url: '/health' });
    const second = await api.request({ method: 'GET', url: '/health' });
    expect(first.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
  });

  it.each([
    ['10,000 characters', 'a'.repeat(10_000)],
    ['129 characters', 'b'.repeat(129)],
    ['a control character', 'abc\tdef'],
    ['bytes beyond ASCII', Buffer.from('café', 'utf8').toString('latin1')],
  ])('replaces an id of %s instead of echoing it', async (_what, hostile) => {
    const response = await api.request({ method: 'GET', url: '/health', headers: { 'x-request-id': hostile } });
    expect(response.headers['x-request-id']).toMatch(UUID);
    expect(JSON.stringify(lines)).not.toContain(hostile);
  });

  it('names the id on errors, unknown routes, refused addresses and rate limits too', async () => {
    const missing = await api.request({ method: 'GET', url: '/v1/no-such-route' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-request-id']).toMatch(UUID);
    const refused = await api.request({
      method: 'GET',
      url: '/v1/products',
      headers: { 'x-request-id': 'unauthenticated-1', authorization: 'Bearer secret-token' },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['x-request-id']).toBe('unauthenticated-1');
    const badUrl = await api.request({ method: 'GET', url: '/v1/%zz', headers: { 'x-request-id': 'bad-url-1' } });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.headers['x-request-id']).toBe('bad-url-1');
    expect(lines.filter((line) => line.reqId === 'bad-url-1')).toHaveLength(1);
    const ask = () => api.request({ method: 'POST', url: '/v1/auth/email-status', payload: { email: 'not an e-mail' } });
    expect((await ask()).statusCode).toBe(400);
    const limited = await ask();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['x-request-id']).toMatch(UUID);
  });

  it('logs one info line per request with its id, route pattern, status and duration, and no query string', async () => {
    const response = await api.request({
      method: 'GET',
      url: '/v1/products?search=jane.doe%40example.com',
      headers: { 'x-request-id': 'log-probe-1', cookie: 'ss_other=secret-cookie' },
    });
    expect(response.statusCode).toBe(200);
    const mine = lines.filter((line) => line.reqId === 'log-probe-1');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ level: 30, method: 'GET', route: '/v1/products', status: 200 });
    expect(typeof mine[0]?.durationMs).toBe('number');
    const logged = JSON.stringify(lines);
    for (const secret of ['jane.doe', 'secret-cookie', 'secret-token', 'search=']) expect(logged).not.toContain(secret);
  });
});
