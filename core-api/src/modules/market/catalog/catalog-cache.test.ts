import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { PublicProduct, ProductSearchResult } from '@shambasoko/contracts';
import { createTestUser, type TestUser } from '../../../testing/auth';
import { type TestApp, type TestResponse, startTestApp } from '../../../testing/test-app';
import { testCheckout } from '../../../testing/orders';
import { catalogChangedEverywhere } from './cache';

// The catalog cache seen from outside: what is served from memory, what an order invalidates, and
// what the HTTP cache headers promise. Some tests change rows behind the API's back (t.db) to tell
// a cached answer from a fresh one.

let t: TestApp;
let buyer: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  buyer = await createTestUser(t.db, t.config.jwtSecret);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => t.request({ method: 'GET', url, headers });

function bodyOf<T>(res: TestResponse): T {
  expect(res.statusCode).toBe(200);
  return res.json<{ body: T }>().body;
}

async function idOf(name: string): Promise<string> {
  return (await t.db.selectFrom('products').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}

/** Behind the cache's back, as another process or an operator would. */
async function setPrice(id: string, price: number): Promise<void> {
  await t.db.updateTable('products').set({ price }).where('id', '=', id).execute();
}

async function buyNow(productId: string, quantity: number): Promise<void> {
  const res = await t.request({
    method: 'POST',
    url: '/v1/orders',
    headers: { ...buyer.headers, 'idempotency-key': randomUUID() },
    payload: testCheckout({ payment: { method: 'bank' }, items: [{ productId, quantity }] }),
  });
  expect(res.statusCode).toBe(201);
}

describe('catalog answer cache', () => {
  it('answers a repeated search from memory, however the words and filters are typed', async () => {
    const sprayer = await idOf('Knapsack Sprayer 16 L');
    const first = await get('/v1/products?q=knapsack%20sprayer&county=');
    const price = bodyOf<ProductSearchResult>(first).items.find((p) => p.id === sprayer)?.price;
    expect(price).toBeGreaterThan(0);
    await setPrice(sprayer, (price ?? 0) + 1);

    // Same search: sorted params, case, spacing and the defaults do not make a new entry.
    const again = await get('/v1/products?sort=relevance&page=1&q=%20KNAPSACK%20%20Sprayer%20&pageSize=12');
    expect(again.payload).toBe(first.payload);
    expect(again.headers.etag).toBe(first.headers.etag);
    // A different page size is another answer; its cards come from the ones already read (issue 43)…
    const other = bodyOf<ProductSearchResult>(await get('/v1/products?q=knapsack%20sprayer&pageSize=13'));
    expect(other.items.find((p) => p.id === sprayer)?.price).toBe(price);
    // … until a change made through the API drops them (here every catalog answer, as a listing edit does).
    catalogChangedEverywhere();
    const cleared = bodyOf<ProductSearchResult>(await get('/v1/products?q=knapsack%20sprayer&pageSize=13'));
    expect(cleared.items.find((p) => p.id === sprayer)?.price).toBe((price ?? 0) + 1);
  });

  it('gives a search page an ETag that changes with any of its cards and its own fields, and only then', async () => {
    // The ETag hashes the page's fields and its cards' digests, not its bytes: it must still follow them.
    const sprayer = await idOf('Knapsack Sprayer 16 L');
    const url = '/v1/products?q=sprayer&pageSize=3';
    const first = await get(url);
    const price = bodyOf<ProductSearchResult>(first).items.find((p) => p.id === sprayer)?.price ?? 0;
    expect(price).toBeGreaterThan(0);
    catalogChangedEverywhere();
    const same = await get(url);
    expect([same.payload, same.headers.etag]).toEqual([first.payload, first.headers.etag]);
    expect((await get(url, { 'if-none-match': String(first.headers.etag) })).statusCode).toBe(304);
    // Another page size shows other cards or other fields: another ETag.
    expect((await get('/v1/products?q=sprayer&pageSize=4')).headers.etag).not.toBe(first.headers.etag);
    await setPrice(sprayer, price + 7);
    catalogChangedEverywhere();
    const changed = await get(url);
    expect(bodyOf<ProductSearchResult>(changed).items.find((p) => p.id === sprayer)?.price).toBe(price + 7);
    expect(changed.headers.etag).not.toBe(first.headers.etag);
    expect((await get(url, { 'if-none-match': String(first.headers.etag) })).statusCode).toBe(200);
    await setPrice(sprayer, price);
    catalogChangedEverywhere();
  });

  it('after an order shows the new stock, and hides a product that ran out from in-stock searches', async () => {
    const name = 'Fresh Tomatoes (Anna F1), 20 kg Crate';
    const tomatoes = await idOf(name);
    await t.db.updateTable('products').set({ stock_quantity: 2 }).where('id', '=', tomatoes).execute();
    const inStockUrl = '/v1/products?q=tomatoes&inStock=true&pageSize=48';
    const allUrl = '/v1/products?q=tomatoes&pageSize=48';

    const before = bodyOf<ProductSearchResult>(await get(inStockUrl));
    expect(before.items.find((p) => p.id === tomatoes)?.stockQuantity).toBe(2);
    expect(bodyOf<PublicProduct>(await get(`/v1/products/${tomatoes}`)).stockQuantity).toBe(2);
    // An answer that does not show the tomatoes, changed behind the cache: an order must not drop it.
    const jembe = await idOf('Jembe (Forged Hoe) with Handle');
    const unrelated = await get('/v1/products?q=jembe');
    expect(bodyOf<ProductSearchResult>(unrelated).items.map((p) => p.id)).toContain(jembe);
    await setPrice(jembe, 999);

    await buyNow(tomatoes, 1);
    const one = bodyOf<ProductSearchResult>(await get(inStockUrl));
    expect(one.items.find((p) => p.id === tomatoes)?.stockQuantity).toBe(1);
    expect(one.facets).toEqual(before.facets);
    expect(bodyOf<PublicProduct>(await get(`/v1/products/${tomatoes}`)).stockQuantity).toBe(1);

    await buyNow(tomatoes, 1);
    const after = bodyOf<ProductSearchResult>(await get(inStockUrl));
    expect(after.items.map((p) => p.id)).not.toContain(tomatoes);
    expect(after.facets.crops).toBe(before.facets.crops - 1);
    expect(after.total).toBe(before.total - 1);
    const detail = bodyOf<PublicProduct>(await get(`/v1/products/${tomatoes}`));
    expect(detail).toMatchObject({ stockQuantity: 0, inStock: false });
    const all = bodyOf<ProductSearchResult>(await get(allUrl));
    expect(all.items.find((p) => p.id === tomatoes)).toMatchObject({ stockQuantity: 0, inStock: false });

    // Precise, not global: the jembe answer is still the one from memory.
    expect((await get('/v1/products?q=jembe')).payload).toBe(unrelated.payload);
  });

  it('re-ranks a search once a product runs out, also for pages not asked before', async () => {
    const url = (pageSize: number) => `/v1/products?q=fertiliser&category=supplies&pageSize=${pageSize}`;
    const leader = bodyOf<ProductSearchResult>(await get(url(20))).items[0];
    expect(leader?.inStock).toBe(true);
    await t.db
      .updateTable('products')
      .set({ stock_quantity: 1 })
      .where('id', '=', leader?.id ?? '')
      .execute();
    await buyNow(leader?.id ?? '', 1);
    // A new page size: no answer to reuse, but the shared ranking must not put the sold-out one first.
    const after = bodyOf<ProductSearchResult>(await get(url(21))).items;
    expect(after[0]?.id).not.toBe(leader?.id);
    expect(after.find((p) => p.id === leader?.id)?.inStock ?? false).toBe(false);
    const inStock = after.map((p) => p.inStock);
    expect(inStock).toEqual([...inStock].sort((a, b) => Number(b) - Number(a)));
  });

  it('takes a product that ran out off the related lists that showed it (in stock comes first there)', async () => {
    const maize = await idOf('Certified Maize Seed H614D, 2 kg');
    const detailBefore = await get(`/v1/products/${maize}`);
    const related = bodyOf<PublicProduct>(detailBefore).related;
    const shown = related[0];
    expect(shown?.inStock).toBe(true);
    const other = related[1];
    if (shown === undefined || other === undefined) throw new Error('expected related products');
    await t.db.updateTable('products').set({ stock_quantity: 1 }).where('id', '=', shown.id).execute();
    await buyNow(shown.id, 1);
    const after = bodyOf<PublicProduct>(await get(`/v1/products/${maize}`));
    expect(after.related.map((p) => p.id)).not.toContain(shown.id);
  });

  it('gives everyone the same answer: public, no per-user data', async () => {
    const favourite = await idOf('Knapsack Sprayer 16 L');
    const fan = await createTestUser(t.db, t.config.jwtSecret);
    expect((await t.request({ method: 'PUT', url: `/v1/favourites/${favourite}`, headers: fan.headers })).statusCode).toBe(200);
    for (const url of ['/v1/products?q=sprayer&minRating=1', `/v1/products/${favourite}`, '/v1/products/featured']) {
      // Signed in first, so a per-user answer would be what the cache keeps.
      const signedIn = await get(url, fan.headers);
      const anonymous = await get(url);
      expect(signedIn.statusCode).toBe(200);
      expect(anonymous.payload).toBe(signedIn.payload);
      expect(signedIn.payload).not.toMatch(/favou?rite/i);
      expect(signedIn.headers['cache-control']).toBe('public, no-cache');
      expect(signedIn.headers['content-type']).toBe('application/json; charset=utf-8');
    }
    // Per-user answers stay private.
    expect((await get('/v1/cart', fan.headers)).headers['cache-control']).toBe('no-store');
  });

  it('answers 304 without a body while the ETag still matches, and 200 once the product changed', async () => {
    const sprayer = await idOf('Knapsack Sprayer 16 L');
    const first = await get(`/v1/products/${sprayer}`);
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const revalidated = await get(`/v1/products/${sprayer}`, { 'if-none-match': `W/"other", ${etag ?? ''}` });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.payload).toBe('');
    expect(revalidated.headers.etag).toBe(etag);
    expect(revalidated.headers['cache-control']).toBe('public, no-cache');

    await buyNow(sprayer, 1);
    const changed = await get(`/v1/products/${sprayer}`, { 'if-none-match': etag ?? '' });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);

    const counties = await get('/v1/counties');
    expect(counties.headers['cache-control']).toBe('public, max-age=300, stale-while-revalidate=86400');
  });

  it('uses typo tolerance only for words that find less than a page as typed', async () => {
    // Twelve "Zebu Salt Lick" blocks: the words as typed now fill a page.
    await sql`
      insert into products (slug, seller_id, name, category, description, price, county, stock_quantity, unit)
      select 'zebu-salt-lick-' || g, p.seller_id, 'Zebu Salt Lick ' || g || ' kg', p.category, p.description, p.price, p.county, 5, p.unit
      from products p cross join generate_series(1, 12) g
      where p.name = 'Mineral Lick Block, 2 kg'
    `.execute(t.db);
    // Written behind the API's back: tell every catalog cache, as a change made outside a request does.
    catalogChangedEverywhere();
    const exact = bodyOf<ProductSearchResult>(await get('/v1/products?q=zebu%20salt%20lick&pageSize=48'));
    expect(exact.total).toBe(12);
    expect(exact.items.every((p) => p.name.startsWith('Zebu Salt Lick'))).toBe(true);
    // Misspelt, nothing matches as typed: similarity finds them.
    const typo = bodyOf<ProductSearchResult>(await get('/v1/products?q=zebu%20salt%20lik&pageSize=48'));
    expect(typo.items.filter((p) => p.name.startsWith('Zebu Salt Lick'))).toHaveLength(12);
  });

  it('still refuses a bad search after good ones (only valid URLs are remembered)', async () => {
    expect((await get('/v1/products?q=maize&minRating=4')).statusCode).toBe(200);
    const bad = await get('/v1/products?q=maize&minRating=9');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().header.customerMessage).toBe('minRating: must be between 0 and 5');
  });
});
