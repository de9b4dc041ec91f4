import type { ProductSearchResult, ProductSummary } from '@shambasoko/contracts';
import { CARD_SIZES, photoSrcSet } from '../../components/photo-src';
import firstPhotos from './first-photos.json';
import firstReads from './first-reads.json';
import { FIRST_ROW } from './prime-market';

// What the market tells the shell's server about /market's first row (webpack.config.mjs `opens`, then
// scripts/page-hints.mjs preloads those photos with the page) must be what the page itself shows and
// fetches, or the preloads fetch files the cards never use.
const plan = firstPhotos['/market'];

test('the photos come from the first screen’s own public reads, featured first, then the results', () => {
  expect(plan.from.map((f) => f.read).sort()).toEqual([...firstReads['/market']].sort());
  expect(plan.from.map((f) => f.read)).toEqual(['/v1/products/featured', '/v1/products?sort=relevance&page=1&pageSize=12']);
  // Where the list is in each answer (the API's envelope, then the contract's shape), and the photo's field.
  const featured: { body: ProductSummary[] } = { body: [] };
  const results: { body: Pick<ProductSearchResult, 'items'> } = { body: { items: [] } };
  expect(plan.from.map((f) => f.list)).toEqual(['body', 'body.items']);
  expect(Array.isArray(featured.body) && Array.isArray(results.body.items)).toBe(true);
  const field: keyof ProductSummary = 'image';
  expect(plan.field).toBe(field);
});

test('as many as the page preloads itself, with the card’s sizes and its srcset', () => {
  expect(plan.count).toBe(FIRST_ROW);
  expect(plan.sizes).toBe(CARD_SIZES);
  // The server's srcset: each declared width of a stored photo (scripts/page-hints.mjs, photoPreload).
  const server = (src: string) => {
    const sized = /^(.+)-(\d+)\.webp$/.exec(src);
    return sized && plan.widths.includes(Number(sized[2])) ? plan.widths.map((w) => `${sized[1]}-${w}.webp ${w}w`).join(', ') : undefined;
  };
  for (const src of [
    '/static/photos/abc-400.webp',
    '/static/photos/abc-800.webp',
    'https://cdn.test/p/x-400.webp',
    '/static/products/avocado.svg',
    '/static/photos/abc-1200.webp',
  ])
    expect(server(src)).toBe(photoSrcSet(src));
});
