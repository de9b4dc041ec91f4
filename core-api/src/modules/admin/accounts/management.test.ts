import type { AdminAccount, AdminAccountPage, AdminAction, AdminSeller } from '@shambasoko/contracts';
import { sql } from 'kysely';
import { accountFor } from '../../identity/test-fixtures';
import { createTestUser, type TestUser } from '../../../testing/auth';
import { emulatorSignIn, emulatorSignUp } from '../../../testing/auth-emulator';
import { createShop } from '../../../testing/shops';
import type { TestApp, TestResponse } from '../../../testing/test-app';
import { useTestApp } from '../../../testing/use-test-app';

let t: TestApp;
useTestApp((app) => (t = app), { authEmulator: true, env: { AUTH_RATE_LIMIT_PER_IP: '1000' } });

type Envelope<T> = { header: { isSuccess: boolean; customerMessage: string }; body: T };
const json = <T>(res: TestResponse) => res.json<Envelope<T>>();
const get = (headers: object, url: string) => t.request({ method: 'GET', url, headers: headers as Record<string, string> });
const post = (headers: object, url: string, payload: object) =>
  t.request({ method: 'POST', url, headers: headers as Record<string, string>, payload });

let admin: TestUser;
beforeAll(async () => {
  admin = await createTestUser(t.db, t.config.jwtSecret, { firstName: 'Achieng', lastName: 'Admin', roles: ['Admin'] });
});

/** A real account made through the identity provider, signed in: its access and refresh tokens. */
async function signedUpPerson() {
  const account = await emulatorSignUp();
  const res = await t.request({
    method: 'POST',
    url: '/v1/auth/create-account',
    payload: { idToken: account.idToken, account: accountFor(account) },
  });
  expect(res.statusCode).toBe(201);
  const body = res.json<{ body: { auth: { accessToken: string }; user: { id: string } } }>().body;
  const cookie = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('shambasoko_refresh='))!;
  return { account, id: body.user.id, headers: { authorization: `Bearer ${body.auth.accessToken}` }, cookie: cookie.split(';')[0]! };
}

const signIn = async (account: { email: string; password: string }) =>
  t.request({ method: 'POST', url: '/v1/auth/login', payload: { idToken: await emulatorSignIn(account.email, account.password) } });

describe('suspend and restore', () => {
  it("ends the person's open sign-in at once, refuses a new one with 403, and a restore lets them back in; both audited", async () => {
    const person = await signedUpPerson();
    expect((await get(person.headers, '/v1/profile/status')).statusCode).toBe(200);

    const suspended = await post(admin.headers, `/v1/admin/accounts/${person.id}/suspend`, { reason: 'Fake listings reported by buyers' });
    expect(suspended.statusCode).toBe(200);
    expect(json<AdminAccount>(suspended).header.customerMessage).toBe('Account suspended');
    expect(json<AdminAccount>(suspended).body).toMatchObject({
      id: person.id,
      status: 'suspended',
      suspension: { reason: 'Fake listings reported by buyers' },
    });

    // The token it already holds stops on the next request, and its refresh token is refused.
    const after = await get(person.headers, '/v1/profile/status');
    expect(`${after.statusCode} ${json(after).header.customerMessage}`).toBe('401 Your session has ended. Please sign in again.');
    const refreshed = await t.request({ method: 'POST', url: '/v1/auth/refresh', headers: { cookie: person.cookie } });
    expect(refreshed.statusCode).toBe(401);

    const refused = await signIn(person.account);
    expect(`${refused.statusCode} ${json(refused).header.customerMessage}`).toBe(
      '403 This account is suspended. Contact ShambaSoko support if you think this is a mistake.',
    );

    const restored = await post(admin.headers, `/v1/admin/accounts/${person.id}/restore`, { reason: 'Seller explained, listings fixed' });
    expect(json<AdminAccount>(restored).body).toMatchObject({ status: 'active', suspension: null });
    expect((await signIn(person.account)).statusCode).toBe(200);

    const history = json<{ items: AdminAction[] }>(await get(admin.headers, `/v1/admin/actions?subject=account:${person.id}`)).body.items;
    expect(history.map((a) => [a.action, a.actorName, a.reason, a.before, a.after])).toEqual([
      ['account.restore', 'Achieng Admin', 'Seller explained, listings fixed', { status: 'suspended' }, { status: 'active' }],
      ['account.suspend', 'Achieng Admin', 'Fake listings reported by buyers', { status: 'active' }, { status: 'suspended' }],
    ]);
  });

  it('an Admin cannot suspend themselves; suspending twice or restoring an active account is a 409; a reason is required', async () => {
    const self = await post(admin.headers, `/v1/admin/accounts/${admin.id}/suspend`, { reason: 'test' });
    expect(`${self.statusCode} ${json(self).header.customerMessage}`).toBe(
      '409 You cannot suspend your own account. Ask another administrator to do it.',
    );
    const other = await createTestUser(t.db, t.config.jwtSecret, { roles: ['Buyer'] });
    expect((await post(admin.headers, `/v1/admin/accounts/${other.id}/restore`, { reason: 'x' })).statusCode).toBe(409);
    expect((await post(admin.headers, `/v1/admin/accounts/${other.id}/suspend`, { reason: '  ' })).statusCode).toBe(400);
    expect((await post(admin.headers, `/v1/admin/accounts/${other.id}/suspend`, { reason: 'spam' })).statusCode).toBe(200);
    expect((await post(admin.headers, `/v1/admin/accounts/${other.id}/suspend`, { reason: 'spam' })).statusCode).toBe(409);
    expect((await post(admin.headers, '/v1/admin/accounts/not-a-uuid/suspend', { reason: 'spam' })).statusCode).toBe(404);
  });
});

