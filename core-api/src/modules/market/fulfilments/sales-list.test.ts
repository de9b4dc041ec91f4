import { randomUUID } from 'node:crypto';
import type { Order, SalesPage } from '@shambasoko/contracts';
import { StatementCounter } from '../../../db/statement-counter';
import { createTestUser, type TestUser } from '../../../testing/auth';
import { countedOnceWarm } from '../../../testing/counted-read';
import { testCheckout } from '../../../testing/orders';
import { type TestShop, createShop } from '../../../testing/shops';
import type { TestApp } from '../../../testing/test-app';
import { useTestApp } from '../../../testing/use-test-app';
import { findSalesPage } from './repository';

// The seller's Sales list answers in a fixed number of statements whatever its length, and carries
// each sale's dispute, so the page asks nothing more per sale.

const counter = new StatementCounter();
let t: TestApp;
let buyer: TestUser;
let one: TestShop;
let many: TestShop;
const disputed = new Map<string, string>();

const post = (url: string, who: TestUser, payload: object = {}) =>
  t.request({ method: 'POST', url, headers: { ...who.headers, 'idempotency-key': randomUUID() }, payload });

/** `count` bank orders of the shop's product; the first is delivered and its buyer reports a problem. */
async function sales(shop: TestShop, count: number): Promise<void> {
  const orders: Order[] = [];
  for (let i = 0; i < count; i += 1) {
    const res = await post('/v1/orders', buyer, testCheckout({ items: [{ productId: shop.productId, quantity: 1 }] }));
    expect(res.statusCode).toBe(201);
    orders.push(res.json<{ body: Order }>().body);
  }
  const first = orders[0]!;
  const part = first.fulfilments[0]!;
  for (const action of ['mark-paid', 'accept', 'dispatch', 'deliver'])
    expect((await post(`/v1/seller/sales/${part.id}/${action}`, shop.user)).statusCode).toBe(200);
  const report = await post(`/v1/orders/${first.id}/fulfilments/${part.id}/dispute`, buyer, { reason: 'damaged', note: 'Bags torn' });
  expect(report.statusCode).toBe(201);
  disputed.set(shop.sellerId, part.id);
}

useTestApp(
  async (app) => {
    t = app;
    buyer = await createTestUser(t.db, t.config.jwtSecret, { firstName: 'Wanjiku', lastName: 'Mwangi', roles: ['Buyer'] });
    one = await createShop(t.db, t.config.jwtSecret, { name: 'Kamau' });
    many = await createShop(t.db, t.config.jwtSecret, { name: 'Otieno' });
    await sales(one, 1);
    await sales(many, 30);
  },
  { env: { ORDER_RATE_LIMIT_PER_USER: '100' }, plugins: [counter] },
);
jest.setTimeout(180_000);

async function read(shop: TestShop, url: string): Promise<{ n: number; page: SalesPage }> {
  const { n, result } = await countedOnceWarm(counter, async () => {
    const res = await t.request({ method: 'GET', url, headers: shop.user.headers });
    expect(res.statusCode).toBe(200);
    return res.json<{ body: SalesPage }>().body;
  });
  return { n, page: result };
}

it('reads a page of 20 sales in as many statements as a page of 1', async () => {
  const small = await read(one, '/v1/seller/sales?status=all');
  const big = await read(many, '/v1/seller/sales?status=all');
  expect(small.page.items).toHaveLength(1);
  expect(big.page.items).toHaveLength(20);
  expect(big.page.total).toBe(30);
  expect(big.n).toBe(small.n);
  // The page with its seller, total, parts, orders, items, timelines and disputes: one statement.
  expect(small.n).toBe(1);
  const last = await read(many, '/v1/seller/sales?status=all&page=2');
  expect(last.page.items).toHaveLength(10);
  expect(last.n).toBe(small.n);
});

it('carries each sale’s dispute: the reported one in full, null on the others', async () => {
  const { page } = await read(many, '/v1/seller/sales?status=all&page=2');
  const reported = page.items.find((s) => s.id === disputed.get(many.sellerId));
  expect(reported?.dispute).toMatchObject({
    status: 'open',
    reason: 'damaged',
    note: 'Bags torn',
    fulfilmentId: reported?.id,
    sellerNote: null,
  });
  expect(page.items.filter((s) => s.id !== reported?.id).every((s) => s.dispute === null)).toBe(true);
  // The single sale answer (after a step, or GET /v1/seller/sales/:id) carries it as well.
  const single = await t.request({ method: 'GET', url: `/v1/seller/sales/${reported!.id}`, headers: many.user.headers });
  expect(single.json<{ body: { dispute: unknown } }>().body.dispute).toMatchObject({ status: 'open' });
  // Read by the list's own statement: one, as a page is.
  expect((await read(many, `/v1/seller/sales/${reported!.id}`)).n).toBe(1);
});

it('answers a page past the end with the total, and someone without a shop with an empty page', async () => {
  const past = await read(many, '/v1/seller/sales?status=all&page=3');
  expect(past.page).toMatchObject({ items: [], total: 30, page: 3 });
  const open = await read(many, '/v1/seller/sales?page=9');
  expect(open.page.items).toHaveLength(0);
  expect(open.page.total).toBeGreaterThan(0);
  const none = await read({ ...many, user: buyer } as TestShop, '/v1/seller/sales?status=all');
  expect(none.page).toMatchObject({ items: [], total: 0 });
  // The total rides along even when no part does.
  expect([past.n, open.n, none.n]).toEqual([1, 1, 1]);
});

it('answers each sale on the page exactly as the sale’s own answer does', async () => {
  for (const url of ['/v1/seller/sales?status=all', '/v1/seller/sales?status=all&page=2']) {
    const { page } = await read(many, url);
    for (const sale of page.items) {
      const single = await t.request({ method: 'GET', url: `/v1/seller/sales/${sale.id}`, headers: many.user.headers });
      expect(sale).toEqual(single.json<{ body: unknown }>().body);
    }
  }
});

it('reads one sale without counting the rest of the shop', async () => {
  const part = disputed.get(many.sellerId)!;
  const own = await findSalesPage(t.db, many.user.id, null, 1, 1, part);
  expect(own.rows.map((row) => row.id)).toEqual([part]);
  // The total is of that sale alone: the shop's 30 are not counted to be thrown away.
  expect(own.total).toBe(1);
  // Another shop's sale is nobody's here.
  expect(await findSalesPage(t.db, one.user.id, null, 1, 1, part)).toEqual({ rows: [], total: 0 });
});
