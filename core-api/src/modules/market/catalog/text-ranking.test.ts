import type { ProductSearchResult } from '@shambasoko/contracts';
import { PRODUCT_CATEGORIES } from '@shambasoko/contracts';
import { randomUUID } from 'node:crypto';
import { StatementCounter } from '../../../db/statement-counter';
import type { MarketCategory } from '../../../db/schema';
import { createTestUser } from '../../../testing/auth';
import { testCheckout } from '../../../testing/orders';
import type { TestApp } from '../../../testing/test-app';
import { useTestApp } from '../../../testing/use-test-app';
import { type SearchFilters, type SearchSort, findTextMatches, rankSearch } from './repository';
import { TextMatches, rankMatches } from './text-ranking';

const counter = new StatementCounter();
let t: TestApp;
useTestApp((app) => (t = app), { plugins: [counter] });

const SORTS: SearchSort[] = ['relevance', 'price_asc', 'price_desc', 'rating', 'newest'];
// As typed, with synonyms, typo mode, substring only.
const TEXTS: [string, boolean][] = [
  ['maize', false],
  ['seed', false],
  ['mbolea', false],
  ['mbegu za mahindi', false],
  ['fertilizer', true],
  ['tomatoe', true],
  ['mbolae', true],
  ['kg', false],
];
/** A search's answer, which must be a 200. */
const get = async (url: string) => {
  const res = await t.request({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.json<{ body: ProductSearchResult }>().body;
};

const FILTERS: SearchFilters[] = [{}, { county: 'nakuru' }, { inStock: true }, { minPrice: 500, maxPrice: 5000 }, { minRating: 4 }];
const TABS: (MarketCategory | undefined)[] = [undefined, ...PRODUCT_CATEGORIES];

describe('search ranked in memory (issue 43)', () => {
  it('gives the SQL ranking: same places and tab counts for every text, typo mode, sort, filter and tab', async () => {
    let compared = 0;
    for (const [q, typos] of TEXTS) {
      const rows = await findTextMatches(t.db, q, typos, 10_000);
      const matches = TextMatches.of(rows);
      expect(matches.rows.length).toBeGreaterThan(0);
      for (const sort of SORTS) {
        for (const base of FILTERS) {
          for (const category of TABS) {
            const filters = { ...base, q, typos, category };
            const sql = await rankSearch(t.db, filters, sort, PRODUCT_CATEGORIES, 20);
            // Sorted (a text ranked before under this sort) and selected (ranked for the first time).
            const memory = rankMatches(matches, filters, sort, PRODUCT_CATEGORIES, 20);
            const selected = rankMatches(TextMatches.of(rows), filters, sort, PRODUCT_CATEGORIES, 20);
            expect({ q, sort, filters, ...memory }).toEqual({ q, sort, filters, ...sql });
            expect({ q, sort, filters, ...selected }).toEqual({ q, sort, filters, ...sql });
            compared += 1;
          }
        }
      }
    }
    expect(compared).toBe(TEXTS.length * SORTS.length * FILTERS.length * TABS.length);
  }, 120_000);

  it('breaks a tie by the whole id in uuid order, also between ids whose first digits are the same', () => {
    // Equal in every sort's values: only the ids order them.
    const ids = [
      'b0000001-0000-4000-8000-000000000000',
      'abcdef12-0000-4000-8000-000000000002',
      'abcdef11-0000-4000-8000-000000000000',
      '0fffffff-0000-4000-8000-000000000000',
      'abcdef1f-0000-4000-8000-000000000001',
      'abcdef10-0000-4000-8000-000000000009',
      'ffffffff-ffff-4fff-bfff-ffffffffffff',
    ];
    const rows = ids.map((id) => ({
      id,
      category: 'crops' as const,
      price: 100,
      county: 'nakuru',
      in_stock: true,
      rating: 4,
      review_count: 2,
      created_us: 1,
      relevance: 0.5,
    }));
    const inOrder = [...ids].sort();
    for (const sort of SORTS) {
      // Selected (first ranking of a sort), then sorted (the second).
      const matches = TextMatches.of(rows);
      for (const round of [1, 2]) {
        expect({ sort, round, ids: rankMatches(matches, {}, sort, PRODUCT_CATEGORIES, 20).ids }).toEqual({ sort, round, ids: inOrder });
      }
    }
  });

  it('finds no place and counts nothing in a county no match has, sorted or selected, as SQL', async () => {
    const rows = await findTextMatches(t.db, 'maize', false, 10_000);
    const matches = TextMatches.of(rows);
    for (const sort of ['relevance', 'relevance', 'price_asc'] as const) {
      for (const category of [undefined, 'crops'] as const) {
        const filters = { q: 'maize', typos: false, county: 'Nowhere', category };
        const none = { ids: [], counts: new Map(PRODUCT_CATEGORIES.map((c) => [c, 0])) };
        expect(await rankSearch(t.db, filters, sort, PRODUCT_CATEGORIES, 20)).toEqual(none);
        expect(rankMatches(matches, filters, sort, PRODUCT_CATEGORIES, 20)).toEqual(none);
      }
    }
  });
});

describe('a search with new filters (issue 43)', () => {
  it('reads only its page of cards once its words were searched: no ranking or counting query, whatever the filters, tab or sort', async () => {
    const first = await get('/v1/products?q=seed');
    expect(first.total).toBeGreaterThan(2);
    for (const [i, filters] of [
      '&maxPrice=9999001',
      '&maxPrice=9999002&sort=price_asc',
      '&category=crops&minRating=1&maxPrice=9999003',
      '&county=nakuru&sort=newest&maxPrice=9999004',
      '&inStock=true&sort=rating&maxPrice=9999005',
    ].entries()) {
      let answer: ProductSearchResult | undefined;
      const statements = await counter.during(async () => (answer = await get(`/v1/products?q=seed${filters}`)));
      // At most one statement: the page's cards by id, for those no earlier answer read (none when nothing matches).
      expect(`${filters}: ${Math.min(statements, 1)}`).toBe(`${filters}: ${statements}`);
      if (!answer?.items.length) expect(statements).toBe(0);
      if (i === 0) expect(answer?.total).toBe(first.total);
    }
  });
});

describe('cards already read (issue 43)', () => {
  it('shows a page whose cards an earlier answer read without a query, and reads a card again once an order moved its stock', async () => {
    const first = await get('/v1/products?q=maize&pageSize=24');
    expect(first.items.length).toBeGreaterThan(3);
    // Another answer (new filters, smaller page) of the same places: every card is in memory.
    let answer: ProductSearchResult | undefined;
    const statements = await counter.during(async () => (answer = await get('/v1/products?q=maize&pageSize=12&maxPrice=99999901')));
    expect(statements).toBe(0);
    expect(answer?.items).toEqual(first.items.slice(0, 12));

    const product = first.items.find((p) => p.stockQuantity > 1)!;
    const buyer = await createTestUser(t.db, t.config.jwtSecret);
    const order = await t.request({
      method: 'POST',
      url: '/v1/orders',
      headers: { ...buyer.headers, 'idempotency-key': randomUUID() },
      payload: testCheckout({ payment: { method: 'bank' }, items: [{ productId: product.id, quantity: 1 }] }),
    });
    expect(order.statusCode).toBe(201);
    const after = await get('/v1/products?q=maize&pageSize=24&maxPrice=99999902');
    expect(after.items.find((p) => p.id === product.id)?.stockQuantity).toBe(product.stockQuantity - 1);
  });
});

describe('a text nobody searched before (issue 43)', () => {
  it('costs one statement for its queries and one for its page of cards, as typed and in typo mode: the search index matches and ranks', async () => {
    // Changes earlier tests made are read into the index first.
    await get('/v1/products?q=warm%20up');
    let answer: ProductSearchResult | undefined;
    // As typed: the exact matches decide the mode (12 or more: no typos) and are ranked.
    const typed = await counter.during(async () => (answer = await get('/v1/products?q=kg')));
    expect(answer?.total).toBeGreaterThanOrEqual(12);
    expect(typed).toBe(2);
    // Typo mode: the exact matches (fewer than 12), then the matches with near misses, both in memory.
    const typo = await counter.during(async () => (answer = await get('/v1/products?q=fertilizr')));
    expect(answer?.total).toBeGreaterThan(0);
    expect(typo).toBe(2);
  });
});
