import { randomUUID } from 'node:crypto';
import { PRICE_MIN_SALES, type PriceSeries, type PriceSummary, type ProductPrice, type SellerListing } from '@shambasoko/contracts';
import type { Envelope } from '../../../http/envelope';
import { createTestUser, type TestUser } from '../../../testing/auth';
import { insertSale, type SaleFields } from '../../../testing/market-sales';
import { createShop, type TestShop } from '../../../testing/shops';
import type { TestApp } from '../../../testing/test-app';
import { useTestApp } from '../../../testing/use-test-app';
import { client } from '../../farm/test-helpers';
import { seriesMonths } from './service';

let t: TestApp;
let buyer: TestUser;
useTestApp((app) => (t = app));

beforeAll(async () => {
  buyer = await createTestUser(t.db, t.config.jwtSecret, { firstName: 'Achieng', lastName: 'Buyer', roles: ['Buyer'] });
});

const DAY_MS = 24 * 60 * 60 * 1000;

interface ListingFields {
  kind: string | null;
  price: number;
  unit_code?: 'kg' | 'bag_90kg' | 'crate' | 'litre' | 'piece' | null;
  unit?: string;
  weight_kg?: number;
  status?: 'active' | 'paused';
}

/** One more listing of the shop's seller, in the shop's county. */
async function addListing(shop: TestShop, county: string, f: ListingFields): Promise<string> {
  const row = await t.db
    .insertInto('products')
    .values({
      slug: `price-${randomUUID().slice(0, 12)}`,
      seller_id: shop.sellerId,
      name: 'Listing for prices',
      category: 'crops',
      price: f.price,
      county,
      stock_quantity: 100,
      unit: f.unit ?? 'per kg',
      unit_code: f.unit_code === undefined ? 'kg' : f.unit_code,
      weight_kg: f.weight_kg ?? 1,
      kind: f.kind,
      status: f.status ?? 'active',
      specifications: '[]',
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A sale of one line by `shop`, bought by the test buyer unless `buyerId` says otherwise. */
const addSale = (shop: TestShop, productId: string, s: Omit<SaleFields, 'sellerId' | 'buyerId'> & { buyerId?: string }) =>
  insertSale(t.db, productId, { buyerId: buyer.id, ...s, sellerId: shop.sellerId });

async function anon<T>(url: string): Promise<{ status: number; body: T; cacheControl: string | undefined }> {
  const res = await t.request({ method: 'GET', url });
  return {
    status: res.statusCode,
    body: res.json<Envelope<T>>().body as T,
    cacheControl: res.headers['cache-control'] as string | undefined,
  };
}

const summary = (kind: string, county?: string) =>
  anon<PriceSummary>(`/v1/market/prices?kind=${kind}${county ? `&county=${encodeURIComponent(county)}` : ''}`).then((r) => r.body);

describe('GET /v1/market/prices', () => {
  it('shows nothing below the minimum count of sales, then the median and middle range', async () => {
    expect(PRICE_MIN_SALES).toBe(5);
    const shop = await createShop(t.db, t.config.jwtSecret, { name: 'Kiprono', county: 'Samburu' });
    const maize = await addListing(shop, 'Samburu', { kind: 'sorghum', price: 40 });
    for (const price of [36, 38, 40, 44]) await addSale(shop, maize, { unitPrice: price });

    const four = await summary('sorghum', 'Samburu');
    expect(four).toMatchObject({ kind: 'sorghum', county: 'Samburu', baseUnit: 'kg', days: 30, sold: null });

    await addSale(shop, maize, { unitPrice: 46 });
    const five = await summary('sorghum', 'Samburu');
    // 36 38 40 44 46: median 40, p25 38, p75 44.
    expect(five.sold).toEqual({ median: 40, low: 38, high: 44, count: 5 });
  });

  it('compares a 90 kg bag with a kg, a litre of milk with a litre, and leaves out what cannot be weighed', async () => {
    const shop = await createShop(t.db, t.config.jwtSecret, { name: 'Njeri', county: 'Isiolo' });
    const perKg = await addListing(shop, 'Isiolo', { kind: 'wheat', price: 50 });
    // A 90 kg bag whose weight field was left at 1 kg is still 90 kg.
    const bag = await addListing(shop, 'Isiolo', {
      kind: 'wheat',
      price: 4500,
      unit_code: 'bag_90kg',
      unit: 'per 90 kg bag',
      weight_kg: 1,
    });
    const crate = await addListing(shop, 'Isiolo', { kind: 'wheat', price: 1000, unit_code: 'crate', unit: 'per crate', weight_kg: 20 });
    // Listed before units were a choice: the label says the weight.
    const legacy = await addListing(shop, 'Isiolo', { kind: 'wheat', price: 100, unit_code: null, unit: 'per 2 kg bag' });
    const unweighed = await addListing(shop, 'Isiolo', { kind: 'wheat', price: 999, unit_code: 'piece', unit: 'per piece', weight_kg: 0 });
    await addSale(shop, perKg, { unitPrice: 50, quantity: 3 });
    await addSale(shop, bag, { unitPrice: 4500 });
    await addSale(shop, bag, { unitPrice: 4500, quantity: 2 });
    await addSale(shop, crate, { unitPrice: 1000 });
    await addSale(shop, legacy, { unitPrice: 100 });
    await addSale(shop, unweighed, { unitPrice: 999 });
    expect((await summary('wheat', 'Isiolo')).sold).toEqual({ median: 50, low: 50, high: 50, count: 5 });

    const dairy = await addListing(shop, 'Isiolo', { kind: 'milk', price: 60, unit_code: 'litre', unit: 'per litre' });
    // 20 kg of milk at Ksh 1,165 is 19.4 litres: Ksh 60 a litre.
    const byWeight = await addListing(shop, 'Isiolo', { kind: 'milk', price: 1165, unit_code: 'piece', unit: 'per piece', weight_kg: 20 });
    for (let i = 0; i < 4; i++) await addSale(shop, dairy, { unitPrice: 60 });
    await addSale(shop, byWeight, { unitPrice: 1165 });
    expect(await summary('milk', 'Isiolo')).toMatchObject({ baseUnit: 'litre', sold: { median: 60, low: 60, high: 60, count: 5 } });
  });

  it('counts only paid parts, never a seller buying from their own shop, and only the last 30 days', async () => {
    const shop = await createShop(t.db, t.config.jwtSecret, { name: 'Wafula', county: 'Marsabit' });
    const beans = await addListing(shop, 'Marsabit', { kind: 'green_grams', price: 120 });
    for (let i = 0; i < 4; i++) await addSale(shop, beans, { unitPrice: 120 });
    await addSale(shop, beans, { unitPrice: 10, part: 'awaiting_payment' });
    await addSale(shop, beans, { unitPrice: 10, part: 'cancelled', paidAt: new Date() });
    await addSale(shop, beans, { unitPrice: 10, part: 'expired' });
    await addSale(shop, beans, { unitPrice: 10, buyerId: shop.user.id });
    await addSale(shop, beans, { unitPrice: 10, paidAt: new Date(Date.now() - 31 * DAY_MS) });
    expect((await summary('green_grams', 'Marsabit')).sold).toBeNull();

    for (const part of ['accepted', 'dispatched', 'delivered'] as const) await addSale(shop, beans, { unitPrice: 130, part });
    expect((await summary('green_grams', 'Marsabit')).sold).toEqual({ median: 120, low: 120, high: 130, count: 7 });
  });

  it('leaves out a sale the buyer was refunded after a dispute, wholly or in part, and keeps one decided for the seller', async () => {
    const shop = await createShop(t.db, t.config.jwtSecret, { name: 'Chebet', county: 'Bomet' });
    const peas = await addListing(shop, 'Bomet', { kind: 'sorghum', price: 150 });
    for (let i = 0; i < 4; i++) await addSale(shop, peas, { unitPrice: 150, part: 'delivered' });
    // Refunded in full, and 400 of 1,000 back for wet bags: neither was a price the market paid.
    await addSale(shop, peas, { unitPrice: 900, part: 'delivered', refund: 900 });
    await addSale(shop, peas, { unitPrice: 1000, part: 'delivered', refund: 400 });
    expect((await summary('sorghum', 'Bomet')).sold).toBeNull();
    // A dispute decided with nothing given back leaves the sale as it was.
    await addSale(shop, peas, { unitPrice: 160, part: 'delivered', refund: 0 });
    expect((await summary('sorghum', 'Bomet')).sold).toEqual({ median: 150, low: 150, high: 150, count: 5 });
  });

  it('keeps counties apart, and all of Kenya together without a county', async () => {
    const lamu = await createShop(t.db, t.config.jwtSecret, { name: 'Omar', county: 'Lamu' });
    const kwale = await createShop(t.db, t.config.jwtSecret, { name: 'Mwanajuma', county: 'Kwale' });
    const inLamu = await addListing(lamu, 'Lamu', { kind: 'mangoes', price: 30 });
    const inKwale = await addListing(kwale, 'Kwale', { kind: 'mangoes', price: 60 });
    for (let i = 0; i < 3; i++) await addSale(lamu, inLamu, { unitPrice: 30 });
    for (let i = 0; i < 3; i++) await addSale(kwale, inKwale, { unitPrice: 60 });
    expect((await summary('mangoes', 'Lamu')).sold).toBeNull();
    expect((await summary('mangoes', 'Kwale')).sold).toBeNull();
    const kenya = await summary('mangoes');
    expect(kenya.county).toBeNull();
    expect(kenya.sold).toEqual({ median: 45, low: 30, high: 60, count: 6 });
  });

  it('gives live listings’ asking prices, five listings at least, paused ones aside', async () => {
    const shop = await createShop(t.db, t.config.jwtSecret, { name: 'Chebet', county: 'Baringo' });
    for (const price of [20, 22, 24, 26]) await addListing(shop, 'Baringo', { kind: 'rice', price });
    await addListing(shop, 'Baringo', { kind: 'rice', price: 5, status: 'paused' });
    expect((await summary('rice', 'Baringo')).asking).toBeNull();
    await addListing(shop, 'Baringo', { kind: 'rice', price: 2800, unit_code: 'bag_90kg', unit: 'per 90 kg bag' });
    expect((await summary('rice', 'Baringo')).asking).toEqual({ median: 24, low: 22, high: 26, count: 5 });
  });

  it('is public and may be cached a minute; a kind or county it does not know is a 400', async () => {
    const ok = await anon<PriceSummary>('/v1/market/prices?kind=maize&county=Nakuru');
    expect(ok.status).toBe(200);
    expect(ok.cacheControl).toContain('max-age=60');
    expect((await t.request({ method: 'GET', url: '/v1/market/prices?kind=gold' })).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: '/v1/market/prices?kind=maize&county=Atlantis' })).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: '/v1/market/prices' })).statusCode).toBe(400);
  });
});

