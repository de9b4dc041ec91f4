import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { stripDeviceIdentifiers } from '../../../migrations/016_data_rights';
import type { FarmUser, Order } from '@shambasoko/contracts';
import { runJobIfDue } from '../../jobs/scheduler';
import { scheduledJobs } from '../../jobs/registry';
import { ACCEPTED_POLICIES } from '../../testing/accounts';
import { emulatorSignIn, emulatorSignUp } from '../../testing/auth-emulator';
import { orderableProducts, testCheckout } from '../../testing/orders';
import type { TestApp } from '../../testing/test-app';
import { useTestApp } from '../../testing/use-test-app';
import { type Client, addMember, buildFarm, client, newClient } from '../farm/test-helpers';
import { personalDataPurgeJob } from './purge';
import { ANONYMOUS_REVIEWER } from './repository';
import { REFRESH_COOKIE } from '../identity/routes';

// Issue 12 item 9: the right of access (GET /v1/me/export) and of erasure (DELETE /v1/me), device
// data minimisation at sign-in, and the retention purge. Accounts are real Auth emulator accounts, so
// the test sees the identity provider's account go too.

type AuthBody = { body: { auth: { accessToken: string }; user: { id: string; email: string } } };

let t: TestApp;
/** No payment flow yet: the test marks the order paid, as a seller or Admin will. */
const payOrder = (id: string) => t.db.updateTable('orders').set({ status: 'paid' }).where('id', '=', id).execute();
useTestApp((app) => (t = app), { env: { AUTH_RATE_LIMIT_PER_ACCOUNT: '1000', AUTH_RATE_LIMIT_PER_IP: '1000' }, authEmulator: true });

interface Person extends Client {
  uid: string;
  password: string;
  refreshCookie: string | undefined;
}

/** Signs up through the emulator and the API, sending the old device fields an older client would. */
async function signUp(firstName: string): Promise<Person> {
  const account = await emulatorSignUp(`${firstName.toLowerCase()}-${randomUUID().slice(0, 8)}@example.co.ke`);
  const res = await t.request({
    method: 'POST',
    url: '/v1/auth/create-account',
    payload: {
      idToken: account.idToken,
      account: {
        firebaseRefId: account.uid,
        firstName,
        lastName: 'Mwangi',
        email: account.email,
        msisdn: '+254 712 000 111',
        ...ACCEPTED_POLICIES,
        roles: ['Farmer'],
        device: {
          make: 'Samsung',
          model: 'SM-A146B',
          os: 'Android',
          osVersion: '14',
          serialNumber: 'SERIAL-SECRET',
          imei: 'IMEI-SECRET',
          ipAddress: '10.1.2.3',
          macAddress: 'AA:BB:CC:DD:EE:FF',
        },
      },
    },
  });
  expect(res.statusCode).toBe(201);
  const { auth, user } = res.json<AuthBody>().body;
  const c = client(t, {
    id: user.id,
    email: user.email,
    token: auth.accessToken,
    headers: { authorization: `Bearer ${auth.accessToken}` },
  });
  // The refresh token travels only in its HttpOnly cookie.
  const setCookie = [res.headers['set-cookie'] ?? []].flat().find((line) => line.startsWith(`${REFRESH_COOKIE}=`));
  return Object.assign(c, { uid: account.uid, password: account.password, refreshCookie: setCookie?.split(';')[0] });
}

async function productIds(n: number): Promise<string[]> {
  return (await orderableProducts(t.db, { count: n, minStock: 51 })).map((p) => p.id);
}

