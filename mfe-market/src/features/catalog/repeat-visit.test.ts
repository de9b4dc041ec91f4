import { QueryClient } from '@tanstack/react-query';
import type { ProductSearchResult } from '@shambasoko/contracts';
import { mockApi } from '@shambasoko/shared/testing';
import { maize } from '../../testing/fixtures';
import { prefetchMarketResults } from './prefetch-market';
import { primeMarketResults } from './prime-market';

// The moment a repeat visit's first screen is up, in the tests' hands.
let firstScreenUp: () => void = () => undefined;
const firstScreenPhotos: unknown[] = [];
jest.mock('./first-screen', () => ({
  afterFirstScreen: (photos: unknown[]) => {
    firstScreenPhotos.push(photos);
    return new Promise<void>((resolve) => (firstScreenUp = resolve));
  },
}));

const facets = { all: 1, crops: 1, equipment: 0, supplies: 0, services: 0 };
const result: ProductSearchResult = { items: [maize], total: 1, page: 1, pageSize: 12, facets };
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

// A visit primes a page's answers once and its page takes them once, per query key: each test here
// uses keys of its own, so no test finds another's answers primed or taken.
beforeEach(() => localStorage.clear());

describe('the market results of a visit after the first', () => {
  it('come from the device at once and from the server once the first screen is up', async () => {
    const browse = ['market', 'products', { sort: 'relevance', page: 1, pageSize: 12 }];
    const featuredKey = ['market', 'products', 'featured'];
    const fresh = { ...maize, price: 99 };
    // A first visit: the server's answers, kept on the device as they arrive.
    mockApi({ 'GET /v1/products': () => ({ body: result }), 'GET /v1/products/featured': () => ({ body: [maize] }) });
    primeMarketResults('');
    prefetchMarketResults(new QueryClient(), '');
    await settle();

    // Its first screen, which the counts on the cart and the bell wait for, is its first row's photos painted.
    expect(firstScreenPhotos).toEqual([['/static/products/maize.svg']]);

    // The next visit: nothing asked of the server before the first screen is up.
    firstScreenPhotos.length = 0;
    const { calls } = mockApi({
      'GET /v1/products': () => ({ body: { ...result, items: [fresh] } }),
      'GET /v1/products/featured': () => ({ body: [fresh] }),
    });
    primeMarketResults('');
    const client = new QueryClient();
    prefetchMarketResults(client, '');
    await settle();
    expect(calls).toHaveLength(0);
    // One first screen for the visit: the featured products' first row of photos.
    expect(firstScreenPhotos).toEqual([['/static/products/maize.svg']]);
    expect(client.getQueryData(browse)).toEqual(result);
    expect(client.getQueryData(featuredKey)).toEqual([maize]);

    firstScreenUp();
    await settle();
    expect(calls.map((c) => c.path).sort()).toEqual(['/v1/products', '/v1/products/featured']);
    expect(client.getQueryData(browse)).toEqual({ ...result, items: [fresh] });
    expect(client.getQueryData(featuredKey)).toEqual([fresh]);
  });

  it('keep what the device had on screen, without an error, when the server cannot be reached then', async () => {
    const browse = ['market', 'products', { category: 'crops', sort: 'relevance', page: 1, pageSize: 12 }];
    mockApi({ 'GET /v1/products': () => ({ body: result }) });
    primeMarketResults('?category=crops');
    prefetchMarketResults(new QueryClient(), '?category=crops');
    await settle();

    const { calls } = mockApi({ 'GET /v1/products': () => ({ status: 503, body: null }) });
    primeMarketResults('?category=crops');
    const client = new QueryClient();
    prefetchMarketResults(client, '?category=crops');
    await settle();
    firstScreenUp();
    await settle();
    expect(calls).toHaveLength(1);
    expect(client.getQueryData(browse)).toEqual(result);
    expect(client.getQueryState(browse)?.status).toBe('success');
  });

  it('are not kept for searches with words, filters or a later page', async () => {
    mockApi({ 'GET /v1/products': () => ({ body: result }) });
    primeMarketResults('?q=maize');
    prefetchMarketResults(new QueryClient(), '?q=maize');
    await settle();
    const { calls } = mockApi({ 'GET /v1/products': () => ({ body: result }) });
    primeMarketResults('?q=maize');
    expect(calls).toHaveLength(1);
  });
});