describe('GET /v1/market/prices/series', () => {
  it('groups sales by Nairobi month, each month under the same minimum', async () => {
    const shop = await createShop(t.db, t.config.jwtSecret, { name: 'Kemunto', county: 'Nyamira' });
    const tea = await addListing(shop, 'Nyamira', { kind: 'tea', price: 25 });
    const months = seriesMonths();
    const thisMonth = months[11]!;
    const lastMonth = months[10]!;
    // The 15th of last month, noon in Nairobi; and the first minutes of this month in Nairobi (still last month in UTC).
    const inLastMonth = new Date(`${lastMonth}-15T12:00:00+03:00`);
    const startOfThisMonth = new Date(`${thisMonth}-01T00:30:00+03:00`);
    for (let i = 0; i < 5; i++) await addSale(shop, tea, { unitPrice: 20 + i, paidAt: inLastMonth });
    for (let i = 0; i < 4; i++) await addSale(shop, tea, { unitPrice: 30, paidAt: startOfThisMonth });
    await addSale(shop, tea, { unitPrice: 30, paidAt: new Date() });

    const series = (await anon<PriceSeries>('/v1/market/prices/series?kind=tea&county=Nyamira')).body;
    expect(series.months.map((m) => m.month)).toEqual(months);
    expect(series.months.find((m) => m.month === lastMonth)?.sold).toEqual({ median: 22, low: 21, high: 23, count: 5 });
    expect(series.months.find((m) => m.month === thisMonth)?.sold).toEqual({ median: 30, low: 30, high: 30, count: 5 });
    expect(series.months.filter((m) => m.sold !== null)).toHaveLength(2);
  });
});

