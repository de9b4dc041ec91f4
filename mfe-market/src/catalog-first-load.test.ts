/** @jest-environment node */
import { importChain } from '@shambasoko/shared/testing';

// Every page of this remote loads its routes module first: orders, the seller's pages and the reports
// must not take the catalog's code with it. Only a visit that starts at /market primes the catalog,
// from its own chunk (routes.tsx).
const catalogChain = (entry: string) => importChain(__dirname, entry, (_specifier, file) => Boolean(file?.includes('/features/catalog/')));

test("the routes module loads none of the catalog's code", () => {
  expect(catalogChain('routes.tsx')).toBeNull();
});

test('the check sees the catalog where a module does load it', () => {
  expect(catalogChain('layout/market-layout.tsx')).toMatch(/features\/catalog\//);
});

// The market's frame prefetches a first visit's products with the market page's code (layout/market-layout.tsx),
// so the other pages in the frame, and the frame itself, leave the catalog's priming out of their first load.
test.each(['layout/market-layout.tsx', 'features/checkout/checkout-page.tsx', 'features/product/product-page.tsx'])(
  '%s loads none of the catalog priming code',
  (entry) => {
    expect(
      importChain(__dirname, entry, (_specifier, file) =>
        Boolean(file && /\/features\/catalog\/(prefetch-market|prime-market|market-filters|first-screen)\.ts$/.test(file)),
      ),
    ).toBeNull();
  },
);

test('the market page leaves its filters form to the Filters button', () => {
  expect(
    importChain(__dirname, 'features/catalog/market-page.tsx', (_specifier, file) => Boolean(file?.includes('filters-panel'))),
  ).toBeNull();
});
