import { QueryClient } from '@tanstack/react-query';
import type { ProductSearchResult } from '@shambasoko/shared';
import { mockApi } from '@shambasoko/shared/testing';
import { maize } from '../../testing/fixtures';
import { prefetchMarketResults, primeMarketResults } from './prefetch-market';

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
});
