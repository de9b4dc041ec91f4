import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { runJobIfDue } from '../jobs/scheduler';
import { type TestApp, sendOverHttp, startTestApp } from '../testing/test-app';
import { PROMO_RATE_LIMITED } from '../modules/market/promos/routes';
import { countHit, rateLimitPurgeJob } from './rate-limit-store';

// The limits live in the database: two API processes on one database share them.

let t: TestApp;
let second: FastifyInstance;

beforeAll(async () => {
  t = await startTestApp({ PROMO_VALIDATE_RATE_LIMIT_PER_MINUTE: '3', AUTH_RATE_LIMIT_PER_IP: '4' });
  second = await buildApp({ db: t.db, config: t.config });
}, 60_000);
afterAll(async () => {
  await second?.close();
  await t?.close();
});

const onFirst = (url: string, ip: string, payload?: object) =>
  t.request({ method: 'POST', url, headers: { 'x-forwarded-for': ip }, ...(payload ? { payload } : {}) });
const onSecond = (url: string, ip: string, payload?: object) =>
  sendOverHttp(second, { method: 'POST', url, headers: { 'x-forwarded-for': ip }, ...(payload ? { payload } : {}) });

describe('rate limits shared between API instances', () => {
  it('counts promo checks from one address on both instances, then answers the 429 envelope with Retry-After', async () => {
    const body = { code: 'KARIBU10', subtotal: 5_000 };
    expect((await onFirst('/v1/promos/validate', '10.9.0.1', body)).statusCode).toBe(200);
    expect((await onSecond('/v1/promos/validate', '10.9.0.1', body)).statusCode).toBe(200);
    expect((await onFirst('/v1/promos/validate', '10.9.0.1', body)).statusCode).toBe(200);
    const refused = await onSecond('/v1/promos/validate', '10.9.0.1', body);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ header: { isSuccess: false, customerMessage: PROMO_RATE_LIMITED }, body: null });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await onFirst('/v1/promos/validate', '10.9.0.1', body)).statusCode).toBe(429);
    // Another address has its own window.
    expect((await onSecond('/v1/promos/validate', '10.9.0.2', body)).statusCode).toBe(200);
  });

  it('shares one per-address counter across the sign-in routes and instances', async () => {
    // A token the provider refuses answers 401, and the attempt still counts.
    const forged = { idToken: 'x'.repeat(40) };
    for (const send of [onFirst, onSecond, onFirst]) expect((await send('/v1/auth/login', '10.9.1.1', forged)).statusCode).toBe(401);
    // The fourth attempt comes through another sign-in route: same counter.
    expect((await onSecond('/v1/auth/create-account', '10.9.1.1', { idToken: 'short' })).statusCode).toBe(400);
    const refused = await onFirst('/v1/auth/login/google', '10.9.1.1', forged);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      header: { isSuccess: false, customerMessage: 'Too many attempts. Please wait a minute and try again.' },
      body: null,
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await onSecond('/v1/auth/login', '10.9.1.2', forged)).statusCode).toBe(401);
  });

  it('does not count session refreshes per address (people behind one carrier address share it)', async () => {
    for (let i = 0; i < 8; i += 1) {
      const send = i % 2 ? onSecond : onFirst;
      expect((await send('/v1/auth/refresh', '10.9.2.1')).statusCode).toBe(401);
    }
    // The address's sign-in budget is untouched.
    expect((await onFirst('/v1/auth/login', '10.9.2.1', { idToken: 'x'.repeat(40) })).statusCode).toBe(401);
  });

  it('counts a refresh token that no sign-in knows against the address, as a guess', async () => {
    const guess = (send: typeof onFirst) =>
      send === onFirst
        ? t.request({
            method: 'POST',
            url: '/v1/auth/refresh',
            headers: { 'x-forwarded-for': '10.9.3.1', cookie: 'shambasoko_refresh=guess' },
          })
        : sendOverHttp(second, {
            method: 'POST',
            url: '/v1/auth/refresh',
            headers: { 'x-forwarded-for': '10.9.3.1', cookie: 'shambasoko_refresh=guess' },
          });
    for (const send of [onFirst, onSecond, onFirst, onSecond]) expect((await guess(send)).statusCode).toBe(401);
    const refused = await guess(onFirst);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('e-mail checks on a phone account address', () => {
  it('answer "no account" without asking the provider, so they tell nothing about a phone number', async () => {
    const asked: string[] = [];
    const verifier = {
      verifyIdToken: async () => {
        throw new Error('not used');
      },
      accountStatus: async () => 'active' as const,
      emailExists: async (email: string) => {
        asked.push(email);
        return true;
      },
      deleteUser: async () => undefined,
    };
    const app = await buildApp({ db: t.db, config: t.config, verifier, logger: false });
    try {
      const ask = (email: string, ip: string) =>
        sendOverHttp(app, { method: 'POST', url: '/v1/auth/email-status', headers: { 'x-forwarded-for': ip }, payload: { email } });
      const standIn = await ask('254712345678@phone.shambasoko.invalid', '10.9.4.1');
      expect(standIn.statusCode).toBe(200);
      expect(standIn.json<{ body: { exists: boolean } }>().body.exists).toBe(false);
      expect(asked).toEqual([]);
      // An ordinary address is still looked up.
      expect((await ask('wanjiku@example.co.ke', '10.9.4.2')).json<{ body: { exists: boolean } }>().body.exists).toBe(true);
      expect(asked).toEqual(['wanjiku@example.co.ke']);
    } finally {
      await app.close();
    }
  });
});

describe('the client address comes only from a trusted proxy (TRUST_PROXY)', () => {
  const whoAmI = async (trustProxy: string | undefined, headers: Record<string, string>) => {
    const config = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'k'.repeat(32),
      OPERATOR_TOKEN: 'o'.repeat(32),
      ...(trustProxy ? { TRUST_PROXY: trustProxy } : {}),
    });
    const app = await buildApp({ db: t.db, config: { ...config, dataDir: t.config.dataDir }, logger: false });
    app.get('/test/ip', async (request) => ({ ip: request.ip }));
    try {
      return (await sendOverHttp(app, { method: 'GET', url: '/test/ip', headers })).json<{ ip: string }>().ip;
    } finally {
      await app.close();
    }
  };

  it('trusts nobody by default in production: a client cannot name its own address', async () => {
    expect(await whoAmI(undefined, { 'x-forwarded-for': '203.0.113.9' })).toBe('127.0.0.1');
  });

  it('takes the address the configured proxy (by address, or by hop count) saw', async () => {
    expect(await whoAmI('127.0.0.1', { 'x-forwarded-for': '198.51.100.1, 203.0.113.9' })).toBe('203.0.113.9');
    expect(await whoAmI('127.0.0.0/8', { 'x-forwarded-for': '203.0.113.9' })).toBe('203.0.113.9');
    expect(await whoAmI('1', { 'x-forwarded-for': '198.51.100.1, 203.0.113.9' })).toBe('203.0.113.9');
    // A proxy that is not the peer is not believed.
    expect(await whoAmI('10.0.0.0/8', { 'x-forwarded-for': '203.0.113.9' })).toBe('127.0.0.1');
  });
});

