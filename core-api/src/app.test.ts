import net, { type AddressInfo } from 'node:net';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { z } from 'zod';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import type { Database } from './db/schema';
import { GENERIC_ERROR_MESSAGE } from './http/error-handler';
import { ok } from './http/envelope';
import { validated } from './http/validate';
import { type TestApp, type TestRequest, sendOverHttp, startTestApp } from './testing/test-app';

let testApp: TestApp;
const secret = 'password=hunter2 at /srv/core-api/src/secret.ts:12';

beforeAll(async () => {
  testApp = await startTestApp();
  // Test-only routes: the app has no JSON-accepting or failing route yet, but the handlers under test are global.
  testApp.app.post(
    '/test/sign-up',
    validated({ body: z.object({ email: z.email(), age: z.number().int().min(18) }) }, async ({ body }) =>
      ok({ email: body.email.toUpperCase(), nextYear: body.age + 1 }),
    ),
  );
  testApp.app.get('/test/parse-in-service', async (request) => z.object({ farmId: z.uuid() }).parse(request.query));
  testApp.app.get('/test/boom', async () => {
    throw new Error(secret);
  });
}, 60_000);

afterAll(async () => {
  await testApp?.close();
});

const inject = (request: TestRequest) => testApp.request(request);

function expectNoInternals(payload: string): void {
  expect(payload).not.toMatch(/hunter2|\.ts:\d|\bat \w+ \(|SyntaxError|stack/);
}

describe('core-api app', () => {
  it('GET /health answers ok after reaching the database', async () => {
    const res = await inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      header: { isSuccess: true, customerMessage: 'Success' },
      body: { status: 'ok', database: 'up' },
    });
  });

  it('answers an unknown route with a 404 envelope naming it', async () => {
    const res = await inject({ method: 'GET', url: '/x?token=abc' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ header: { isSuccess: false, customerMessage: 'Route GET /x not found' }, body: null });
  });

  it('passes parsed, typed input to a validated handler', async () => {
    const res = await inject({ method: 'POST', url: '/test/sign-up', payload: { email: 'wanjiru@example.com', age: 30 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().body).toEqual({ email: 'WANJIRU@EXAMPLE.COM', nextYear: 31 });
  });

  it('rejects invalid input with 400 and a message naming each field', async () => {
    const res = await inject({ method: 'POST', url: '/test/sign-up', payload: { email: 'not-an-email', age: 12 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().header).toEqual({
      isSuccess: false,
      customerMessage: 'email: Invalid email address; age: Too small: expected number to be >=18',
    });
  });

  it('names the body itself when it is missing', async () => {
    const res = await inject({ method: 'POST', url: '/test/sign-up' });
    expect(res.statusCode).toBe(400);
    expect(res.json().header.customerMessage).toBe('body: Invalid input: expected object, received undefined');
  });

  it('treats a zod failure thrown deeper in a handler as a bad request too', async () => {
    const res = await inject({ method: 'GET', url: '/test/parse-in-service?farmId=7' });
    expect(res.statusCode).toBe(400);
    expect(res.json().header.customerMessage).toBe('farmId: Invalid UUID');
  });

  it('answers malformed JSON with 400 and no parser detail', async () => {
    const res = await inject({
      method: 'POST',
      url: '/test/sign-up',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.co",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ header: { isSuccess: false, customerMessage: 'The request body is not valid JSON.' }, body: null });
    expectNoInternals(res.payload);
  });

  it('answers a body over the limit with 413', async () => {
    const res = await inject({
      method: 'POST',
      url: '/test/sign-up',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', padding: 'x'.repeat(1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().header).toEqual({ isSuccess: false, customerMessage: 'The request body is too large.' });
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await inject({ method: 'POST', url: '/test/sign-up', headers: { 'content-type': 'text/xml' }, payload: '<a/>' });
    expect(res.statusCode).toBe(415);
    expect(res.json().header.isSuccess).toBe(false);
  });

  it('hides an unexpected error behind a generic 500', async () => {
    const res = await inject({ method: 'GET', url: '/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ header: { isSuccess: false, customerMessage: GENERIC_ERROR_MESSAGE }, body: null });
    expectNoInternals(res.payload);
  });

  it('allows the configured front-end origins and no others', async () => {
    const preflight = (origin: string) =>
      inject({
        method: 'OPTIONS',
        url: '/health',
        headers: { origin, 'access-control-request-method': 'PATCH', 'access-control-request-headers': 'authorization' },
      });
    const allowed = await preflight('http://localhost:3002');
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:3002');
    expect(String(allowed.headers['access-control-allow-methods'])).toContain('PATCH');
    const refused = await preflight('https://evil.example');
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('health without a database', () => {
  it('answers 503 in the envelope when the database is unreachable', async () => {
    // Port 1 refuses connections at once: no server, no waiting.
    const pool = new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none', connectionTimeoutMillis: 2000 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const app = await buildApp({ db, config: loadConfig({ NODE_ENV: 'test' }) });
    try {
      const res = await sendOverHttp(app, { method: 'GET', url: '/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json().header.isSuccess).toBe(false);
      expectNoInternals(res.payload);
      expect(res.payload).not.toContain('ECONNREFUSED');
    } finally {
      await app.close();
      await db.destroy();
    }
  });
});

describe('security headers', () => {
  it('sends nosniff, a referrer policy, a locked-down CSP and no-store on every API answer', async () => {
    const t = await startTestApp();
    try {
      for (const url of ['/health', '/v1/nope', '/v1/config']) {
        const res = await t.request({ method: 'GET', url });
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        expect(res.headers['content-security-policy']).toContain("default-src 'none'");
        expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
        expect(res.headers['permissions-policy']).toContain('camera=()');
        // Development and tests run on plain http: HSTS there would pin localhost to https.
        expect(res.headers['strict-transport-security']).toBeUndefined();
      }
      expect((await t.request({ method: 'GET', url: '/v1/config' })).headers['cache-control']).toBe('no-store');
    } finally {
      await t.close();
    }
  });

  it('sends HSTS in production', async () => {
    const t = await startTestApp({
      NODE_ENV: 'production',
      JWT_SECRET: 'a-production-secret-of-at-least-32-bytes!',
      OPERATOR_TOKEN: 'o'.repeat(32),
    });
    try {
      for (const url of ['/health', '/v1/nope']) {
        const res = await t.request({ method: 'GET', url });
        expect(res.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
      }
    } finally {
      await t.close();
    }
  });

  it('answers a request the HTTP parser cannot read with the same locked-down headers', async () => {
    await testApp.request({ method: 'GET', url: '/health' }); // listening
    const { port } = testApp.app.server.address() as AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write('GET / HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n'));
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString()));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400/);
    expect(raw).toContain("content-security-policy: default-src 'none'; frame-ancestors 'none'");
    expect(raw).toContain('x-content-type-options: nosniff');
    expect(raw).toContain('"customerMessage":"The request could not be read. Please try again."');
  });
});

describe('buildApp refuses an unsafe identity configuration, whatever the entry point', () => {
  const saved = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  afterEach(() => {
    if (saved === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    else process.env.FIREBASE_AUTH_EMULATOR_HOST = saved;
  });

  it('production with FIREBASE_AUTH_EMULATOR_HOST=" " (firebase-admin would accept unsigned tokens)', async () => {
    process.env.FIREBASE_AUTH_EMULATOR_HOST = ' ';
    const config = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'p'.repeat(48),
      OPERATOR_TOKEN: 'o'.repeat(32),
      FIREBASE_AUTH_EMULATOR_HOST: ' ',
    });
    expect(config.firebaseAuthEmulatorHost).toBeUndefined();
    await expect(buildApp({ db: testApp.db, config, logger: false })).rejects.toThrow(ConfigError);
  });

  it('builds in production without it', async () => {
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    const app = await buildApp({
      db: testApp.db,
      config: loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(48), OPERATOR_TOKEN: 'o'.repeat(32) }),
      logger: false,
    });
    await app.close();
  });
});