async function placeOrder(who: Client, productId: string): Promise<Order> {
  expect((await who.post('/v1/cart/items', { productId, quantity: 1 })).status).toBe(200);
  const res = await t.request({
    method: 'POST',
    url: '/v1/orders',
    headers: { ...who.user.headers, 'idempotency-key': randomUUID() },
    payload: testCheckout(),
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ body: Order }>().body;
}

const exportOf = (who: Client) => t.request({ method: 'GET', url: '/v1/me/export', headers: who.user.headers });
const deleteAs = (who: Client, payload?: object) =>
  t.request({ method: 'DELETE', url: '/v1/me', headers: who.user.headers, ...(payload ? { payload } : {}) });

describe('sessions keep only make, model and OS', () => {
  it('drops serial number, IMEI, IP and MAC address sent by an older client', async () => {
    const person = await signUp('Device');
    const rows = await t.db.selectFrom('auth_sessions').select('device').where('user_id', '=', person.user.id).execute();
    expect(rows.map((r) => r.device)).toEqual([{ make: 'Samsung', model: 'SM-A146B', os: 'Android', osVersion: '14' }]);
  });
});

describe('migration 016 on sessions stored before it', () => {
  it('strips serial number, IMEI, IP and MAC address, keeping make, model and OS', async () => {
    const person = await newClient(t);
    const old = {
      make: 'Tecno',
      model: 'Spark 10',
      os: 'Android',
      osVersion: '13',
      serialNumber: 'S1',
      imei: '35-000',
      ipAddress: '41.90.1.2',
      macAddress: '00:11',
    };
    const row = await t.db
      .insertInto('auth_sessions')
      .values({ user_id: person.user.id, provider: 'password', device: JSON.stringify(old), expires_at: new Date(Date.now() + 86_400_000) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const empty = await t.db
      .insertInto('auth_sessions')
      .values({
        user_id: person.user.id,
        provider: 'password',
        device: JSON.stringify({ imei: 'x' }),
        expires_at: new Date(Date.now() + 86_400_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await stripDeviceIdentifiers(t.db as unknown as Kysely<unknown>);
    const device = async (id: string) =>
      (await t.db.selectFrom('auth_sessions').select('device').where('id', '=', id).executeTakeFirstOrThrow()).device;
    expect(await device(row.id)).toEqual({ make: 'Tecno', model: 'Spark 10', os: 'Android', osVersion: '13' });
    expect(await device(empty.id)).toEqual({});
  });
});

describe('GET /v1/me/export', () => {
  it("is one JSON attachment holding the caller's profile, sessions, farms, orders, reviews, favourites, notifications and cart, and nobody else's", async () => {
    const [bought, hearted, inCart] = (await productIds(3)) as [string, string, string];
    const amina = await signUp('Amina');
    const other = await signUp('Otieno');
    const farm = await buildFarm(amina, 'Amina Shamba');
    const otherFarm = await buildFarm(other, 'Otieno Shamba');
    // Amina is invited to Otieno's farm, but her address is not verified: the invitation may be meant
    // for someone else, so it stays out of her export (issue 38), as his farm's records do.
    const invitation = await addMember(other, otherFarm.farm.id, amina, 'Field Worker');
    // Farm records (issue 42) are hers too: a harvest and a sale made off the platform.
    const harvest = { date: '2027-02-20', quantity: 12, unit: 'bag_90kg', destination: 'stored' };
    expect((await amina.post(`/v1/crops/${farm.crop.id}/harvests`, harvest)).status).toBe(201);
    const sale = { date: '2027-02-21', buyer: 'Mama Mboga', quantity: 2, unit: 'bag_90kg', pricePerUnit: 4_200, paymentMethod: 'cash' };
    expect((await amina.post(`/v1/crops/${farm.crop.id}/income`, sale)).status).toBe(201);
    expect((await other.post(`/v1/crops/${otherFarm.crop.id}/income`, { ...sale, buyer: 'Otieno buyer' })).status).toBe(201);
    const order = await placeOrder(amina, bought);
    const otherOrder = await placeOrder(other, bought);
    await payOrder(order.id); // only a paid order allows a review
    expect((await amina.post(`/v1/products/${bought}/reviews`, { rating: 4, comment: 'Amina review words' })).status).toBe(201);
    expect((await amina.put(`/v1/favourites/${hearted}`)).status).toBe(200);
    expect((await amina.post('/v1/cart/items', { productId: inCart, quantity: 2 })).status).toBe(200);

    const res = await exportOf(amina);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="shambasoko-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const data = res.json<{ body: Record<string, unknown> }>().body as {
      profile: { id: string; email: string; firstName: string; msisdn: string };
      sessions: Array<Record<string, unknown>>;
      farmMemberships: Array<{ farmId: string; role: string; status: string }>;
      ownedFarms: Array<{
        farm: { id: string; name: string };
        fields: unknown[];
        seasons: unknown[];
        crops: unknown[];
        activities: unknown[];
        costs: unknown[];
        budgets: unknown[];
        harvests: Array<{ quantity: number }>;
        income: Array<{ buyer: string; total: number }>;
      }>;
      orders: Array<{ id: string; items: Array<{ product_id: string }> }>;
      reviews: Array<{ comment: string }>;
      favourites: Array<{ productId: string }>;
      notifications: Array<{ type: string }>;
      cart: Array<{ productId: string; quantity: number }>;
    };
    expect(data.profile).toMatchObject({
      id: amina.user.id,
      email: amina.user.email,
      firstName: 'Amina',
      msisdn: '+254 712 000 111',
      roles: ['Farmer'],
    });
    expect(data.sessions).toHaveLength(1);
    expect(Object.keys(data.sessions[0]!).sort()).toEqual([
      'createdAt',
      'deviceMake',
      'deviceModel',
      'id',
      'provider',
      'revokedAt',
      'revokedReason',
    ]);
    expect(data.sessions[0]).toMatchObject({ deviceMake: 'Samsung', deviceModel: 'SM-A146B' });
    expect(data.farmMemberships.map((m) => [m.farmId, m.role, m.status])).toEqual([[farm.farm.id, 'Owner', 'active']]);
    expect(data.ownedFarms).toHaveLength(1);
    expect(data.ownedFarms[0]).toMatchObject({ farm: { id: farm.farm.id, name: 'Amina Shamba' } });
    for (const part of ['fields', 'seasons', 'crops', 'activities'] as const) expect(data.ownedFarms[0]![part]).toHaveLength(1);
    expect(data.ownedFarms[0]!.harvests).toMatchObject([{ quantity: 12 }]);
    expect(data.ownedFarms[0]!.income).toMatchObject([{ buyer: 'Mama Mboga', total: 8_400 }]);
    expect(data.orders.map((o) => o.id)).toEqual([order.id]);
    expect(data.orders[0]!.items.map((i) => i.product_id)).toEqual([bought]);
    expect(data.reviews).toMatchObject([{ comment: 'Amina review words' }]);
    expect(data.favourites).toMatchObject([{ productId: hearted }]);
    expect(data.cart).toMatchObject([{ productId: inCart, quantity: 2 }]);
    expect(data.notifications.map((n) => n.type)).toEqual(['order_placed']);

    const text = res.payload;
    for (const secret of [
      other.user.id,
      other.user.email,
      otherOrder.id,
      otherFarm.farm.id,
      'Otieno Shamba',
      'Otieno buyer',
      invitation.id,
      otherFarm.field.id,
      otherFarm.season.id,
      otherFarm.activity.id,
      'IMEI-SECRET',
      'SERIAL-SECRET',
      '10.1.2.3',
      'AA:BB',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('needs a signed-in caller', async () => {
    expect((await t.request({ method: 'GET', url: '/v1/me/export' })).statusCode).toBe(401);
  });
});

describe('DELETE /v1/me', () => {
  it('refuses a confirmation that is not the account e-mail (400) and changes nothing', async () => {
    const person = await signUp('Wrong');
    for (const payload of [{ confirmEmail: 'someone.else@example.co.ke' }, { confirmEmail: '' }, {}, undefined]) {
      const res = await deleteAs(person, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ header: { isSuccess: false }, body: null });
    }
    expect(await t.db.selectFrom('users').select('id').where('id', '=', person.user.id).executeTakeFirst()).toBeDefined();
    expect(await emulatorSignIn(person.user.email, person.password)).toEqual(expect.any(String));
  });

  it('refuses a sole Owner whose farm has other users (409, naming the farm) until they are gone', async () => {
    const owner = await signUp('Owner');
    const helper = await newClient(t);
    const fx = await buildFarm(owner, 'Kilimo Bora');
    const membership: FarmUser = await addMember(owner, fx.farm.id, helper, 'Field Worker');
    const res = await deleteAs(owner, { confirmEmail: owner.user.email });
    expect(res.statusCode).toBe(409);
    expect(res.json().header.customerMessage).toContain('“Kilimo Bora”');
    expect(await t.db.selectFrom('farms').select('id').where('id', '=', fx.farm.id).executeTakeFirst()).toBeDefined();
    expect(await t.db.selectFrom('users').select('id').where('id', '=', owner.user.id).executeTakeFirst()).toBeDefined();

    expect((await owner.del(`/v1/farm-users/${membership.id}`)).status).toBe(200);
    expect((await deleteAs(owner, { confirmEmail: owner.user.email.toUpperCase() })).statusCode).toBe(200);
    // The farm only they belonged to went with its data.
    expect(await t.db.selectFrom('farms').select('id').where('id', '=', fx.farm.id).executeTakeFirst()).toBeUndefined();
    expect(await t.db.selectFrom('fields').select('id').where('farm_id', '=', fx.farm.id).execute()).toEqual([]);
  });

  it("erases the account: user row, memberships, cart, favourites, notifications, sessions and the provider's account; orders stay, anonymised", async () => {
    const [bought, hearted] = (await productIds(2)) as [string, string];
    const person = await signUp('Leaving');
    const stays = await signUp('Staying');
    const theirFarm = await buildFarm(stays, 'Staying Farm');
    const membership = await addMember(stays, theirFarm.farm.id, person, 'Viewer');
    const ownFarm = await buildFarm(person, 'Leaving Farm');
    const order = await placeOrder(person, bought);
    const kept = await placeOrder(stays, bought);
    await payOrder(order.id);
    expect((await person.post(`/v1/products/${bought}/reviews`, { rating: 5, comment: 'Good seed' })).status).toBe(201);
    expect((await person.put(`/v1/favourites/${hearted}`)).status).toBe(200);
    expect((await person.post('/v1/cart/items', { productId: hearted, quantity: 1 })).status).toBe(200);
    // A second sign-in: every session goes.
    const idToken = await emulatorSignIn(person.user.email, person.password);
    expect(
      (await t.request({ method: 'POST', url: '/v1/auth/login', payload: { idToken, device: { make: 'Apple', model: 'iPhone' } } }))
        .statusCode,
    ).toBe(200);

    // The session check caches a session for a few seconds: warm it, so the test shows deletion ends it at once.
    expect((await person.get('/v1/cart')).status).toBe(200);
    const res = await deleteAs(person, { confirmEmail: ` ${person.user.email} ` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ header: { isSuccess: true }, body: null });

    const id = person.user.id;
    expect(await t.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    for (const table of ['auth_sessions', 'notifications', 'carts', 'favourites', 'idempotency_keys'] as const) {
      expect(`${table}: ${(await t.db.selectFrom(table).select('user_id').where('user_id', '=', id).execute()).length}`).toBe(
        `${table}: 0`,
      );
    }
    expect(await t.db.selectFrom('farm_members').select('id').where('user_id', '=', id).execute()).toEqual([]);
    // Their address was never verified: the invitation to it may be someone else's, and stays (issue 38).
    expect(await t.db.selectFrom('farm_members').select(['id', 'status']).where('email', '=', person.user.email).execute()).toEqual([
      { id: membership.id, status: 'invited' },
    ]);
    expect(await t.db.selectFrom('farms').select('id').where('id', '=', ownFarm.farm.id).executeTakeFirst()).toBeUndefined();
    expect(await t.db.selectFrom('farms').select('id').where('id', '=', theirFarm.farm.id).executeTakeFirst()).toBeDefined();

    // The order stays for the seller's books: lines and amounts, no buyer.
    const row = await t.db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: null, total: order.total, card_last4: null });
    expect(row.shipping).toMatchObject({ firstName: '', lastName: '', email: '', phone: '', address: '', postalCode: '', city: 'Kiambu' });
    expect(await t.db.selectFrom('order_items').select(['product_id', 'quantity']).where('order_id', '=', order.id).execute()).toEqual([
      { product_id: bought, quantity: 1 },
    ]);
    expect(JSON.stringify(row)).not.toMatch(/Wanjiku|0712 345 678|Kiambu Road|wanjiku@/);
    // ...while the other buyer's order is untouched.
    expect(
      (await t.db.selectFrom('orders').select(['user_id', 'shipping']).where('id', '=', kept.id).executeTakeFirstOrThrow()).user_id,
    ).toBe(stays.user.id);

    const review = await t.db
      .selectFrom('reviews')
      .select(['user_id', 'reviewer_name', 'comment'])
      .where('comment', '=', 'Good seed')
      .executeTakeFirstOrThrow();
    expect(review).toEqual({ user_id: null, reviewer_name: ANONYMOUS_REVIEWER, comment: 'Good seed' });

    // Signed out everywhere: refresh fails, the old access token reads nothing of theirs.
    expect(person.refreshCookie).toBeDefined();
    const refreshed = await t.request({
      method: 'POST',
      url: '/v1/auth/refresh',
      headers: { cookie: person.refreshCookie ?? '', ...person.user.headers },
    });
    expect(refreshed.statusCode).toBe(401);
    expect((await exportOf(person)).statusCode).toBe(401);
    expect((await person.get('/v1/cart')).status).toBe(401);
    expect((await deleteAs(person, { confirmEmail: person.user.email })).statusCode).toBe(401);
    // The identity provider's account is gone: the e-mail and password no longer sign in.
    await expect(emulatorSignIn(person.user.email, person.password)).rejects.toThrow(/EMAIL_NOT_FOUND|USER_NOT_FOUND|INVALID/);
    // The other person's data and sign-in are unaffected.
    expect((await exportOf(stays)).statusCode).toBe(200);
  });

  it("a stranger's token cannot delete or export another account: the routes take no id", async () => {
    const victim = await signUp('Victim');
    const stranger = await newClient(t);
    for (const url of [`/v1/me?userId=${victim.user.id}`, `/v1/me/export?userId=${victim.user.id}`]) {
      const method = url.startsWith('/v1/me/export') ? 'GET' : 'DELETE';
      const res = await t.request({
        method,
        url,
        headers: stranger.user.headers,
        payload: method === 'DELETE' ? { confirmEmail: victim.user.email, userId: victim.user.id } : undefined,
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(200);
      expect(res.payload).not.toContain(victim.user.email);
    }
    expect(await t.db.selectFrom('users').select('id').where('id', '=', victim.user.id).executeTakeFirst()).toBeDefined();
  });
});

describe('retention purge (scheduled)', () => {
  it('is registered with the scheduler', () => {
    expect(scheduledJobs(t.config, t.db).map((j) => j.name)).toContain('purge-personal-data');
  });

  it('deletes sessions ended over 30 days ago and notifications read over 90 days ago, and nothing newer', async () => {
    const person = await newClient(t);
    const now = new Date('2031-06-01T00:00:00Z');
    const days = (n: number) => new Date(now.getTime() - n * 86_400_000);
    const session = (revokedAt: Date | null, expiresAt = days(-25)) =>
      t.db
        .insertInto('auth_sessions')
        .values({ user_id: person.user.id, provider: 'password', revoked_at: revokedAt, expires_at: expiresAt })
        .returning('id')
        .executeTakeFirstOrThrow();
    const oldRevoked = await session(days(31));
    const recentRevoked = await session(days(5));
    const expiredLongAgo = await session(null, days(40));
    const live = await session(null);
    await t.db
      .insertInto('refresh_tokens')
      .values([
        { token_hash: `h-${randomUUID()}`, session_id: expiredLongAgo.id, expires_at: days(40) },
        { token_hash: `h-${randomUUID()}`, session_id: live.id, expires_at: days(-20) },
        { token_hash: `h-${randomUUID()}`, session_id: live.id, expires_at: days(45) },
      ])
      .execute();
    const note = (readAt: Date | null) =>
      t.db
        .insertInto('notifications')
        .values({ user_id: person.user.id, type: 'test', title: 'T', read_at: readAt })
        .returning('id')
        .executeTakeFirstOrThrow();
    const oldRead = await note(days(91));
    const recentRead = await note(days(10));
    const oldUnread = await note(null);

    expect(await runJobIfDue(t.db, personalDataPurgeJob(), now)).toBe(true);
    // Once a day: a second tick the same day does nothing.
    expect(await runJobIfDue(t.db, personalDataPurgeJob(), new Date(now.getTime() + 3_600_000))).toBe(false);

    const sessions = (await t.db.selectFrom('auth_sessions').select('id').where('user_id', '=', person.user.id).execute())
      .map((r) => r.id)
      .sort();
    expect(sessions).toEqual([recentRevoked.id, live.id].sort());
    const tokens = await t.db.selectFrom('refresh_tokens').select('expires_at').where('session_id', '=', live.id).execute();
    expect(tokens.map((r) => r.expires_at.getTime())).toEqual([days(-20).getTime()]);
    const notes = (await t.db.selectFrom('notifications').select('id').where('user_id', '=', person.user.id).execute())
      .map((r) => r.id)
      .sort();
    expect(notes).toEqual([recentRead.id, oldUnread.id].sort());
    expect(notes).not.toContain(oldRead.id);
    expect(sessions).not.toContain(oldRevoked.id);
    expect(sessions).not.toContain(expiredLongAgo.id);
  });
});