describe('the PostgreSQL store', () => {
  it('counts within a window and starts again at 1 once it has ended', async () => {
    expect(await countHit(t.db, 'test:window', 60_000)).toMatchObject({ current: 1 });
    const second = await countHit(t.db, 'test:window', 60_000);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(50_000);
    expect(second.ttl).toBeLessThanOrEqual(60_000);
    await t.db
      .updateTable('rate_limits')
      .set({ reset_at: new Date(Date.now() - 1_000) })
      .where('key', '=', 'test:window')
      .execute();
    expect(await countHit(t.db, 'test:window', 60_000)).toMatchObject({ current: 1 });
  });

  it('counts concurrent hits exactly', async () => {
    const counts = await Promise.all(Array.from({ length: 20 }, () => countHit(t.db, 'test:concurrent', 60_000)));
    expect(counts.map((c) => c.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('purges ended windows and keeps live ones', async () => {
    await countHit(t.db, 'test:ended', 60_000);
    await countHit(t.db, 'test:live', 60_000);
    await t.db
      .updateTable('rate_limits')
      .set({ reset_at: new Date(Date.now() - 1_000) })
      .where('key', '=', 'test:ended')
      .execute();
    expect(await runJobIfDue(t.db, rateLimitPurgeJob())).toBe(true);
    const keys = (await t.db.selectFrom('rate_limits').select('key').where('key', 'in', ['test:ended', 'test:live']).execute()).map(
      (r) => r.key,
    );
    expect(keys).toEqual(['test:live']);
  });
});
