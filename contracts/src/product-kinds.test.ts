import { PRODUCT_KINDS, baseUnitsPerListingUnit, productKind } from './product-kinds';

describe('product kinds', () => {
  it('have unique ids in the column’s shape, and a name in both languages', () => {
    const ids = PRODUCT_KINDS.map((k) => k.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const k of PRODUCT_KINDS) {
      expect(k.id).toMatch(/^[a-z_]{2,40}$/);
      expect(k.en.length).toBeGreaterThan(1);
      expect(k.sw.length).toBeGreaterThan(1);
    }
    expect(productKind('kale')?.sw).toBe('Sukuma wiki');
    expect(productKind('gold')).toBeUndefined();
  });

  it('convert a listing unit into base units the way the price figures do', () => {
    const maize = productKind('maize')!;
    expect(baseUnitsPerListingUnit(maize, 'kg', 5)).toBe(1);
    // A 90 kg bag whose weight field was left at 1 kg.
    expect(baseUnitsPerListingUnit(maize, 'bag_90kg', 1)).toBe(90);
    expect(baseUnitsPerListingUnit(maize, 'crate', 20)).toBe(20);
    expect(baseUnitsPerListingUnit(maize, 'piece', 0)).toBeNull();
    expect(baseUnitsPerListingUnit(maize, 'acre', 1)).toBeNull();
    const milk = productKind('milk')!;
    expect(baseUnitsPerListingUnit(milk, 'litre', 1.03)).toBe(1);
    expect(baseUnitsPerListingUnit(milk, 'piece', 20.6)).toBeCloseTo(20);
    expect(baseUnitsPerListingUnit(productKind('eggs')!, 'crate', 1)).toBe(1);
  });
});