describe('GET /v1/admin/accounts', () => {
  it('finds accounts by name, e-mail or phone, filters by role and status, and pages with a cursor', async () => {
    const wanjiru = await createTestUser(t.db, t.config.jwtSecret, { firstName: 'Wanjiru', lastName: 'Zebedayo', roles: ['Buyer'] });
    await t.db.updateTable('users').set({ msisdn: '+254798123456' }).where('id', '=', wanjiru.id).execute();
    const found = async (query: string) =>
      json<AdminAccountPage>(await get(admin.headers, `/v1/admin/accounts?${query}`)).body.items.map((a) => a.id);

    expect(await found('q=zebedayo')).toEqual([wanjiru.id]);
    expect(await found(`q=${encodeURIComponent(wanjiru.email.toUpperCase())}`)).toEqual([wanjiru.id]);
    expect(await found('q=0798%20123%20456')).toEqual([wanjiru.id]);
    expect(await found('q=zebedayo&role=Farmer')).toEqual([]);
    expect(await found('q=zebedayo&role=Buyer&status=active')).toEqual([wanjiru.id]);
    expect(await found('q=zebedayo&status=suspended')).toEqual([]);
    expect(await found('q=%25')).not.toContain(wanjiru.id);

    for (let i = 0; i < 21; i += 1) await createTestUser(t.db, t.config.jwtSecret, { firstName: 'Pagey', lastName: `P${i}` });
    const first = json<AdminAccountPage>(await get(admin.headers, '/v1/admin/accounts?q=pagey')).body;
    expect(first.items).toHaveLength(20);
    const second = json<AdminAccountPage>(await get(admin.headers, `/v1/admin/accounts?q=pagey&cursor=${first.nextCursor}`)).body;
    expect(second.items).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.items, ...second.items].map((a) => a.id)).size).toBe(21);

    // Accounts made in one transaction share created_at to the microsecond: the cursor must not skip them.
    for (let i = 0; i < 21; i += 1) await createTestUser(t.db, t.config.jwtSecret, { firstName: 'Sametime', lastName: `S${i}` });
    await sql`update users set created_at = '2026-01-01T00:00:00.123456Z' where first_name = 'Sametime'`.execute(t.db);
    const sameFirst = json<AdminAccountPage>(await get(admin.headers, '/v1/admin/accounts?q=sametime')).body;
    const sameSecond = json<AdminAccountPage>(
      await get(admin.headers, `/v1/admin/accounts?q=sametime&cursor=${sameFirst.nextCursor}`),
    ).body;
    expect(new Set([...sameFirst.items, ...sameSecond.items].map((a) => a.id)).size).toBe(21);

    const one = json<AdminAccount>(await get(admin.headers, `/v1/admin/accounts/${wanjiru.id}`)).body;
    expect(one).toMatchObject({ name: 'Wanjiru Zebedayo', phone: '+254798123456', roles: ['Buyer'], status: 'active' });
    expect((await get(admin.headers, '/v1/admin/accounts?cursor=bm9wZQ')).statusCode).toBe(400);
    // Well-formed but not a real moment (30 February): refused, not handed to PostgreSQL to fail with a 500.
    const impossible = Buffer.from(`2026-02-30T00:00:00.000000|${wanjiru.id}`).toString('base64url');
    expect((await get(admin.headers, `/v1/admin/accounts?cursor=${impossible}`)).statusCode).toBe(400);
    expect((await get(admin.headers, `/v1/admin/products?cursor=${impossible}`)).statusCode).toBe(400);
    const notAnId = Buffer.from(`2026-02-03T00:00:00.000000|${'-'.repeat(36)}`).toString('base64url');
    expect((await get(admin.headers, `/v1/admin/accounts?cursor=${notAnId}`)).statusCode).toBe(400);
  });
});

describe('seller verification queue and the audit of other Admin actions', () => {
  it('lists unverified sellers; verifying one takes it off the queue and is audited, as is an Admin grant', async () => {
    const shop = await createShop(t.db, t.config.jwtSecret, { name: 'Queue' });
    const queue = async () => json<{ items: AdminSeller[] }>(await get(admin.headers, '/v1/admin/sellers?verified=false')).body.items;
    expect((await queue()).map((s) => s.id)).toContain(shop.sellerId);

    const verified = await t.request({
      method: 'PUT',
      url: `/v1/admin/sellers/${shop.sellerId}/verified`,
      headers: admin.headers,
      payload: { verified: true },
    });
    expect(verified.statusCode).toBe(200);
    expect((await queue()).map((s) => s.id)).not.toContain(shop.sellerId);
    const sellerHistory = json<{ items: AdminAction[] }>(
      await get(admin.headers, `/v1/admin/actions?subject=seller:${shop.sellerId}`),
    ).body;
    expect(sellerHistory.items.map((a) => [a.action, a.before, a.after])).toEqual([
      ['seller.verify', { verified: false }, { verified: true }],
    ]);

    await t.request({
      method: 'PUT',
      url: '/v1/admin/accounts/admin-role',
      headers: admin.headers,
      payload: { email: shop.user.email, granted: true },
    });
    const roleHistory = json<{ items: AdminAction[] }>(await get(admin.headers, `/v1/admin/actions?subject=account:${shop.user.id}`)).body;
    expect(roleHistory.items.map((a) => [a.action, a.before, a.after])).toEqual([
      ['account.admin_grant', { roles: ['Farmer'] }, { roles: ['Admin', 'Farmer'] }],
    ]);
  });
});