describe('GET /v1/market/prices/products/:id', () => {
  it('gives the listing’s price per kg beside what its kind sold for in its county', async () => {
    const shop = await createShop(t.db, t.config.jwtSecret, { name: 'Mutua', county: 'Kitui' });
    const sold = await addListing(shop, 'Kitui', { kind: 'beans', price: 150 });
    for (const price of [140, 145, 150, 155, 160]) await addSale(shop, sold, { unitPrice: price });
    const bag = await addListing(shop, 'Kitui', { kind: 'beans', price: 13_500, unit_code: 'bag_90kg', unit: 'per 90 kg bag' });
    const answer = await anon<ProductPrice>(`/v1/market/prices/products/${bag}`);
    expect(answer.body).toEqual({
      kind: 'beans',
      county: 'Kitui',
      baseUnit: 'kg',
      perBaseUnit: 150,
      typical: { median: 150, low: 145, high: 155, count: 5 },
    });

    const none = await addListing(shop, 'Kitui', { kind: null, price: 10 });
    expect((await anon<ProductPrice>(`/v1/market/prices/products/${none}`)).body).toEqual({
      kind: null,
      county: 'Kitui',
      baseUnit: null,
      perBaseUnit: null,
      typical: null,
    });
    const paused = await addListing(shop, 'Kitui', { kind: 'beans', price: 10, status: 'paused' });
    expect((await anon(`/v1/market/prices/products/${paused}`)).status).toBe(404);
    expect((await anon(`/v1/market/prices/products/not-an-id`)).status).toBe(404);
  });
});

