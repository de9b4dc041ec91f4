import type { PublicProduct, ProductSearchResult, ProductSummary } from '@shambasoko/contracts';
import { productSearchResultSchema } from '@shambasoko/contracts';
import { ok } from '../../../http/envelope';
import { SEED_PRODUCTS } from '../../../../seed/market/products';
import type { TestApp } from '../../../testing/test-app';
import { type SearchFilters, type SearchSort, rankSearch, searchProducts } from './repository';
import { useTestApp } from '../../../testing/use-test-app';

let t: TestApp;
useTestApp((app) => (t = app));

const get = (url: string) => t.request({ method: 'GET', url });

async function search(query: string): Promise<ProductSearchResult> {
  const res = await get(`/v1/products${query}`);
  expect(res.statusCode).toBe(200);
  return res.json<{ body: ProductSearchResult }>().body;
}

async function idOf(name: string): Promise<string> {
  const row = await t.db.selectFrom('products').select('id').where('name', '=', name).executeTakeFirstOrThrow();
  return row.id;
}

describe('seeded catalog', () => {
  it('has at least 60 products in all four categories, about 8 featured, and sellers in many counties', async () => {
    const all = await search('?pageSize=48');
    expect(all.total).toBe(SEED_PRODUCTS.length);
    expect(all.total).toBeGreaterThanOrEqual(60);
    for (const category of ['crops', 'equipment', 'supplies', 'services'] as const) {
      expect(all.facets[category]).toBeGreaterThanOrEqual(8);
    }
    const featured = (await get('/v1/products/featured')).json<{ body: ProductSummary[] }>().body;
    expect(featured.length).toBeGreaterThanOrEqual(6);
    expect(featured.length).toBeLessThanOrEqual(8);
    expect(featured.every((p) => p.featured)).toBe(true);

    const counties = (await get('/v1/counties')).json<{ body: string[] }>().body;
    expect(counties).toEqual(
      expect.arrayContaining(['Nairobi', 'Nakuru', 'Kiambu', 'Machakos', 'Kisumu', 'Mombasa', 'Uasin Gishu', 'Meru', 'Nyeri', 'Kakamega']),
    );
    expect([...counties].sort()).toEqual(counties);

    const sellers = await t.db.selectFrom('sellers').select('id').execute();
    expect(sellers.length).toBeGreaterThanOrEqual(10);
  });

  it('gives every product a picture that the API serves, and reviews', async () => {
    const reviewless = await t.db.selectFrom('products').select('name').where('review_count', '<', 2).execute();
    expect(reviewless).toEqual([]);
    const paths = await t.db.selectFrom('product_images').select('path').distinct().execute();
    expect(paths.length).toBeGreaterThanOrEqual(15);
    for (const { path } of paths) {
      const res = await get(`/static/${path}`);
      expect(res.statusCode).toBe(200);
    }
  });
});

