import { randomUUID } from 'node:crypto';
import type { Order } from '@shambasoko/contracts';
import type { Envelope } from '../http/envelope';
import { createTestUser, type TestUser } from '../testing/auth';
import { testCheckout } from '../testing/orders';
import { type TestShop, createShop } from '../testing/shops';
import type { TestApp } from '../testing/test-app';
import { useTestApp } from '../testing/use-test-app';
import { REPORTS_MATRIX_ROUTES } from './reports-routes';

// The analytics routes' isolation matrix (issue 39): each report is sent by its owner, by another
// account of the same kind, by every role it is not for and by a stranger. The owner sees its own
// figures; another owner is served but sees none of them; everyone else is refused and told nothing.

type Caller = 'sellerA' | 'sellerB' | 'buyer' | 'otherBuyer' | 'retailer' | 'admin' | 'stranger';

let t: TestApp;
let shopA: TestShop;
let shopB: TestShop;
const who = new Map<Caller, TestUser | null>();

/** Seller A's product name and its one paid sale's goods value: nobody else may read either. */
const SECRET_NAME = 'Amani secret avocado';
const SECRET_PRICE = 7_919;

useTestApp(async (app) => {
  t = app;
  shopA = await createShop(t.db, t.config.jwtSecret, { name: 'Amani', price: SECRET_PRICE });
  await t.db.updateTable('products').set({ name: SECRET_NAME }).where('id', '=', shopA.productId).execute();
  shopB = await createShop(t.db, t.config.jwtSecret, { name: 'Baraka' });
  const buyer = await createTestUser(t.db, t.config.jwtSecret, { roles: ['Buyer'] });
  const placed = await t.request({
    method: 'POST',
    url: '/v1/orders',
    headers: { ...buyer.headers, 'idempotency-key': randomUUID() },
    payload: testCheckout({ items: [{ productId: shopA.productId, quantity: 1 }] }),
  });
  const order = placed.json<Envelope<Order>>().body!;
  const paid = await t.request({
    method: 'POST',
    url: `/v1/seller/sales/${order.fulfilments[0]!.id}/mark-paid`,
    headers: shopA.user.headers,
  });
  expect(paid.statusCode).toBe(200);
  who.set('sellerA', shopA.user);
  who.set('sellerB', shopB.user);
  who.set('buyer', buyer);
  who.set('otherBuyer', await createTestUser(t.db, t.config.jwtSecret, { roles: ['Buyer'] }));
  who.set('retailer', await createTestUser(t.db, t.config.jwtSecret, { roles: ['Retailer'] }));
  who.set('admin', await createTestUser(t.db, t.config.jwtSecret, { roles: ['Admin'] }));
  who.set('stranger', null);
});

interface Probe {
  route: string;
  /** Another account's id in the query, which must change nothing: the token alone decides whose figures. */
  url: () => string;
  owner: Caller;
  /** Served, but none of the owner's figures. */
  others: Caller[];
  refused: Caller[];
}

const spoof = () => `sellerId=${shopA.sellerId}&userId=${shopA.user.id}`;
const PROBES: Probe[] = ['', '.csv'].flatMap((ext) => [
  {
    route: `GET /v1/reports/sales${ext}`,
    url: () => `/v1/reports/sales${ext}?${spoof()}`,
    owner: 'sellerA' as const,
    others: ['sellerB', 'retailer'] as Caller[],
    refused: ['buyer', 'otherBuyer', 'admin'] as Caller[],
  },
  {
    route: `GET /v1/reports/spending${ext}`,
    url: () => `/v1/reports/spending${ext}?${spoof()}`,
    owner: 'buyer' as const,
    others: ['otherBuyer', 'retailer'] as Caller[],
    refused: ['sellerA', 'sellerB', 'admin'] as Caller[],
  },
  {
    route: `GET /v1/reports/platform${ext}`,
    url: () => `/v1/reports/platform${ext}`,
    owner: 'admin' as const,
    others: [] as Caller[],
    refused: ['sellerA', 'sellerB', 'buyer', 'otherBuyer', 'retailer'] as Caller[],
  },
]);

const send = (caller: Caller, url: string) => {
  const user = who.get(caller);
  return t.request({ method: 'GET', url, headers: user ? user.headers : {} });
};
const leaks = (text: string) => [SECRET_NAME, 'Amani Farm', String(SECRET_PRICE)].filter((secret) => text.includes(secret));

describe('coverage', () => {
  it('probes every analytics route, and only routes that exist', () => {
    expect(PROBES.map((p) => p.route).sort()).toEqual([...REPORTS_MATRIX_ROUTES].sort());
    const known = new Set(t.app.routeTable.map((r) => `${r.method} ${r.url}`));
    expect(REPORTS_MATRIX_ROUTES.filter((r) => !known.has(r))).toEqual([]);
  });
});

describe.each(PROBES)('$route', (probe) => {
  it('serves its owner', async () => {
    const res = await send(probe.owner, probe.url());
    expect(res.statusCode).toBe(200);
    // The probes below mean something only if the owner's answer holds the secret figure.
    if (probe.owner !== 'admin') expect(leaks(res.payload)).toContain(String(SECRET_PRICE));
  });

  if (probe.others.length > 0)
    it.each(probe.others.map((c) => [c]))('serves %s, with none of the owner’s figures', async (caller) => {
      const res = await send(caller, probe.url());
      expect(res.statusCode).toBe(200);
      expect(leaks(res.payload)).toEqual([]);
    });

  it.each(probe.refused.map((c) => [c]))('refuses %s with 403, telling nothing', async (caller) => {
    const res = await send(caller, probe.url());
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(leaks(res.payload)).toEqual([]);
  });

  it('refuses a stranger with 401', async () => {
    expect((await send('stranger', probe.url())).statusCode).toBe(401);
  });
});
