import { createTestUser } from '../../testing/auth';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { notify } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

type Body = { items: Array<{ title: string; read: boolean }>; unread: number };

describe('notifications', () => {
  it("lists a user's own notifications, newest first, and marks them read", async () => {
    const alice = await createTestUser(t.db, t.config.jwtSecret);
    const bob = await createTestUser(t.db, t.config.jwtSecret);
    await notify(t.db, { userId: alice.id, type: 'order_placed', title: 'Order placed', link: '/orders/1' });
    await new Promise((r) => setTimeout(r, 5));
    await notify(t.db, { userId: alice.id, type: 'farm_member_added', title: 'Added to Kamau Farm' });
    await notify(t.db, { userId: bob.id, type: 'order_placed', title: 'Bob only' });

    const list = await t.request({ method: 'GET', url: '/v1/notifications', headers: alice.headers });
    expect(list.statusCode).toBe(200);
    const body = list.json<{ body: Body }>().body;
    expect(body.unread).toBe(2);
    expect(body.items.map((n) => n.title)).toEqual(['Added to Kamau Farm', 'Order placed']);

    const read = await t.request({ method: 'POST', url: '/v1/notifications/read', headers: alice.headers });
    expect(read.json<{ body: Body }>().body.unread).toBe(0);
    const bobs = await t.request({ method: 'GET', url: '/v1/notifications', headers: bob.headers });
    expect(bobs.json<{ body: Body }>().body.unread).toBe(1);
  });

  it('requires sign-in', async () => {
    const res = await t.request({ method: 'GET', url: '/v1/notifications' });
    expect(res.statusCode).toBe(401);
  });
});

describe("notifications in the recipient's language (user_preferences.language)", () => {
  const preferences = (language: 'en' | 'sw') => ({
    language,
    areaUnit: 'acres',
    notifications: { orderUpdates: true, taskAssignments: true, paymentUpdates: true },
  });
  const placed = (userId: string) =>
    notify(t.db, {
      userId,
      type: 'order_placed',
      title: 'Order {number} placed',
      body: '{count} items, total {total}. We will let you know when payment is confirmed.',
      values: { number: 'SS-000042', count: 3, total: 'KES 1,500' },
    });
  const dispatched = (userId: string) =>
    notify(t.db, {
      userId,
      type: 'order_update',
      title: 'Order {number}: {status}',
      body: '{seller}: {update}{note}',
      values: { number: 'SS-000042', seller: 'Mama Mboga', note: ' Call me' },
      words: { status: 'Dispatched', update: 'Your order is on its way.' },
    });
  const titles = async (headers: Record<string, string>) => {
    const list = await t.request({ method: 'GET', url: '/v1/notifications', headers });
    // By title: two notices written in the same millisecond have no set order.
    return list.json<{ body: { items: Array<{ title: string; body: string }> } }>().body.items.sort((a, b) => (a.title < b.title ? -1 : 1));
  };

  /** The two notices as each language writes them, ordered by title. */
  const EXPECTED = {
    sw: [
      ['Agizo SS-000042 limewekwa', 'Bidhaa 3, jumla KES 1,500. Tutakujulisha malipo yakithibitishwa.'],
      ['Agizo SS-000042: Imetumwa', 'Mama Mboga: Agizo lako liko njiani. Call me'],
    ],
    en: [
      ['Order SS-000042 placed', '3 items, total KES 1,500. We will let you know when payment is confirmed.'],
      ['Order SS-000042: Dispatched', 'Mama Mboga: Your order is on its way. Call me'],
    ],
  };
  const expectNotices = async (user: { id: string; headers: Record<string, string> }, language: 'en' | 'sw') => {
    await placed(user.id);
    await dispatched(user.id);
    const items = await titles(user.headers);
    expect(items.map((n) => [n.title, n.body])).toEqual(EXPECTED[language]);
  };

  it('a Kiswahili-preferring user gets Kiswahili, with the names and amounts as they are', async () => {
    const wanjiru = await createTestUser(t.db, t.config.jwtSecret);
    const saved = await t.request({ method: 'PUT', url: '/v1/me/preferences', headers: wanjiru.headers, payload: preferences('sw') });
    expect(saved.statusCode).toBe(200);
    await expectNotices(wanjiru, 'sw');
  });

  it('an English-preferring user, and one who never saved preferences, get English', async () => {
    const otieno = await createTestUser(t.db, t.config.jwtSecret);
    await t.request({ method: 'PUT', url: '/v1/me/preferences', headers: otieno.headers, payload: preferences('en') });
    await expectNotices(otieno, 'en');
    await expectNotices(await createTestUser(t.db, t.config.jwtSecret), 'en');
  });
});

describe('a push endpoint stays with the browser that holds its keys', () => {
  const subscribe = (headers: Record<string, string>, endpoint: string, keys: { p256dh: string; auth: string }) =>
    t.request({ method: 'POST', url: '/v1/me/push/subscriptions', headers, payload: { endpoint, keys } });
  const owner = (endpoint: string) =>
    t.db.selectFrom('push_subscriptions').select(['user_id', 'auth']).where('endpoint', '=', endpoint).executeTakeFirstOrThrow();
  const KEYS = { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) };

  it('someone who knows only the endpoint cannot move it to their account (409), the browser itself can', async () => {
    const victim = await createTestUser(t.db, t.config.jwtSecret);
    const thief = await createTestUser(t.db, t.config.jwtSecret);
    const endpoint = `http://127.0.0.1:4010/push/send/takeover-${victim.id}`;
    expect((await subscribe(victim.headers, endpoint, KEYS)).statusCode).toBe(200);

    const stolen = await subscribe(thief.headers, endpoint, { p256dh: 'C'.repeat(87), auth: 'b'.repeat(22) });
    expect(stolen.statusCode).toBe(409);
    expect(stolen.json<{ header: { customerMessage: string } }>().header.customerMessage).toBe(
      'This browser is already set up for phone notifications on another account.',
    );
    const sw = await subscribe({ ...thief.headers, 'accept-language': 'sw' }, endpoint, { p256dh: 'C'.repeat(87), auth: 'b'.repeat(22) });
    expect(sw.json<{ header: { customerMessage: string } }>().header.customerMessage).toMatch(/^Kivinjari hiki/);
    expect(await owner(endpoint)).toEqual({ user_id: victim.id, auth: KEYS.auth });

    // The owner may refresh their own keys; a browser now signed in as the other person, sending the keys it holds, moves.
    const fresh = { p256dh: 'D'.repeat(87), auth: 'c'.repeat(22) };
    expect((await subscribe(victim.headers, endpoint, fresh)).statusCode).toBe(200);
    expect((await subscribe(thief.headers, endpoint, fresh)).statusCode).toBe(200);
    expect(await owner(endpoint)).toEqual({ user_id: thief.id, auth: fresh.auth });
  });
});
