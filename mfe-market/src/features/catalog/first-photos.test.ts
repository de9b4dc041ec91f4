import { execFileSync } from 'node:child_process';
import path from 'node:path';
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
  // Each list's place in its answer (the API's envelope around the contract's shape) finds the cards' photos.
  const product = { image: '/static/products/avocado.svg' } as ProductSummary;
  const featured: { body: ProductSummary[] } = { body: [product] };
  const results: { body: Pick<ProductSearchResult, 'items'> } = { body: { items: [product] } };
  const [fromFeatured, fromResults] = plan.from.map(({ list }, i) => {
    let items: unknown = [featured, results][i];
    for (const key of list.split('.')) items = (items as Record<string, unknown>)[key];
    return (items as Array<Record<string, unknown>>)[0]?.[plan.field];
  });
  expect([fromFeatured, fromResults]).toEqual([product.image, product.image]);
});

test('as many as the page preloads itself, with the card’s sizes and its srcset', () => {
  expect(plan.count).toBe(FIRST_ROW);
  expect(plan.sizes).toBe(CARD_SIZES);
  // The server's srcset for each address (scripts/page-hints.mjs, an ES module: run in a child Node process).
  const sources = [
    '/static/photos/abc-400.webp',
    '/static/photos/abc-800.webp',
    'https://cdn.test/p/x-400.webp',
    '/static/products/avocado.svg',
    '/static/photos/abc-1200.webp',
  ];
  const hints = path.join(__dirname, '../../../../scripts/page-hints.mjs');
  const server = JSON.parse(
    execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { storedPhotoSrcset } = await import(${JSON.stringify(hints)});
         console.log(JSON.stringify(${JSON.stringify(sources)}.map((src) => storedPhotoSrcset(src, ${JSON.stringify(plan.widths)}))));`,
      ],
      { encoding: 'utf8' },
    ),
  ) as Array<string | null>;
  expect(server).toEqual(sources.map((src) => photoSrcSet(src) ?? null));
});
