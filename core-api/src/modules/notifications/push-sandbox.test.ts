import { createPaymentsSandbox, type PaymentsSandbox } from '../../../sandbox/server';
import { createTestUser, type TestUser } from '../../testing/auth';
import { createShop } from '../../testing/shops';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { tellBoth } from '../market/fulfilments/notices';
import { drainOutbox, RETRY_AFTER_MS, type Senders } from './outbox';
import { webPush } from './providers/web-push';
import { checkEndpoint } from './push';

// Web push (issue 41) against the development sandbox as `npm start` runs it: our client encrypts
// and signs, the sandbox checks the VAPID JWT and decrypts as the browser would.

let t: TestApp;
let sandbox: PaymentsSandbox;
let base: string;
let senders: Senders;

beforeAll(async () => {
  t = await startTestApp();
  sandbox = createPaymentsSandbox({ port: 0 });
  base = await sandbox.listen();
  senders = { sms: null, email: null, push: webPush(t.config.notices.push!), appUrl: 'https://shambasoko.test' };
}, 180_000);
afterAll(async () => {
  await sandbox?.close();
  await t?.close();
});

interface FakeSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** A browser that allowed notices: the sandbox plays it and keeps its private key. */
async function fakeBrowser(applicationServerKey?: string): Promise<FakeSubscription> {
  const res = await fetch(`${base}/sandbox/push/subscribers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(applicationServerKey ? { applicationServerKey } : {}),
  });
  return (await res.json()) as FakeSubscription;
}

async function subscribed(user: TestUser) {
  const key = await t.request({ method: 'GET', url: '/v1/me/push/key', headers: user.headers });
  const publicKey = (key.json() as { body: { publicKey: string } }).body.publicKey;
  const subscription = await fakeBrowser(publicKey);
  const res = await t.request({ method: 'POST', url: '/v1/me/push/subscriptions', headers: user.headers, payload: subscription });
  expect(res.statusCode).toBe(200);
  return subscription;
}

const arrived = (endpoint: string) => sandbox.pushes().filter((p) => p.endpoint === endpoint);
const pushRows = (userId: string) =>
  t.db.selectFrom('notice_outbox').selectAll().where('user_id', '=', userId).where('channel', '=', 'push').execute();
const soon = () => new Date(Date.now() + 60_000);

async function sellerPaid(prefs: Record<string, unknown>, number: number) {
  const shop = await createShop(t.db, t.config.jwtSecret, { name: `Push${number}` });
  await t.db
    .insertInto('user_preferences')
    .values({ user_id: shop.user.id, ...prefs })
    .execute();
  const subscription = await subscribed(shop.user);
  const buyer = await createTestUser(t.db, t.config.jwtSecret);
  const paid = () =>
    t.db.transaction().execute((trx) =>
      tellBoth(
        trx,
        { id: '00000000-0000-4000-8000-000000000777', number, user_id: buyer.id },
        [{ seller_id: shop.sellerId, amount: 2500 }],
        'paid',
        null,
        {
          paidBy: 'mpesa',
        },
      ),
    );
  return { shop, subscription, paid };
}

describe('the web-push client against the sandbox push service', () => {
  it('encrypts and signs so the subscriber decrypts exactly what was sent', async () => {
    const subscription = await fakeBrowser(t.config.notices.push!.publicKey);
    const payload = { title: 'Mauzo SS-000001: Imelipwa', body: 'Bei: Ksh 1,000 — “ñ” ✓', url: 'https://shambasoko.test/seller/sales' };
    const result = await webPush(t.config.notices.push!).send({ endpoint: subscription.endpoint, ...subscription.keys }, payload);
    expect(result).toEqual({ ok: true, messageId: expect.any(String) });
    const [push] = arrived(subscription.endpoint);
    expect(push).toMatchObject({ json: payload, ttl: 86_400, urgency: 'normal' });
    expect(result.ok && result.messageId).toBe(`${base}/push/messages/${push!.id}`);
  });

  it('is refused (403, no retry) by a subscription made for another VAPID key', async () => {
    const other = await fakeBrowser(`B${'A'.repeat(86)}`);
    const result = await webPush(t.config.notices.push!).send(
      { endpoint: other.endpoint, ...other.keys },
      { title: 'x', body: 'y', url: 'z' },
    );
    expect(result).toEqual({
      ok: false,
      retry: false,
      gone: false,
      error: 'HTTP 403 VAPID key is not the one the subscription was made with',
    });
    expect(arrived(other.endpoint)).toEqual([]);
  });
});

describe('push notices through the outbox', () => {
  it("a paid order's notice reaches a Kiswahili seller's phone in Kiswahili, the same words as under the bell", async () => {
    const { shop, subscription, paid } = await sellerPaid({ language: 'sw' }, 901);
    await paid();
    await drainOutbox(t.db, senders, soon());
    const bell = await t.db.selectFrom('notifications').select(['title', 'body']).where('user_id', '=', shop.user.id).execute();
    expect(bell).toHaveLength(1);
    expect(bell[0]!.title).toMatch(/^Mauzo SS-000901/);
    expect(arrived(subscription.endpoint).map((p) => p.json)).toEqual([
      { title: bell[0]!.title, body: bell[0]!.body, url: 'https://shambasoko.test/seller/sales' },
    ]);
    const [row] = await pushRows(shop.user.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    expect(row!.provider_id).toMatch(/\/push\/messages\/\d+$/);
    const stored = await t.db
      .selectFrom('push_subscriptions')
      .selectAll()
      .where('endpoint', '=', subscription.endpoint)
      .executeTakeFirstOrThrow();
    expect(stored.last_success_at).not.toBeNull();
  });

  it('sends nothing by push when the seller turned order notices off, or the push channel off', async () => {
    const kindOff = await sellerPaid({ notify_order_updates: false }, 902);
    await kindOff.paid();
    const channelOff = await sellerPaid({ push_enabled: false }, 903);
    await channelOff.paid();
    // A seller with both on, paid alike, does get one.
    const bothOn = await sellerPaid({}, 906);
    await bothOn.paid();
    await drainOutbox(t.db, senders, soon());
    expect(arrived(bothOn.subscription.endpoint)).toHaveLength(1);
    expect(await pushRows(kindOff.shop.user.id)).toEqual([]);
    expect(await pushRows(channelOff.shop.user.id)).toEqual([]);
    expect(arrived(kindOff.subscription.endpoint)).toEqual([]);
    expect(arrived(channelOff.subscription.endpoint)).toEqual([]);
    // The channel switch is push's alone: the e-mail still goes.
    const sms = await t.db.selectFrom('notice_outbox').select('channel').where('user_id', '=', channelOff.shop.user.id).execute();
    expect(sms.map((r) => r.channel)).toContain('email');
  });

  it('a subscription the push service no longer knows (410) is deleted and its notice fails once', async () => {
    const { shop, subscription, paid } = await sellerPaid({}, 904);
    const id = subscription.endpoint.split('/').pop()!;
    expect((await fetch(`${base}/sandbox/push/subscribers/${id}`, { method: 'DELETE' })).status).toBe(200);
    await paid();
    await drainOutbox(t.db, senders, soon());
    expect(await pushRows(shop.user.id)).toEqual([
      expect.objectContaining({ status: 'failed', attempts: 1, last_error: expect.stringMatching(/^HTTP 410/) }),
    ]);
    expect(await t.db.selectFrom('push_subscriptions').selectAll().where('user_id', '=', shop.user.id).execute()).toEqual([]);
  });

  it('an outage of the push service delays the notice, which then arrives exactly once', async () => {
    const { shop, subscription, paid } = await sellerPaid({}, 905);
    await paid();
    const start = soon();
    sandbox.pushOutage(true);
    try {
      await drainOutbox(t.db, senders, start);
      expect(await pushRows(shop.user.id)).toEqual([
        expect.objectContaining({ status: 'pending', attempts: 1, last_error: expect.stringMatching(/^HTTP 503/) }),
      ]);
      const stored = await t.db
        .selectFrom('push_subscriptions')
        .select('failures')
        .where('user_id', '=', shop.user.id)
        .executeTakeFirstOrThrow();
      expect(stored.failures).toBe(1);
    } finally {
      sandbox.pushOutage(false);
    }
    await drainOutbox(t.db, senders, new Date(start.getTime() + RETRY_AFTER_MS[0]!));
    await drainOutbox(t.db, senders, new Date(start.getTime() + 3 * 3_600_000));
    expect(arrived(subscription.endpoint)).toHaveLength(1);
    expect(await pushRows(shop.user.id)).toEqual([expect.objectContaining({ status: 'sent', attempts: 2 })]);
  });
});

describe('the push subscription routes', () => {
  it('give the VAPID key; the same endpoint again updates its row; unsubscribing deletes it', async () => {
    const { user } = await createShop(t.db, t.config.jwtSecret, { name: 'Routes' });
    const key = await t.request({ method: 'GET', url: '/v1/me/push/key', headers: user.headers });
    expect(key.json()).toEqual({
      header: { isSuccess: true, customerMessage: 'The key for phone notifications' },
      body: { publicKey: t.config.notices.push!.publicKey },
    });
    const first = await fakeBrowser();
    const again = await fakeBrowser();
    const post = (keys: FakeSubscription['keys']) =>
      t.request({ method: 'POST', url: '/v1/me/push/subscriptions', headers: user.headers, payload: { endpoint: first.endpoint, keys } });
    expect((await post(first.keys)).statusCode).toBe(200);
    expect((await post(again.keys)).statusCode).toBe(200);
    const rows = await t.db.selectFrom('push_subscriptions').selectAll().where('user_id', '=', user.id).execute();
    expect(rows.map((r) => [r.endpoint, r.p256dh, r.auth])).toEqual([[first.endpoint, again.keys.p256dh, again.keys.auth]]);
    const gone = await t.request({
      method: 'DELETE',
      url: '/v1/me/push/subscriptions',
      headers: user.headers,
      payload: { endpoint: first.endpoint },
    });
    expect(gone.json()).toEqual({
      header: { isSuccess: true, customerMessage: 'Phone notifications are off for this device.' },
      body: { subscribed: false },
    });
    expect(await t.db.selectFrom('push_subscriptions').selectAll().where('user_id', '=', user.id).execute()).toEqual([]);
  });

  it('in production take only an https push service on the internet', () => {
    const production = { nodeEnv: 'production' as const };
    expect(() => checkEndpoint('https://fcm.googleapis.com/fcm/send/abc', production)).not.toThrow();
    for (const bad of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://127.0.0.1/x',
      'https://localhost:4000/x',
      'https://[::1]/x',
      'https://a:b@push.example.com/x',
    ]) {
      expect(() => checkEndpoint(bad, production)).toThrow();
    }
    expect(() => checkEndpoint('http://127.0.0.1:4010/push/send/1', { nodeEnv: 'development' })).not.toThrow();
  });
});