describe('a listing’s kind', () => {
  it('is chosen when listing and changed later; an unknown kind is refused', async () => {
    const shop = await createShop(t.db, t.config.jwtSecret, { name: 'Koech', county: 'Nakuru' });
    const seller = client(t, shop.user);
    const base = { title: 'White maize', category: 'crops', unit: 'kg', price: 42, stock: 10 };
    const created = await seller.post<SellerListing>('/v1/seller/products', { ...base, kind: 'maize' });
    expect(created.status).toBe(201);
    expect(created.body.kind).toBe('maize');
    const row = await t.db.selectFrom('products').select('kind').where('id', '=', created.body.id).executeTakeFirstOrThrow();
    expect(row.kind).toBe('maize');
    const changed = await seller.patch<SellerListing>(`/v1/seller/products/${created.body.id}`, { kind: 'beans' });
    expect(changed.body.kind).toBe('beans');
    expect((await seller.patch<SellerListing>(`/v1/seller/products/${created.body.id}`, { kind: null })).body.kind).toBeNull();
    const unknown = await seller.post('/v1/seller/products', { ...base, kind: 'gold' });
    expect(unknown.status).toBe(400);
    expect(unknown.message).toContain('kind');
    expect((await seller.post<SellerListing>('/v1/seller/products', base)).body.kind).toBeNull();
  });
});
