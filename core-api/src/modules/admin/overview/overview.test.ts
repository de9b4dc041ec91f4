import { randomUUID } from 'node:crypto';
import type { AdminOverview, Order } from '@shambasoko/contracts';
import { createTestUser, type TestUser } from '../../../testing/auth';
import { orderableProducts, testCheckout } from '../../../testing/orders';
import { createShop } from '../../../testing/shops';
import type { TestApp } from '../../../testing/test-app';
import { useTestApp } from '../../../testing/use-test-app';
import { nairobiStarts } from './service';

let t: TestApp;
useTestApp((app) => (t = app));

let admin: TestUser;
beforeAll(async () => {
  admin = await createTestUser(t.db, t.config.jwtSecret, { roles: ['Admin'] });
});

const overview = async (headers = admin.headers) => {
  const res = await t.request({ method: 'GET', url: '/v1/admin/overview', headers });
  return { status: res.statusCode, body: res.json<{ body: AdminOverview }>().body };
};

describe('nairobiStarts', () => {
  it('takes the day and the month in Nairobi (UTC+3), not in UTC', () => {
    // 22:30 UTC on 31 May is 01:30 on 1 June in Nairobi.
    const { today, month } = nairobiStarts(new Date('2026-05-31T22:30:00Z'));
    expect(today.toISOString()).toBe('2026-05-31T21:00:00.000Z');
    expect(month.toISOString()).toBe('2026-05-31T21:00:00.000Z');
    const mid = nairobiStarts(new Date('2026-06-15T12:00:00Z'));
    expect(mid.today.toISOString()).toBe('2026-06-14T21:00:00.000Z');
    expect(mid.month.toISOString()).toBe('2026-05-31T21:00:00.000Z');
  });
});

describe('GET /v1/admin/overview', () => {
  it('counts orders and their value, payments per method, new accounts, the verification queue, flagged payments and switched-off remotes, each with its list', async () => {
    const before = (await overview()).body;
    const buyer = await createTestUser(t.db, t.config.jwtSecret, { roles: ['Buyer'] });
    await createShop(t.db, t.config.jwtSecret, { name: 'Unverified' });
    const [product] = await orderableProducts(t.db);
    const placed = await t.request({
      method: 'POST',
      url: '/v1/orders',
      headers: { ...buyer.headers, 'idempotency-key': randomUUID() },
      payload: testCheckout({ items: [{ productId: product!.id, quantity: 1 }], payment: { method: 'bank' } as never }),
    });
    expect(placed.statusCode).toBe(201);
    const order = placed.json<{ body: Order }>().body;
    await t.db
      .insertInto('payments')
      .values([
        { order_id: order.id, method: 'card', status: 'paid', amount: order.total },
        { order_id: order.id, method: 'card', status: 'declined', amount: order.total },
        { order_id: order.id, method: 'card', status: 'flagged', amount: order.total },
        { order_id: order.id, method: 'card', status: 'pending', amount: order.total },
      ])
      .execute();
    await t.db.updateTable('remotes').set({ enabled: false }).where('name', '=', 'legal').execute();

    const { status, body: after } = await overview();
    expect(status).toBe(200);
    expect(after.ordersToday.count - before.ordersToday.count).toBe(1);
    expect(after.ordersToday.value - before.ordersToday.value).toBe(order.total);
    expect(after.ordersThisMonth.count - before.ordersThisMonth.count).toBe(1);
    expect(after.newAccountsToday.count - before.newAccountsToday.count).toBe(2);
    expect(after.sellersWaiting.count - before.sellersWaiting.count).toBe(1);
    expect(after.flaggedPayments.count - before.flaggedPayments.count).toBe(1);
    expect(after.switchedOffRemotes.count - before.switchedOffRemotes.count).toBe(1);
    const card = after.paymentSuccess.find((p) => p.method === 'card');
    const cardBefore = before.paymentSuccess.find((p) => p.method === 'card') ?? { attempts: 0, succeeded: 0 };
    expect(card!.attempts - cardBefore.attempts).toBe(3);
    expect(card!.succeeded - cardBefore.succeeded).toBe(1);
    expect(card!.rate).toBe(Math.round((100 * card!.succeeded) / card!.attempts));
    expect(after.sellersWaiting.href).toBe('/admin/accounts?queue=verification');
    expect(after.flaggedPayments.href).toBe('/payments/review');
    expect(after.switchedOffRemotes.href).toBe('/admin/remotes');
  });

  it('is for Admins only', async () => {
    const farmer = await createTestUser(t.db, t.config.jwtSecret);
    expect((await overview(farmer.headers)).status).toBe(403);
  });
});
