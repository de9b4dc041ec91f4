import type { ProductSearchResult } from '@shambasoko/contracts';
import { sql } from 'kysely';
import type { SellerListing } from '@shambasoko/contracts';
import { createTestUser, type TestUser } from '../../../testing/auth';
import type { TestApp, TestResponse } from '../../../testing/test-app';
import { useTestApp } from '../../../testing/use-test-app';

// A new listing drops only the cached catalog answers it can enter (its county's searches, text
// searches, its seller's page, its category's related lists), and a listing's edit those it shows
// in, leaves or enters; the others stay cached. Prices are changed behind the API's back (t.db) to
// tell a cached answer from a fresh one.

let t: TestApp;
let seller: TestUser;
let sellerId: string;
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
  sellerId = profile.json<{ body: { id: string } }>().body.id;
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

/** A new listing of the test's seller (Kericho, crops, Ksh 1,200), made through the API. */
async function list(title: string): Promise<SellerListing> {
  const created = await t.request({
    method: 'POST',
    url: '/v1/seller/products',
    headers: seller.headers,
    payload: { title, category: 'crops', unit: 'crate', price: 1200, stock: 25 },
  });
  expect(created.statusCode).toBe(201);
  return created.json<{ body: SellerListing }>().body;
}

/** A seeded active product of another county and category than the new listing's (Kericho, crops). */
async function elsewhere(): Promise<{ id: string; county: string; sellerId: string; category: string }> {
  const row = await t.db
    .selectFrom('products')
    .select(['id', 'county', 'seller_id', 'category'])
    .where('status', '=', 'active')
    .where('county', '<>', 'Kericho')
    .where('category', '<>', 'crops')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, county: row.county, sellerId: row.seller_id, category: row.category };
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

  const listing = await list('Purple passion fruit');

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

