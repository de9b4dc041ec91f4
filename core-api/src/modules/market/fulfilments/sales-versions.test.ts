import { randomUUID } from 'node:crypto';
import type { Dispute, DisputePage, Order, SalesPage } from '@shambasoko/contracts';
import { buildApp } from '../../../app';
import { answerCacheFor } from '../../../http/answer-cache';
import { createTestUser, type TestUser } from '../../../testing/auth';
import { testCheckout } from '../../../testing/orders';
import { type TestShop, createShop } from '../../../testing/shops';
import { type TestApp, sendOverHttp } from '../../../testing/test-app';
import { useTestApp } from '../../../testing/use-test-app';

// The seller's Sales list comes from the versioned answer cache (migration 062): an order, a step,
// a dispute and its refund must show on the next read, through this API process or another one.

let t: TestApp;
let other: TestApp;
let buyer: TestUser;
let admin: TestUser;
let shop: TestShop;

useTestApp(
  async (app) => {
    t = app;
    const second = await buildApp({ db: t.db, config: t.config });
    other = { ...t, app: second, request: (request, options) => sendOverHttp(second, request, options), close: () => second.close() };
    buyer = await createTestUser(t.db, t.config.jwtSecret, { firstName: 'Wanjiku', lastName: 'Mwangi', roles: ['Buyer'] });
    admin = await createTestUser(t.db, t.config.jwtSecret, { firstName: 'Asha', lastName: 'Admin', roles: ['Admin'] });
    shop = await createShop(t.db, t.config.jwtSecret, { name: 'Versioned' });
  },
  { env: { ORDER_RATE_LIMIT_PER_USER: '100' } },
);
afterAll(async () => other?.close());
jest.setTimeout(120_000);

const post = (via: TestApp, url: string, who: TestUser, payload: object = {}) =>
  via.request({ method: 'POST', url, headers: { ...who.headers, 'idempotency-key': randomUUID() }, payload });

async function sales(via: TestApp, status = 'all'): Promise<SalesPage> {
  const res = await via.request({ method: 'GET', url: `/v1/seller/sales?status=${status}`, headers: shop.user.headers });
  expect(res.statusCode).toBe(200);
  return res.json<{ body: SalesPage }>().body;
}

/** Reads twice through `via`; the second read is a hit when nothing changed. */
async function warm(via: TestApp): Promise<void> {
  await sales(via);
  const hits = answerCacheFor(via.app.server).hits;
  await sales(via);
  expect(answerCacheFor(via.app.server).hits).toBe(hits + 1);
}

it('shows a new order, each step, a dispute and its refund at once, in both API processes', async () => {
  await warm(t);
  await warm(other);
  const placed = await post(t, '/v1/orders', buyer, testCheckout({ items: [{ productId: shop.productId, quantity: 1 }] }));
  expect(placed.statusCode).toBe(201);
  const order = placed.json<{ body: Order }>().body;
  const part = order.fulfilments[0]!;
  const statusIn = async (via: TestApp) => (await sales(via)).items.find((sale) => sale.id === part.id)?.status;
  expect(await statusIn(t)).toBe('awaiting_payment');
  expect(await statusIn(other)).toBe('awaiting_payment');

  // Each step through one process, read through the other.
  const steps: Array<[TestApp, string, string]> = [
    [t, 'mark-paid', 'paid'],
    [other, 'accept', 'accepted'],
    [t, 'dispatch', 'dispatched'],
    [other, 'deliver', 'delivered'],
  ];
  for (const [via, action, status] of steps) {
    await warm(t);
    await warm(other);
    expect((await post(via, `/v1/seller/sales/${part.id}/${action}`, shop.user)).statusCode).toBe(200);
    expect(await statusIn(t)).toBe(status);
    expect(await statusIn(other)).toBe(status);
  }

  await warm(t);
  const report = await post(other, `/v1/orders/${order.id}/fulfilments/${part.id}/dispute`, buyer, {
    reason: 'damaged',
    note: 'Bags torn',
  });
  expect(report.statusCode).toBe(201);
  const disputeOf = async (via: TestApp) => (await sales(via)).items.find((sale) => sale.id === part.id)?.dispute;
  expect(await disputeOf(t)).toMatchObject({ status: 'open' });

  await warm(other);
  const queue = (await t.request({ method: 'GET', url: '/v1/admin/disputes', headers: admin.headers })).json<{ body: DisputePage }>().body
    .items;
  const dispute = queue.find((d) => d.fulfilmentId === part.id)!;
  const decided = await post(t, `/v1/admin/disputes/${dispute.id}/decide`, admin, {
    outcome: 'refund',
    amount: dispute.partAmount,
    reason: 'No proof of delivery',
  });
  expect(decided.json<{ body: Dispute }>().body).toMatchObject({ status: 'refunded' });
  expect(await disputeOf(other)).toMatchObject({ status: 'refunded' });
});

it('shows an order changed outside the API (the trigger on orders, not the route)', async () => {
  await warm(t);
  await t.db
    .updateTable('orders')
    .set({ shipping: JSON.stringify({ ...testCheckout().shipping, firstName: 'Changed' }) })
    .where('user_id', '=', buyer.id)
    .execute();
  const names = (await sales(t)).items.map((sale) => sale.buyer.name);
  expect(names.length).toBeGreaterThan(0);
  expect(names.every((name) => name.startsWith('Changed'))).toBe(true);
});
