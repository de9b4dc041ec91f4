import { KENYA_COUNTIES, deliveryFee, distanceBetween, isKenyaCounty } from './counties';

describe('Kenyan counties', () => {
  it('lists all 47, once each, alphabetically', () => {
    expect(KENYA_COUNTIES).toHaveLength(47);
    expect(new Set(KENYA_COUNTIES).size).toBe(47);
    expect([...KENYA_COUNTIES].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(KENYA_COUNTIES);
    expect(KENYA_COUNTIES).toEqual(expect.arrayContaining(['Nairobi', 'Mombasa', 'Kisumu', 'Nakuru', 'Machakos', 'Kiambu', "Murang'a"]));
  });

  it('knows a county from a typo', () => {
    expect(isKenyaCounty('Nyeri')).toBe(true);
    expect(isKenyaCounty('nyeri')).toBe(false);
    expect(isKenyaCounty('toString')).toBe(false);
  });
});

describe('delivery fee', () => {
  it('keeps the spec’s 350 and 700 for the same county and light parcels', () => {
    expect(deliveryFee({ sellerCounty: 'Nakuru', buyerCounty: 'Nakuru', weightKg: 2, method: 'standard' })).toBe(350);
    expect(deliveryFee({ sellerCounty: 'Nakuru', buyerCounty: 'Nakuru', weightKg: 10, method: 'express' })).toBe(700);
  });

  it('costs more further away', () => {
    expect(distanceBetween('Kiambu', 'Nyeri')).toBe('sameRegion');
    expect(distanceBetween('Kiambu', 'Mombasa')).toBe('otherRegion');
    expect(deliveryFee({ sellerCounty: 'Kiambu', buyerCounty: 'Nyeri', weightKg: 1, method: 'standard' })).toBe(500);
    expect(deliveryFee({ sellerCounty: 'Kiambu', buyerCounty: 'Mombasa', weightKg: 1, method: 'standard' })).toBe(750);
  });

  it('adds a step per started 10 kg beyond the first 10, twice for express', () => {
    expect(deliveryFee({ sellerCounty: 'Nairobi', buyerCounty: 'Nairobi', weightKg: 10.5, method: 'standard' })).toBe(400);
    expect(deliveryFee({ sellerCounty: 'Nairobi', buyerCounty: 'Nairobi', weightKg: 90, method: 'standard' })).toBe(350 + 8 * 50);
    expect(deliveryFee({ sellerCounty: 'Nairobi', buyerCounty: 'Nairobi', weightKg: 90, method: 'express' })).toBe(700 + 8 * 100);
  });

  it('treats nonsense weight as nothing rather than NaN', () => {
    expect(deliveryFee({ sellerCounty: 'Nairobi', buyerCounty: 'Nairobi', weightKg: Number.NaN, method: 'standard' })).toBe(350);
    expect(deliveryFee({ sellerCounty: 'Nairobi', buyerCounty: 'Nairobi', weightKg: -5, method: 'standard' })).toBe(350);
  });
});