describe('a listing’s edit', () => {
  const edit = async (id: string, payload: object) => {
    const res = await t.request({ method: 'PATCH', url: `/v1/seller/products/${id}`, headers: seller.headers, payload });
    expect(res.statusCode).toBe(200);
  };
  const ids = async (url: string) => bodyOf<ProductSearchResult>(await get(url)).items.map((p) => p.id);
  const priceIn = async (url: string, id: string) => bodyOf<ProductSearchResult>(await get(url)).items.find((p) => p.id === id)?.price;

  it('keeps unrelated cached answers and refreshes those it shows in, leaves or enters', async () => {
    const listing = await list('Golden passion fruit');
    const other = await elsewhere();
    const unrelated = [
      `/v1/products?county=${encodeURIComponent(other.county)}&category=crops`,
      `/v1/products?county=${encodeURIComponent(other.county)}`,
      `/v1/products/${other.id}`,
      `/v1/sellers/${other.sellerId}`,
    ];
    const text = '/v1/products?q=golden%20passion';
    const county = '/v1/products?county=Kericho&sort=newest';
    const page = `/v1/products/${listing.id}`;
    const storefront = `/v1/sellers/${sellerId}`;
    // Product pages of its category and of the one it moves to: their related lists.
    const pageOf = async (category: string) => {
      const row = await t.db
        .selectFrom('products')
        .select('id')
        .where('status', '=', 'active')
        .where('category', '=', category as 'crops')
        .where('id', '<>', listing.id)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      return { id: row.id, url: `/v1/products/${row.id}` };
    };
    const cropsPage = await pageOf('crops');
    // The category it moves to: not the unrelated product's (whose page lists that category's products).
    const moveTo = other.category === 'supplies' ? 'equipment' : 'supplies';
    const movedPage = await pageOf(moveTo);
    const before = new Map<string, string>();
    for (const url of [...unrelated, text, county, page, storefront, cropsPage.url, movedPage.url])
      before.set(url, (await getKept(url)).payload);
    expect(await priceIn(text, listing.id)).toBe(1200);
    await bump(cropsPage.id);
    await bump(movedPage.id);
    await bump(other.id);
    for (const url of unrelated.slice(0, 2)) for (const p of bodyOf<ProductSearchResult>(await get(url)).items) await bump(p.id);

    // A new price and a new word: every answer showing it shows them, and the word finds it.
    await edit(listing.id, { price: 450, title: 'Golden passion fruit, sweet' });
    for (const url of unrelated) expect({ url, payload: (await get(url)).payload }).toEqual({ url, payload: before.get(url) });
    expect(await priceIn(text, listing.id)).toBe(450);
    expect(await priceIn(county, listing.id)).toBe(450);
    expect(bodyOf<{ price: number; name: string }>(await get(page))).toMatchObject({ price: 450, name: 'Golden passion fruit, sweet' });
    expect(JSON.stringify(bodyOf(await get(storefront)))).toContain('Golden passion fruit, sweet');
    expect(await ids('/v1/products?q=sweet%20passion')).toContain(listing.id);
    // A related list orders by what a seller cannot change: a new price or name enters none.
    expect((await get(cropsPage.url)).payload).toBe(before.get(cropsPage.url));

    // The form saved again as it is: nothing written, nothing dropped (a change behind the API's back stays unseen).
    await bump(listing.id);
    const edits = await t.db.selectFrom('products').select('updated_at').where('id', '=', listing.id).executeTakeFirstOrThrow();
    await edit(listing.id, { price: 451, title: 'Golden passion fruit, sweet', category: 'crops', unit: 'crate' });
    expect(await priceIn(text, listing.id)).toBe(450);
    expect(
      (await t.db.selectFrom('products').select('updated_at').where('id', '=', listing.id).executeTakeFirstOrThrow()).updated_at,
    ).toEqual(edits.updated_at);

    // Another category: it leaves the old category's searches and enters the new one's.
    const crops = '/v1/products?county=Kericho&category=crops';
    const moved = `/v1/products?county=Kericho&category=${moveTo}`;
    expect(await ids(crops)).toContain(listing.id);
    expect(await ids(moved)).not.toContain(listing.id);
    await ids(moved);
    await edit(listing.id, { category: moveTo });
    expect(await ids(crops)).not.toContain(listing.id);
    expect(await ids(moved)).toContain(listing.id);
    // It may enter the related lists of its new category.
    expect((await get(movedPage.url)).payload).not.toBe(before.get(movedPage.url));

    // Paused: it leaves every public answer; published again, it is back, featured list included.
    await getKept('/v1/products/featured');
    await edit(listing.id, { status: 'paused' });
    expect(await ids(text)).not.toContain(listing.id);
    expect(await ids(county)).not.toContain(listing.id);
    expect(JSON.stringify(bodyOf(await get(storefront)))).not.toContain(listing.id);
    expect((await get(page)).statusCode).toBe(404);
    // Featured and rated first (behind the API's back: no seller sets either).
    await sql`update products set featured = true, rating = 5, review_count = 999 where id = ${listing.id}`.execute(t.db);
    await getKept('/v1/products/featured');
    await edit(listing.id, { status: 'active' });
    expect(bodyOf<Array<{ id: string }>>(await get('/v1/products/featured')).map((p) => p.id)).toContain(listing.id);
    expect(await ids(text)).toContain(listing.id);

    // Deleted: gone again, and the unrelated answers still kept.
    const gone = await t.request({ method: 'DELETE', url: `/v1/seller/products/${listing.id}`, headers: seller.headers });
    expect(gone.statusCode).toBeLessThan(300);
    expect(await ids(text)).not.toContain(listing.id);
    expect(bodyOf<Array<{ id: string }>>(await get('/v1/products/featured')).map((p) => p.id)).not.toContain(listing.id);
    for (const url of unrelated) expect({ url, payload: (await get(url)).payload }).toEqual({ url, payload: before.get(url) });
  });
});
