import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { createTestUser } from '../testing/auth';
import { startTestApp, type TestApp } from '../testing/test-app';
import { requireUser } from './require-user';
import { issueAccessToken } from './tokens';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  t.app.get('/v1/test/me', async (request) => ({
    header: { isSuccess: true, customerMessage: '' },
    body: { id: requireUser(request).id },
  }));
});
afterAll(async () => t.close());

describe('access tokens', () => {
  it('lets a valid token through and identifies the user', async () => {
    const user = await createTestUser(t.db, t.config.jwtSecret);
    const res = await t.request({ method: 'GET', url: '/v1/test/me', headers: user.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ body: { id: string } }>().body.id).toBe(user.id);
  });

  it('answers 401 in the envelope without a token', async () => {
    const res = await t.request({ method: 'GET', url: '/v1/test/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json().header).toEqual({ isSuccess: false, customerMessage: 'Please sign in to continue.' });
  });

  it.each([
    ['garbage', 'Bearer not-a-token'],
    ['not a bearer', 'Basic abc'],
  ])('refuses a %s token with 401', async (_name, authorization) => {
    const res = await t.request({ method: 'GET', url: '/v1/test/me', headers: { authorization } });
    expect(res.statusCode).toBe(401);
    expect(res.json().header.isSuccess).toBe(false);
  });

  it('answers 407 for an expired token so the client refreshes', async () => {
    const user = await createTestUser(t.db, t.config.jwtSecret);
    const fam = claimsOf(user.token).fam as string;
    const past = Math.floor(Date.now() / 1000) - 3600;
    const { token } = await issueAccessToken(t.config.jwtSecret, { sub: user.id, fam }, past, 60);
    const res = await t.request({ method: 'GET', url: '/v1/test/me', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(407);
    expect(res.json().header.customerMessage).toMatch(/expired/);
  });

  it('refuses a well-signed token whose session does not exist', async () => {
    const user = await createTestUser(t.db, t.config.jwtSecret);
    const { token } = await issueAccessToken(t.config.jwtSecret, { sub: user.id, fam: randomUUID() });
    const res = await t.request({ method: 'GET', url: '/v1/test/me', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(401);
  });

  it("refuses a token naming another user than its session's", async () => {
    const [a, b] = [await createTestUser(t.db, t.config.jwtSecret), await createTestUser(t.db, t.config.jwtSecret)];
    const { token } = await issueAccessToken(t.config.jwtSecret, { sub: b.id, fam: claimsOf(a.token).fam as string });
    expect((await t.request({ method: 'GET', url: '/v1/test/me', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
  });

  it('refuses a token whose payload was edited', async () => {
    const user = await createTestUser(t.db, t.config.jwtSecret);
    const [h, , s] = user.token.split('.');
    const edited = Buffer.from(JSON.stringify({ sub: randomUUID(), fam: 'x', iat: 0, exp: 9999999999 })).toString('base64url');
    const res = await t.request({ method: 'GET', url: '/v1/test/me', headers: { authorization: `Bearer ${h}.${edited}.${s}` } });
    expect(res.statusCode).toBe(401);
  });
});

const b64 = (value: object | string) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;

describe('forged access tokens are refused with 401', () => {
  let user: Awaited<ReturnType<typeof createTestUser>>;
  let claims: Record<string, unknown>;
  const now = Math.floor(Date.now() / 1000);
  const key = () => new TextEncoder().encode(t.config.jwtSecret);
  beforeAll(async () => {
    // A real user with a live session: only the token itself is wrong in each case.
    user = await createTestUser(t.db, t.config.jwtSecret);
    claims = claimsOf(user.token);
  });

  const forgeries: Array<[string, () => Promise<string>]> = [
    ['alg none (unsigned)', async () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`],
    [
      'HS512 with the right secret',
      () =>
        new SignJWT({ fam: claims.fam })
          .setProtectedHeader({ alg: 'HS512' })
          .setSubject(user.id)
          .setIssuedAt(now)
          .setExpirationTime(now + 600)
          .sign(key()),
    ],
    [
      'the wrong secret',
      async () => (await issueAccessToken(`another-${t.config.jwtSecret}`, { sub: user.id, fam: claims.fam as string })).token,
    ],
    [
      'no fam claim',
      () =>
        new SignJWT({})
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(user.id)
          .setIssuedAt(now)
          .setExpirationTime(now + 600)
          .sign(key()),
    ],
    [
      'no sub claim',
      () =>
        new SignJWT({ fam: claims.fam })
          .setProtectedHeader({ alg: 'HS256' })
          .setIssuedAt(now)
          .setExpirationTime(now + 600)
          .sign(key()),
    ],
    [
      'no exp claim',
      () => new SignJWT({ fam: claims.fam }).setProtectedHeader({ alg: 'HS256' }).setSubject(user.id).setIssuedAt(now).sign(key()),
    ],
    [
      'no iat claim',
      () =>
        new SignJWT({ fam: claims.fam })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(user.id)
          .setExpirationTime(now + 600)
          .sign(key()),
    ],
    [
      'a re-encoded header (same claims, other key order and spacing)',
      async () => {
        const [, payload, signature] = user.token.split('.');
        return `${b64('{ "typ": "JWT", "alg": "HS256" }')}.${payload}.${signature}`;
      },
    ],
  ];

  it('accepts the genuine token (the control)', async () => {
    expect((await t.request({ method: 'GET', url: '/v1/test/me', headers: user.headers })).statusCode).toBe(200);
  });

  it.each(forgeries)('%s', async (_name, forge) => {
    const res = await t.request({ method: 'GET', url: '/v1/test/me', headers: { authorization: `Bearer ${await forge()}` } });
    expect(res.statusCode).toBe(401);
    expect(res.json().header.isSuccess).toBe(false);
  });
});
