import type { ProductSearchResult } from '@shambasoko/contracts';
import firstReads from './first-reads.json';
import { primeMarketResults } from './prime-market';

// The market's routes module primes these as a visit starts. A module federation chunk that takes
// the query library waits for it to load before it runs: nothing this module imports may load it.
jest.mock('@tanstack/react-query', () => {
  throw new Error('prime-market loaded the query library');
});

const result: ProductSearchResult = {
  items: [],
  total: 0,
  page: 1,
  pageSize: 12,
  facets: { all: 0, crops: 0, equipment: 0, supplies: 0, services: 0 },
};

it('primes the market results without loading the query library', async () => {
  // The shared test kit's mockApi comes with the query library, so the request is stubbed here.
  const fetchMock = jest.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => ({
    ok: true,
    status: 200,
    json: async () => ({ header: { isSuccess: true, customerMessage: '' }, body: result }),
  }));
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  primeMarketResults('?q=maize');
  expect(fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname)).toEqual(['/v1/products']);
});

it('asks at /market, without filters, for exactly the public reads the page names for its head to send early', async () => {
  const fetchMock = jest.fn(async (input: RequestInfo | URL, _init?: RequestInit) => ({
    ok: true,
    status: 200,
    json: async () => ({
      header: { isSuccess: true, customerMessage: '' },
      body: String(input).startsWith('/v1/products/featured') ? [] : result,
    }),
  }));
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  primeMarketResults('');
  const asked = fetchMock.mock.calls.map(([input]) => String(input)).sort();
  // webpack.config.mjs names these (opens → publicReads); a page asking for anything else would
  // leave the early answers unused.
  expect(asked).toEqual([...firstReads['/market']].sort());
  await new Promise((resolve) => setTimeout(resolve, 0));
});
