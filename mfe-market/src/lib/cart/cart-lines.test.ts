import { clampQuantity, itemsSubtotal } from './cart-lines';

describe('itemsSubtotal', () => {
  it('sums price × quantity', () => {
    expect(
      itemsSubtotal([
        { price: 650, quantity: 2 },
        { price: 1200, quantity: 1 },
      ]),
    ).toBe(2500);
  });
});

describe('clampQuantity', () => {
  it('keeps a quantity between 1 and the stock', () => {
    expect(clampQuantity(0, 5)).toBe(1);
    expect(clampQuantity(-3, 5)).toBe(1);
    expect(clampQuantity(9, 5)).toBe(5);
    expect(clampQuantity(3, 5)).toBe(3);
    expect(clampQuantity(Number.NaN, 5)).toBe(1);
    expect(clampQuantity(2.7, 5)).toBe(2);
  });
});
