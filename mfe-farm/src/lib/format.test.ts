import { ACRES_PER_HECTARE, enteredHectares, formatArea, fromHectares, toHectares } from './format';

describe('area', () => {
  it('shows hectares in the preferred unit: acres (the default) or hectares', () => {
    expect(formatArea(5, 'hectares')).toBe('5 ha');
    expect(formatArea(5, 'acres')).toBe('12.36 acres');
    expect(formatArea(1 / ACRES_PER_HECTARE, 'acres')).toBe('1 acre');
    expect(formatArea(1234.5, 'hectares')).toBe('1,234.5 ha');
  });

  it("brings a field's own unit to hectares", () => {
    expect(toHectares(10, 'acres')).toBeCloseTo(4.0469, 4);
    expect(toHectares(25_000, 'square meters')).toBe(2.5);
    expect(toHectares(3, 'hectares')).toBe(3);
  });

  it('converts a typed size to hectares, keeping the stored value when an edit left it as shown', () => {
    expect(fromHectares(5, 'acres')).toBe(12.36);
    expect(enteredHectares(12.36, 'acres', 5)).toBe(5);
    expect(enteredHectares(13, 'acres', 5)).toBeCloseTo(5.2609, 4);
    expect(enteredHectares(7, 'hectares')).toBe(7);
  });
});
