import { QueryClient } from '@tanstack/react-query';
import type { ProductSearchResult } from '@shambasoko/contracts';
import { mockApi } from '@shambasoko/shared/testing';
import { maize } from '../../testing/fixtures';
import { prefetchMarketResults } from './prefetch-market';
import { primeMarketResults } from './prime-market';

// Answers kept by a test would be a later test's repeat visit (repeat-visit.test.ts tests those).
beforeEach(() => localStorage.clear());

const facets = { all: 1, crops: 1, equipment: 0, supplies: 0, services: 0 };
const result: ProductSearchResult = { items: [maize], total: 1, page: 1, pageSize: 12, facets };

describe('the market results asked for on arrival', () => {
  it('are asked once: the prefetch with the query client uses the answers primed before it', async () => {
    const { calls } = mockApi({ 'GET /v1/products': () => ({ body: result }), 'GET /v1/products/featured': () => ({ body: [maize] }) });
    primeMarketResults('?category=crops');
    expect(calls.map((c) => c.path)).toEqual(['/v1/products']);
    const client = new QueryClient();
    prefetchMarketResults(client, '?category=crops');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toHaveLength(1);
    expect(client.getQueryData(['market', 'products', { category: 'crops', sort: 'relevance', page: 1, pageSize: 12 }])).toEqual(result);

    // Taken once: a later visit's prefetch asks the server again.
    prefetchMarketResults(new QueryClient(), '?category=crops');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toHaveLength(2);
  });

  it('include the featured products when browsing the whole market', () => {
    const { calls } = mockApi({ 'GET /v1/products': () => ({ body: result }), 'GET /v1/products/featured': () => ({ body: [maize] }) });
    primeMarketResults('');
    expect(calls.map((c) => c.path).sort()).toEqual(['/v1/products', '/v1/products/featured']);
  });

  it('start fetching the photos of the first row of cards with the answer, before any card renders', async () => {
    const fetched: string[] = [];
    const original = globalThis.Image;
    globalThis.Image = class {
      fetchPriority = '';
      set src(value: string) {
        fetched.push(value);
      }
    } as unknown as typeof Image;
    try {
      const photo = (n: number) => ({ ...maize, id: `p${n}`, image: `/static/products/${n}.svg` });
      mockApi({
        'GET /v1/products': () => ({ body: { ...result, items: [photo(1), photo(2), photo(3)] } }),
        'GET /v1/products/featured': () => ({ body: [photo(7), photo(8), photo(9)] }),
      });
      // Answers primed by the tests above, not taken yet, are taken first.
      prefetchMarketResults(new QueryClient(), '');
      primeMarketResults('');
      await new Promise((resolve) => setTimeout(resolve, 0));
      // Browsing: the featured products are the first row.
      expect(fetched).toEqual(['/static/products/7.svg', '/static/products/8.svg']);
      fetched.length = 0;
      primeMarketResults('?q=maize');
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(fetched).toEqual(['/static/products/1.svg', '/static/products/2.svg']);
    } finally {
      globalThis.Image = original;
    }
  });
});
