import type { AdminAction, AdminProduct, AdminProductPage, SellerListing } from '@shambasoko/contracts';
import { sql } from 'kysely';
import { createTestUser, type TestUser } from '../../../testing/auth';
import { createShop, type TestShop } from '../../../testing/shops';
import type { TestApp, TestResponse } from '../../../testing/test-app';
import { useTestApp } from '../../../testing/use-test-app';

let t: TestApp;
useTestApp((app) => (t = app));

type Envelope<T> = { header: { isSuccess: boolean; customerMessage: string }; body: T };
const json = <T>(res: TestResponse) => res.json<Envelope<T>>();
const get = (headers: object, url: string) => t.request({ method: 'GET', url, headers: headers as Record<string, string> });
const send = (headers: object, method: 'POST' | 'PATCH', url: string, payload: object) =>
  t.request({ method, url, headers: headers as Record<string, string>, payload });

let admin: TestUser;
let buyer: TestUser;
let shop: TestShop;
beforeAll(async () => {
  admin = await createTestUser(t.db, t.config.jwtSecret, { firstName: 'Achieng', lastName: 'Admin', roles: ['Admin'] });
  buyer = await createTestUser(t.db, t.config.jwtSecret, { roles: ['Buyer'] });
  shop = await createShop(t.db, t.config.jwtSecret, { name: 'Takedown' });
});

const inSearch = async () =>
  json<{ items?: Array<{ id: string }>; products?: Array<{ id: string }> }>(await get({}, '/v1/products?q=takedown')).body;
const searchIds = async () => {
  const body = await inSearch();
  return (body.items ?? body.products ?? []).map((p) => p.id);
};

describe('take down and restore a listing', () => {
  it('leaves the catalog, search and cart at once, the seller is told and cannot re-publish it; a restore brings it back; both audited', async () => {
    // Warm the catalog cache first: the take-down must reach it, not wait for it to go stale.
    expect(await searchIds()).toContain(shop.productId);
    expect((await get({}, `/v1/products/${shop.productId}`)).statusCode).toBe(200);

    const down = await send(admin.headers, 'POST', `/v1/admin/products/${shop.productId}/take-down`, {
      reason: 'Photos show another product',
    });
    expect(down.statusCode).toBe(200);
    expect(json<AdminProduct>(down).header.customerMessage).toBe('Listing taken down');
    expect(json<AdminProduct>(down).body).toMatchObject({ status: 'taken_down', takenDown: { reason: 'Photos show another product' } });

    expect((await get({}, `/v1/products/${shop.productId}`)).statusCode).toBe(404);
    expect(await searchIds()).not.toContain(shop.productId);
    const cart = await send(buyer.headers, 'POST', '/v1/cart/items', { productId: shop.productId, quantity: 1 });
    expect(cart.statusCode).toBe(404);

    const own = json<SellerListing>(await get(shop.user.headers, `/v1/seller/products/${shop.productId}`)).body;
    expect(own).toMatchObject({ status: 'paused', takenDown: { reason: 'Photos show another product' } });
    const publish = await send(shop.user.headers, 'PATCH', `/v1/seller/products/${shop.productId}`, { status: 'active' });
    expect(`${publish.statusCode} ${json(publish).header.customerMessage}`).toBe(
      '409 An administrator took this listing down. It cannot be published again until an administrator restores it.',
    );

    const notices = json<{ items: Array<{ title: string; body: string; link: string | null }> }>(
      await get(shop.user.headers, '/v1/notifications'),
    ).body.items;
    expect(notices[0]).toMatchObject({
      title: 'Your listing Takedown maize was taken down',
      body: 'An administrator took it down: Photos show another product',
      link: `/seller/products/${shop.productId}`,
    });

    const restored = await send(admin.headers, 'POST', `/v1/admin/products/${shop.productId}/restore`, {
      reason: 'Seller sent real photos',
    });
    expect(json<AdminProduct>(restored).body).toMatchObject({ status: 'active', takenDown: null });
    expect((await get({}, `/v1/products/${shop.productId}`)).statusCode).toBe(200);
    expect(await searchIds()).toContain(shop.productId);

    const history = json<{ items: AdminAction[] }>(await get(admin.headers, `/v1/admin/actions?subject=product:${shop.productId}`)).body;
    expect(history.items.map((a) => [a.action, a.reason, a.before, a.after])).toEqual([
      ['product.restore', 'Seller sent real photos', { status: 'taken_down' }, { status: 'active' }],
      ['product.take_down', 'Photos show another product', { status: 'active' }, { status: 'taken_down' }],
    ]);
  });

  it('a paused listing taken down comes back paused; taking down twice or restoring a live one is a 409', async () => {
    const paused = await createShop(t.db, t.config.jwtSecret, { name: 'Pausedown' });
    await send(paused.user.headers, 'PATCH', `/v1/seller/products/${paused.productId}`, { status: 'paused' });
    expect((await send(admin.headers, 'POST', `/v1/admin/products/${paused.productId}/restore`, { reason: 'x' })).statusCode).toBe(409);
    expect((await send(admin.headers, 'POST', `/v1/admin/products/${paused.productId}/take-down`, { reason: 'x' })).statusCode).toBe(200);
    expect((await send(admin.headers, 'POST', `/v1/admin/products/${paused.productId}/take-down`, { reason: 'x' })).statusCode).toBe(409);
    const back = await send(admin.headers, 'POST', `/v1/admin/products/${paused.productId}/restore`, { reason: 'x' });
    expect(json<AdminProduct>(back).body.status).toBe('paused');
    expect((await send(admin.headers, 'POST', '/v1/admin/products/nope/take-down', { reason: 'x' })).statusCode).toBe(404);
  });
});

describe('GET /v1/admin/products', () => {
  it("finds any seller's listing by title or seller name and filters taken-down ones", async () => {
    const other = await createShop(t.db, t.config.jwtSecret, { name: 'Searchable' });
    const found = async (query: string) =>
      json<AdminProductPage>(await get(admin.headers, `/v1/admin/products?${query}`)).body.items.map((p) => p.id);
    expect(await found('q=searchable%20maize')).toEqual([other.productId]);
    expect(await found('q=searchable%20farm')).toEqual([other.productId]);
    expect(await found('q=searchable&status=taken_down')).toEqual([]);
    await send(admin.headers, 'POST', `/v1/admin/products/${other.productId}/take-down`, { reason: 'Counterfeit seed' });
    expect(await found('q=searchable&status=taken_down')).toEqual([other.productId]);
    expect(await found('q=searchable&status=active')).toEqual([]);
    const one = json<AdminProduct>(await get(admin.headers, `/v1/admin/products/${other.productId}`)).body;
    expect(one).toMatchObject({ title: 'Searchable maize', sellerName: 'Searchable Farm', price: 1000 });
  });

  it('pages through every listing, also ones that share created_at to the microsecond (made in one transaction)', async () => {
    await sql`
      update products set created_at = '2026-01-01T00:00:00.123456Z'
      where id in (select id from products where status <> 'deleted' order by id limit 25)`.execute(t.db);
    const { n } = await t.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '<>', 'deleted')
      .executeTakeFirstOrThrow();
    const seen = new Set<string>();
    let cursor: string | null = null;
    for (let page = 0; page < 50; page += 1) {
      const body: AdminProductPage = json<AdminProductPage>(
        await get(admin.headers, `/v1/admin/products${cursor ? `?cursor=${cursor}` : ''}`),
      ).body;
      for (const item of body.items) seen.add(item.id);
      cursor = body.nextCursor;
      if (!cursor) break;
    }
    expect(seen.size).toBe(Number(n));
  });
});
