import { PRODUCT_KINDS } from '@shambasoko/contracts';
import type { TestApp } from '../../../testing/test-app';
import { useTestApp } from '../../../testing/use-test-app';
import { SEED_PRODUCTS } from '../../../../seed/market/products';

let t: TestApp;
useTestApp((app) => (t = app));

/** A seeded product that names a kind's English word ("Hass Avocados" → avocados) and is not seed for planting. */
const namedKind = (name: string) =>
  PRODUCT_KINDS.find((k) => {
    const word = k.en.toLowerCase().replace(/ \(.*\)$/, '');
    const lower = name.toLowerCase();
    return lower.includes(word.replace(/s$/, '')) && !/seed|seedling/.test(lower) === !/seed/.test(k.id);
  });

describe('the seeded catalog’s product kinds', () => {
  it('gives most products whose name matches a kind that kind, so their price figures show', () => {
    const matching = SEED_PRODUCTS.filter((p) => namedKind(p.name) !== undefined);
    expect(matching.length).toBeGreaterThanOrEqual(15);
    const given = matching.filter((p) => p.kind === namedKind(p.name)!.id);
    expect(given.length / matching.length).toBeGreaterThanOrEqual(0.8);
  });

  it('names only kinds that exist', () => {
    const ids = new Set<string>(PRODUCT_KINDS.map((k) => k.id));
    expect(SEED_PRODUCTS.filter((p) => p.kind !== undefined && !ids.has(p.kind)).map((p) => p.slug)).toEqual([]);
  });

  it('writes the kinds to the products table', async () => {
    const rows = await t.db
      .selectFrom('products')
      .select(['slug', 'kind'])
      .where('slug', 'in', ['dry-maize-grain-90kg', 'dap-fertiliser-50kg', 'panga-18in'])
      .execute();
    expect(Object.fromEntries(rows.map((r) => [r.slug, r.kind]))).toEqual({
      'dry-maize-grain-90kg': 'maize',
      'dap-fertiliser-50kg': 'dap',
      'panga-18in': null,
    });
  });
});