describe('GET /v1/products search', () => {
  it('finds maize seed for "maiz" (typo tolerance) and ranks names that match first', async () => {
    const result = await search('?q=maiz');
    expect(result.total).toBeGreaterThanOrEqual(3);
    const top = result.items.slice(0, 3).map((p) => p.name);
    for (const name of top) expect(name.toLowerCase()).toContain('maize');
    expect(result.items.map((p) => p.name)).toContain('Certified Maize Seed H614D, 2 kg');
  });

  it('finds tomatoes for "tomatoe" and "tomatos"', async () => {
    for (const q of ['tomatoe', 'tomatos', 'TOMATOES']) {
      const result = await search(`?q=${q}`);
      expect(result.items[0]?.name.toLowerCase()).toContain('tomato');
      expect(result.items.map((p) => p.name)).toContain('Fresh Tomatoes (Anna F1), 20 kg Crate');
    }
  });

  it('ranks the product named by the words above ones that only mention them', async () => {
    const dap = await search('?q=DAP%20fertiliser');
    expect(dap.items[0]?.name).toBe('DAP Fertiliser 50 kg');

    const seed = await search(`?q=${encodeURIComponent('maize seed')}`);
    expect(seed.items.slice(0, 3).every((p) => /maize seed/i.test(p.name))).toBe(true);

    const sprayer = await search('?q=knapsack');
    expect(
      sprayer.items
        .slice(0, 2)
        .map((p) => p.name)
        .sort(),
    ).toEqual(['Knapsack Sprayer 16 L', 'Motorised Knapsack Sprayer 20 L']);
  });

  it('matches local names, substrings and spelling variants', async () => {
    expect((await search('?q=sukuma')).items[0]?.name).toBe('Fresh Sukuma Wiki (Kale), 5 kg');
    expect((await search('?q=fertilizer')).items.map((p) => p.name)).toContain('CAN Fertiliser 50 kg');
    expect((await search('?q=ploughing')).items[0]?.name).toBe('Tractor Ploughing per Acre');
    expect((await search('?q=avocados')).items[0]?.name).toMatch(/Avocados/);
  });

  it('answers an empty list for words that match nothing, with zero facets', async () => {
    const result = await search('?q=submarine');
    expect(result).toEqual({
      items: [],
      total: 0,
      page: 1,
      pageSize: 12,
      facets: { all: 0, crops: 0, equipment: 0, supplies: 0, services: 0 },
    });
  });

  it('treats search syntax and LIKE wildcards in the text as plain text', async () => {
    for (const q of ['%', '_', '"unclosed', 'maize OR', '-', "o'neil", '\\']) {
      const res = await get(`/v1/products?q=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(200);
    }
    // A literal percent sign: only names that contain one ("Mancozeb 80% WP …").
    const percent = await search(`?q=${encodeURIComponent('%')}&pageSize=48`);
    expect(percent.total).toBeGreaterThan(0);
    expect(percent.items.every((p) => p.name.includes('%'))).toBe(true);
  });
});

describe('GET /v1/products filters, facets, sort and pages', () => {
  it('filters by category, and facets count every category under the other filters', async () => {
    const all = await search('?q=fertiliser');
    const supplies = await search('?q=fertiliser&category=supplies');
    expect(supplies.items.every((p) => p.category === 'supplies')).toBe(true);
    expect(supplies.total).toBe(all.facets.supplies);
    // The category does not narrow its own tab counts.
    expect(supplies.facets).toEqual(all.facets);
    expect(all.facets.all).toBe(all.facets.crops + all.facets.equipment + all.facets.supplies + all.facets.services);
  });

  it('filters by price range, county, stock and rating', async () => {
    const cheap = await search('?maxPrice=1000&pageSize=48');
    expect(cheap.items.length).toBeGreaterThan(0);
    expect(cheap.items.every((p) => p.price <= 1000)).toBe(true);

    const range = await search('?minPrice=3000&maxPrice=5000&pageSize=48');
    expect(range.items.every((p) => p.price >= 3000 && p.price <= 5000)).toBe(true);

    const nakuru = await search('?county=nakuru&pageSize=48');
    expect(nakuru.total).toBeGreaterThan(0);
    expect(nakuru.items.every((p) => p.location === 'Nakuru')).toBe(true);

    const inStock = await search('?inStock=true&pageSize=48');
    const everything = await search('?pageSize=48');
    expect(inStock.items.every((p) => p.inStock && p.stockQuantity > 0)).toBe(true);
    expect(inStock.total).toBeLessThan(everything.total);
    // Out-of-stock products rank after every in-stock one: they fill the last page.
    const lastPage = await search(`?pageSize=48&page=${Math.ceil(everything.total / 48)}`);
    expect(lastPage.items.some((p) => !p.inStock)).toBe(true);
    expect(everything.items.every((p) => p.inStock)).toBe(true);

    const rated = await search('?minRating=4.5&pageSize=48');
    expect(rated.items.every((p) => p.rating >= 4.5)).toBe(true);
    expect(rated.total).toBeLessThan(everything.total);
  });

  it('sorts by price both ways, by rating and by newest', async () => {
    const asc = (await search('?sort=price_asc&pageSize=48')).items.map((p) => p.price);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = (await search('?sort=price_desc&pageSize=48')).items.map((p) => p.price);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    const rating = (await search('?sort=rating&pageSize=48')).items.map((p) => p.rating);
    expect(rating).toEqual([...rating].sort((a, b) => b - a));
    const newest = await search('?sort=newest&pageSize=3');
    expect(newest.items[0]?.name).toBe(SEED_PRODUCTS[0]?.name);
  });

  it('pages through the results without repeats', async () => {
    const first = await search('?sort=price_asc&pageSize=12&page=1');
    const second = await search('?sort=price_asc&pageSize=12&page=2');
    expect(first.items).toHaveLength(12);
    expect(second.page).toBe(2);
    expect(second.total).toBe(first.total);
    const ids = new Set([...first.items, ...second.items].map((p) => p.id));
    expect(ids.size).toBe(24);
    const beyond = await search('?page=99');
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(first.total);
  });

  it('gives every page size and page the same order, and a tab the same order within its category', async () => {
    // With words the pages come from the search's ranking; without, from their own query.
    for (const words of ['q=kg&', '']) {
      const { total } = await search(`?${words}pageSize=1`);
      expect(total).toBeGreaterThan(20);
      const pages = async (size: number, tab = '') => {
        const items: ProductSummary[] = [];
        for (let page = 1; (page - 1) * size < total; page += 1)
          items.push(...(await search(`?${words}${tab}pageSize=${size}&page=${page}`)).items);
        return items;
      };
      const by48 = await pages(48);
      expect(by48).toHaveLength(total);
      expect(new Set(by48.map((p) => p.id)).size).toBe(total);
      expect((await pages(35)).map((p) => p.id)).toEqual(by48.map((p) => p.id));
      const crops = (await pages(48, 'category=crops&')).map((p) => p.id);
      expect(crops).toEqual(by48.filter((p) => p.category === 'crops').map((p) => p.id));
    }
  });

  it('ranks the first places as the deep-page query orders them, for every sort, text and tab', async () => {
    const categories = ['crops', 'equipment', 'supplies', 'services'] as const;
    const cases: [SearchFilters, SearchSort][] = [
      [{}, 'relevance'],
      [{ q: 'maize' }, 'relevance'],
      [{ q: 'tomatos', typos: true }, 'relevance'],
      [{ q: 'fertiliser', category: 'supplies' }, 'price_asc'],
      [{ inStock: true }, 'rating'],
      [{ category: 'equipment' }, 'newest'],
    ];
    for (const [filters, sort] of cases) {
      const { ids, counts } = await rankSearch(t.db, filters, sort, categories, 20);
      const deep = [0, 7, 14].map((offset) => searchProducts(t.db, filters, sort, 7, offset));
      const expected = (await Promise.all(deep)).flat().map((r) => r.id);
      expect(ids).toEqual(expected.slice(0, ids.length));
      const inTab = filters.category ? (counts.get(filters.category) ?? 0) : [...counts.values()].reduce((a, b) => a + b, 0);
      expect(ids.length).toBe(Math.min(20, inTab));
    }
  });

  it('reads empty filters and category=all as no filter', async () => {
    const all = await search('?pageSize=12');
    const lenient = await search('?q=&category=all&minPrice=&maxPrice=&county=&inStock=&minRating=&pageSize=12');
    expect(lenient).toEqual(all);
  });

  it('answers the card fields the market page shows', async () => {
    const { items } = await search('?q=DAP');
    expect(items[0]).toEqual({
      id: expect.any(String),
      name: 'DAP Fertiliser 50 kg',
      titleSw: null,
      category: 'supplies',
      price: 3800,
      originalPrice: 4200,
      discount: 10,
      location: 'Nakuru',
      seller: { id: expect.any(String), name: 'Rift Valley Seed & Agrovet', verified: true, rating: 4.7 },
      rating: expect.any(Number),
      reviews: expect.any(Number),
      image: '/static/products/fertiliser-sack.svg',
      inStock: true,
      stockQuantity: 150,
      featured: true,
      unit: 'per 50 kg bag',
      // Stock on hand, not a pre-order.
      harvestExpected: null,
    });
  });

  it("writes a page as the contract's schema serialises it, from kept cards and from the deep-page query", async () => {
    // Cards read for one search are kept with their JSON, which later pages join: the bytes must stay
    // those of JSON.stringify over the parsed answer (keys in the schema's order, nothing else).
    for (const query of ['?q=maize', '?q=maize&page=2&pageSize=5', '?category=crops&sort=price_asc', '?pageSize=48&page=6', '?q=zzzz']) {
      const res = await get(`/v1/products${query}`);
      expect(res.statusCode).toBe(200);
      const reserialised = JSON.stringify(ok(productSearchResultSchema.parse(res.json<{ body: unknown }>().body)));
      expect({ query, payload: res.payload }).toEqual({ query, payload: reserialised });
    }
    expect((await search('?q=maize&page=2&pageSize=5')).items).toHaveLength(5);
  });

  it.each([
    ['?category=toys', 'query.category: must be one of crops, equipment, supplies, services'],
    ['?minPrice=abc', 'query.minPrice: must be an amount in shillings'],
    ['?minPrice=5000&maxPrice=100', 'query.maxPrice: must not be below minPrice'],
    ['?sort=cheapest', 'query.sort: must be one of relevance, price_asc, price_desc, rating, newest'],
    ['?pageSize=500', 'query.pageSize: must be between 1 and 48'],
    ['?minRating=9', 'query.minRating: must be between 0 and 5'],
  ])('refuses %s with 400', async (query, message) => {
    const res = await get(`/v1/products${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().header.customerMessage).toBe(message.replace(/^query\./, ''));
  });
});

describe('GET /v1/products/:id', () => {
  it('answers the product with seller, images, specifications, delivery, reviews and four related products', async () => {
    const id = await idOf('Knapsack Sprayer 16 L');
    const res = await get(`/v1/products/${id}`);
    expect(res.statusCode).toBe(200);
    const product = res.json<{ body: PublicProduct }>().body;
    expect(product).toMatchObject({
      id,
      name: 'Knapsack Sprayer 16 L',
      category: 'equipment',
      price: 3200,
      originalPrice: 3800,
      discount: 16,
      images: ['/static/products/knapsack-sprayer.svg'],
      delivery: { standard: { price: 350, time: '5-7 business days' }, express: { price: 700, time: '2-3 business days' } },
      seller: {
        name: 'Shamba Tools & Equipment Ltd',
        verified: true,
        rating: 4.6,
        reviews: 420,
        memberSince: '2012',
        responseTime: 'Within 1 hour',
        county: 'Nairobi',
        phone: expect.stringMatching(/^\+254/),
        avatar: null,
      },
    });
    // Public: the seller's business contacts only, never the e-mail (issue 38).
    expect(Object.keys(product.seller).sort()).toEqual(
      ['avatar', 'county', 'id', 'memberSince', 'name', 'phone', 'rating', 'responseTime', 'reviews', 'verified', 'whatsapp'].sort(),
    );
    expect(product.description.length).toBeGreaterThan(20);
    expect(product.specifications).toContainEqual({ label: 'Capacity', value: '16 litres' });
    expect(product.reviewsList.length).toBe(product.reviews);
    expect(product.reviewsList.length).toBeGreaterThanOrEqual(2);
    for (const review of product.reviewsList) {
      expect(review).toEqual({
        id: expect.any(String),
        user: expect.any(String),
        rating: expect.any(Number),
        date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        comment: expect.any(String),
        verified: expect.any(Boolean),
      });
    }
    const average = product.reviewsList.reduce((sum, r) => sum + r.rating, 0) / product.reviewsList.length;
    expect(product.rating).toBeCloseTo(average, 1);
    expect(product.related).toHaveLength(4);
    expect(product.related.every((p) => p.category === 'equipment' && p.id !== id)).toBe(true);
  });

  it('answers 404 "Product not found" for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '1']) {
      const res = await get(`/v1/products/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ header: { isSuccess: false, customerMessage: 'Product not found' }, body: null });
    }
  });
});

describe('GET /static/products/:file', () => {
  it('serves small, square, script-free SVGs with a long cache header', async () => {
    const res = await get('/static/products/maize-cob.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.payload).toMatch(/^<svg [^>]*viewBox="0 0 400 400"/);
    expect(res.payload).not.toMatch(/<script|https?:\/\/(?!www\.w3\.org)/);
    expect(res.rawPayload.length).toBeLessThan(4 * 1024);
  });

  it.each([
    ['an encoded parent path', '/static/products/..%2F..%2Fpackage.json', 400],
    ['a hidden file', '/static/products/.env', 400],
    ['a file type it does not serve', '/static/products/service.ts', 400],
    ['a literal parent path', '/static/products/../../package.json', 404],
    ['a missing picture', '/static/products/baobab.svg', 404],
  ])('refuses %s', async (_label, url, status) => {
    const res = await get(url);
    expect(res.statusCode).toBe(status);
    expect(res.json().header.isSuccess).toBe(false);
  });
});
