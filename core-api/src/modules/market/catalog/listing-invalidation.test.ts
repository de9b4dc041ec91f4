import type { ProductSearchResult } from '@shambasoko/contracts';
import type { SellerListing } from '@shambasoko/contracts';
import { createTestUser, type TestUser } from '../../../testing/auth';
import type { TestApp, TestResponse } from '../../../testing/test-app';
import { useTestApp } from '../../../testing/use-test-app';

// A new listing drops only the cached catalog answers it can enter (its county's searches, text
// searches, its seller's page, its category's related lists); the others stay cached. Prices are
// changed behind the API's back (t.db) to tell a cached answer from a fresh one.

let t: TestApp;
let seller: TestUser;
useTestApp(async (app) => {
  t = app;
  seller = await createTestUser(t.db, t.config.jwtSecret, { roles: ['Farmer'] });
  const profile = await t.request({
    method: 'PUT',
    url: '/v1/seller/profile',
    headers: seller.headers,
    payload: {
      businessName: 'Chebet Farm Fresh',
      county: 'Kericho',
      phone: '0712 345 678',
      whatsapp: '',
      pickupLocation: 'Kericho town',
      description: 'Tea-country vegetables',
    },
  });
  expect(profile.statusCode).toBe(200);
});

const get = (url: string) => t.request({ method: 'GET', url });
/** An answer is kept from its second load on (a URL asked for once is not): asks twice. */
const getKept = async (url: string) => {
  await get(url);
  return get(url);
};
function bodyOf<T>(res: TestResponse): T {
  expect(res.statusCode).toBe(200);
  return res.json<{ body: T }>().body;
}
const bump = (id: string) =>
  t.db
    .updateTable('products')
    .set((eb) => ({ price: eb('price', '+', 1) }))
    .where('id', '=', id)
    .execute();

/** A seeded active product of another county and category than the new listing's (Kericho, crops). */
async function elsewhere(): Promise<{ id: string; county: string; sellerId: string }> {
  const row = await t.db
    .selectFrom('products')
    .select(['id', 'county', 'seller_id'])
    .where('status', '=', 'active')
    .where('county', '<>', 'Kericho')
    .where('category', '<>', 'crops')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, county: row.county, sellerId: row.seller_id };
}

it('keeps unrelated cached answers and refreshes those the new listing can enter', async () => {
  const other = await elsewhere();
  const crop = await t.db
    .selectFrom('products')
    .select('id')
    .where('status', '=', 'active')
    .where('category', '=', 'crops')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const unrelated = [
    `/v1/products?county=${encodeURIComponent(other.county)}&category=crops`,
    `/v1/products?county=${encodeURIComponent(other.county)}`,
    `/v1/products/${other.id}`,
    `/v1/sellers/${other.sellerId}`,
  ];
  const related = [
    '/v1/products?county=Kericho&sort=newest',
    '/v1/products?q=passion%20fruit',
    '/v1/products?sort=newest',
    `/v1/products/${crop.id}`,
  ];
  const before = new Map<string, string>();
  for (const url of [...unrelated, ...related]) before.set(url, (await getKept(url)).payload);
  // Every answer above shows one of these: a fresh read tells by the price.
  await bump(other.id);
  await bump(crop.id);
  for (const url of unrelated.slice(0, 2)) for (const p of bodyOf<ProductSearchResult>(await get(url)).items) await bump(p.id);
  for (const url of unrelated) expect((await get(url)).payload).toBe(before.get(url));

  const created = await t.request({
    method: 'POST',
    url: '/v1/seller/products',
    headers: seller.headers,
    payload: { title: 'Purple passion fruit', category: 'crops', unit: 'crate', price: 1200, stock: 25 },
  });
  expect(created.statusCode).toBe(201);
  const listing = created.json<{ body: SellerListing }>().body;

  for (const url of unrelated) expect({ url, payload: (await get(url)).payload }).toEqual({ url, payload: before.get(url) });
  expect(bodyOf<ProductSearchResult>(await get(related[0]!)).items[0]?.id).toBe(listing.id);
  expect(bodyOf<ProductSearchResult>(await get(related[1]!)).items.map((p) => p.id)).toContain(listing.id);
  expect(bodyOf<ProductSearchResult>(await get(related[2]!)).items[0]?.id).toBe(listing.id);
  const page = (await get(related[3]!)).payload;
  expect(page).not.toBe(before.get(related[3]!));
  // The crop may also be among the unrelated lists' items (product ids are random), so bumped more than once:
  // a fresh answer shows the price the table holds now.
  const now = await t.db.selectFrom('products').select('price').where('id', '=', crop.id).executeTakeFirstOrThrow();
  expect(Number(now.price)).toBeGreaterThan(JSON.parse(before.get(related[3]!)!).body.price);
  expect(JSON.parse(page).body.price).toBe(Number(now.price));
});

it('drops nothing for a paused listing: it shows nowhere public', async () => {
  const url = '/v1/products?county=Kericho&sort=newest';
  const first = await getKept(url);
  const shown = bodyOf<ProductSearchResult>(first).items[0];
  if (shown) await bump(shown.id);
  const created = await t.request({
    method: 'POST',
    url: '/v1/seller/products',
    headers: seller.headers,
    payload: { title: 'Hidden avocado', category: 'crops', unit: 'crate', price: 900, stock: 5, status: 'paused' },
  });
  expect(created.statusCode).toBe(201);
  expect((await get(url)).payload).toBe(first.payload);
  expect((await get(`/v1/products/${created.json<{ body: SellerListing }>().body.id}`)).statusCode).toBe(404);
});
