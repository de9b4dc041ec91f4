import { randomUUID } from 'node:crypto';
import { createTestUser } from '../testing/auth';
import { startTestApp, type TestApp } from '../testing/test-app';
import { requireUser } from './require-user';
import { issueAccessToken } from './tokens';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  t.app.get('/v1/test/me', async (request) => ({ header: { isSuccess: true, customerMessage: '' }, body: { id: requireUser(request).id } }));
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
    ['forged signature', `Bearer ${issueAccessToken('another-secret', { sub: randomUUID(), fam: randomUUID() }).token}`],
    ['not a bearer', 'Basic abc'],
  ])('refuses a %s token with 401', async (_name, authorization) => {
    const res = await t.request({ method: 'GET', url: '/v1/test/me', headers: { authorization } });
    expect(res.statusCode).toBe(401);
    expect(res.json().header.isSuccess).toBe(false);
  });

  it('answers 407 for an expired token so the client refreshes', async () => {
    const past = Math.floor(Date.now() / 1000) - 3600;
    const { token } = issueAccessToken(t.config.jwtSecret, { sub: randomUUID(), fam: randomUUID() }, past, 60);
    const res = await t.request({ method: 'GET', url: '/v1/test/me', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(407);
    expect(res.json().header.customerMessage).toMatch(/expired/);
  });

  it('refuses a token whose payload was edited', async () => {
    const user = await createTestUser(t.db, t.config.jwtSecret);
    const [h, , s] = user.token.split('.');
    const edited = Buffer.from(JSON.stringify({ sub: randomUUID(), fam: 'x', iat: 0, exp: 9999999999 })).toString('base64url');
    const res = await t.request({ method: 'GET', url: '/v1/test/me', headers: { authorization: `Bearer ${h}.${edited}.${s}` } });
    expect(res.statusCode).toBe(401);
  });
});
