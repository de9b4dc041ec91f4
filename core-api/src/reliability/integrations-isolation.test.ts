import { randomUUID } from 'node:crypto';
import type { CreatedApiKey, CreatedWebhook } from '@shambasoko/contracts';
import { createTestUser, type TestUser } from '../testing/auth';
import { testCheckout } from '../testing/orders';
import { createShop, type TestShop } from '../testing/shops';
import { startTestApp, type TestApp } from '../testing/test-app';
import { INTEGRATIONS_MATRIX_ROUTES } from './integrations-routes';

// Partner API keys (issue 44): every /v1/partner route probed with another shop's key, a farm's and a
// partner's key, a user's own token and no key at all. A refusal changes nothing; an answer carries
// nothing of the other shop. The Admin side is probed by tenant-isolation.test.ts (Management).

let t: TestApp;
let admin: TestUser;
let mine: TestShop;
let theirs: TestShop;
let theirOrderId: string;
const keys: Record<string, string> = {};
let webhookSecret: string;
let keySecret: string;

const ALL = ['orders:read', 'products:read', 'products:write'];

beforeAll(async () => {
  t = await startTestApp({ ORDER_RATE_LIMIT_PER_USER: '100' });
  admin = await createTestUser(t.db, t.config.jwtSecret, { roles: ['Admin'] });
  mine = await createShop(t.db, t.config.jwtSecret, { name: 'Mine' });
  theirs = await createShop(t.db, t.config.jwtSecret, { name: 'Theirs', stock: 30 });
  const buyer = await createTestUser(t.db, t.config.jwtSecret, { roles: ['Buyer'] });
  const placed = await t.request({
    method: 'POST',
    url: '/v1/orders',
    headers: { ...buyer.headers, 'idempotency-key': randomUUID() },
    payload: testCheckout({ items: [{ productId: theirs.productId, quantity: 1 }] }),
  });
  expect(placed.statusCode).toBe(201);
  theirOrderId = placed.json<{ body: { id: string } }>().body.id;
  const farm = await t.db.selectFrom('farms').select('id').executeTakeFirst();
  const orgs: Record<string, object> = {
    "my shop's key": { kind: 'shop', id: mine.sellerId },
    "a partner's key": { kind: 'partner', name: 'Rift Valley Coop' },
    ...(farm ? { "a farm's key": { kind: 'farm', id: farm.id } } : {}),
  };
  for (const [who, org] of Object.entries(orgs)) {
    const res = await t.request({
      method: 'POST',
      url: '/v1/admin/integrations/keys',
      headers: admin.headers,
      payload: { org, name: who, scopes: ALL },
    });
    expect(res.statusCode).toBe(201);
    keys[who] = res.json<{ body: CreatedApiKey }>().body.secret;
  }
  keySecret = keys["my shop's key"]!;
  const hook = await t.request({
    method: 'POST',
    url: '/v1/admin/integrations/webhooks',
    headers: admin.headers,
    payload: { org: { kind: 'shop', id: theirs.sellerId }, url: 'https://example.com/hooks', events: ['order.placed'] },
  });
  webhookSecret = hook.json<{ body: CreatedWebhook }>().body.secret;
}, 60_000);
afterAll(async () => t?.close());

const stockOf = async (productId: string) =>
  (await t.db.selectFrom('products').select('stock_quantity').where('id', '=', productId).executeTakeFirstOrThrow()).stock_quantity;

function probe(route: string, headers: Record<string, string>) {
  const [method, path] = route.split(' ') as [string, string];
  const url = path.replace(':id', theirs.productId);
  return t.request({ method, url, headers, ...(method === 'POST' ? { payload: { delta: 3, note: 'counted' } } : {}) });
}

describe('partner routes: a key reaches its own shop only', () => {
  it('covers every /v1/partner route', () => {
    const partner = t.app.routeTable.filter((r) => r.url.startsWith('/v1/partner/')).map((r) => `${r.method} ${r.url}`);
    expect([...partner].sort()).toEqual([...INTEGRATIONS_MATRIX_ROUTES].sort());
  });

  it("my shop's key sees none of another shop's orders or listings, and cannot move its stock", async () => {
    const headers = { authorization: `Bearer ${keySecret}` };
    const before = await stockOf(theirs.productId);
    for (const route of INTEGRATIONS_MATRIX_ROUTES) {
      const res = await probe(route, headers);
      expect(res.payload).not.toContain(theirs.productId);
      expect(res.payload).not.toContain(theirOrderId);
      if (route.startsWith('POST')) expect(res.statusCode).toBe(404);
      else expect(res.statusCode).toBe(200);
    }
    expect(await stockOf(theirs.productId)).toBe(before);
  });

  it("refuses a farm's or a partner's key (403), a user's own token and no key (401), changing nothing", async () => {
    const before = await stockOf(theirs.productId);
    const callers: Array<[string, Record<string, string>, number]> = [
      ...Object.entries(keys)
        .filter(([who]) => who !== "my shop's key")
        .map(([who, secret]): [string, Record<string, string>, number] => [who, { 'x-api-key': secret }, 403]),
      ["the other shop's own signed-in seller", theirs.user.headers, 401],
      ['nobody', {}, 401],
    ];
    for (const [who, headers, status] of callers) {
      for (const route of INTEGRATIONS_MATRIX_ROUTES) {
        const res = await probe(route, headers);
        expect(`${who}: ${route} → ${res.statusCode}`).toBe(`${who}: ${route} → ${status}`);
        expect(res.payload).not.toContain(theirOrderId);
      }
    }
    expect(await stockOf(theirs.productId)).toBe(before);
  });

  it('never shows a key or a webhook secret again after it was created', async () => {
    const res = await t.request({ method: 'GET', url: '/v1/admin/integrations', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.payload).not.toContain(keySecret);
    expect(res.payload).not.toContain(webhookSecret);
  });
});
