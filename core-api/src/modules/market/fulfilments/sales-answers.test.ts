import { randomUUID } from 'node:crypto';
import type { Order, SalesPage } from '@shambasoko/contracts';
import { sql } from 'kysely';
import { createTestUser, type TestUser } from '../../../testing/auth';
import { testCheckout } from '../../../testing/orders';
import { type TestShop, createShop } from '../../../testing/shops';
import type { TestApp } from '../../../testing/test-app';
import { useTestApp } from '../../../testing/use-test-app';

// The seller's Sales list is kept in memory (cache/person-answers.ts) and dropped when migration 063's
// triggers say a row it shows changed (a step, a change made outside any request, a name), or a
// checkout tells every process of its new sale after its commit.

let t: TestApp;
let buyer: TestUser;
let shop: TestShop;
let other: TestShop;

useTestApp(async (app) => {
  t = app;
  buyer = await createTestUser(t.db, t.config.jwtSecret, { firstName: 'Wanjiku', lastName: 'Mwangi', roles: ['Buyer'] });
  shop = await createShop(t.db, t.config.jwtSecret, { name: 'Kamau' });
  other = await createShop(t.db, t.config.jwtSecret, { name: 'Otieno' });
});

const post = (url: string, who: TestUser, payload: object = {}) =>
  t.request({ method: 'POST', url, headers: { ...who.headers, 'idempotency-key': randomUUID() }, payload });

async function salesOf(seller: TestShop, status = 'all'): Promise<SalesPage> {
  const res = await t.request({ method: 'GET', url: `/v1/seller/sales?status=${status}`, headers: seller.user.headers });
  expect(res.statusCode).toBe(200);
  return res.json<{ body: SalesPage }>().body;
}

async function order(seller: TestShop): Promise<Order> {
  const res = await post('/v1/orders', buyer, testCheckout({ items: [{ productId: seller.productId, quantity: 1 }] }));
  expect(res.statusCode).toBe(201);
  return res.json<{ body: Order }>().body;
}

/** Runs `change` with the triggers on `table` off: a change nobody is told of. */
async function unannounced(table: string, change: () => Promise<unknown>): Promise<void> {
  await sql.raw(`alter table ${table} disable trigger user`).execute(t.db);
  try {
    await change();
  } finally {
    await sql.raw(`alter table ${table} enable trigger user`).execute(t.db);
  }
}

describe('the seller’s Sales list, kept in memory', () => {
  it('shows a new order, and each step, at once; another shop’s list stays its own', async () => {
    expect((await salesOf(shop)).total).toBe(0);
    expect((await salesOf(other)).total).toBe(0);
    const placed = await order(shop);
    const part = placed.fulfilments[0]!;
    expect((await salesOf(shop)).items.map((s) => s.id)).toEqual([part.id]);
    expect((await salesOf(other)).total).toBe(0);

    // Kept: a change nobody is told of does not show.
    await unannounced('order_fulfilments', () =>
      sql`update order_fulfilments set dispatch_note = 'quiet' where id = ${part.id}`.execute(t.db),
    );
    expect((await salesOf(shop)).items[0]!.dispatchNote).toBeNull();

    expect((await post(`/v1/seller/sales/${part.id}/mark-paid`, shop.user)).statusCode).toBe(200);
    expect((await salesOf(shop)).items[0]!.status).toBe('paid');
  });

  it('shows a change made outside any request (an order’s delivery details, the shop’s name) at once', async () => {
    const placed = await order(shop);
    const before = await salesOf(shop);
    expect(before.items.find((s) => s.orderId === placed.id)).toBeDefined();
    await sql`update orders set shipping = jsonb_set(shipping, '{city}', '"Nyeri"') where id = ${placed.id}`.execute(t.db);
    expect((await salesOf(shop)).items.find((s) => s.orderId === placed.id)!.buyer.city).toBe('Nyeri');
    await sql`update sellers set name = 'Kamau Fresh' where id = ${shop.sellerId}`.execute(t.db);
    expect((await salesOf(shop)).items.every((s) => s.seller.name === 'Kamau Fresh')).toBe(true);
  });

  it('shows a new name of a person in the timelines they acted on', async () => {
    const placed = await order(shop);
    const part = placed.fulfilments[0]!;
    expect((await post(`/v1/seller/sales/${part.id}/mark-paid`, shop.user)).statusCode).toBe(200);
    const actors = async () => (await salesOf(shop)).items.find((s) => s.id === part.id)!.events.map((e) => e.by);
    expect(await actors()).toContain('Kamau Seller');
    await sql`update users set full_name = 'Kamau Njoroge' where id = ${shop.user.id}`.execute(t.db);
    expect(await actors()).toContain('Kamau Njoroge');
  });
});
