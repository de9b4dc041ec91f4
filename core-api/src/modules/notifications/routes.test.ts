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
