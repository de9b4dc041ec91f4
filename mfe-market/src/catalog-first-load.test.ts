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

test('the market page leaves its filters form to the Filters button', () => {
  expect(
    importChain(__dirname, 'features/catalog/market-page.tsx', (_specifier, file) => Boolean(file?.includes('filters-panel'))),
  ).toBeNull();
});
