import { clampQuantity, itemsSubtotal, orderSummary } from './cart-math';

describe('order summary', () => {
  it('adds the standard delivery fee of 350 to the subtotal', () => {
    expect(orderSummary({ subtotal: 1300 })).toEqual({ subtotal: 1300, discount: 0, deliveryFee: 350, total: 1650 });
  });

  it('uses 700 for express and takes off the promo discount', () => {
    expect(orderSummary({ subtotal: 6000, discount: 500, delivery: 'express' })).toEqual({
      subtotal: 6000,
      discount: 500,
      deliveryFee: 700,
      total: 6200,
    });
  });

  it('never discounts below zero goods and charges no delivery for an empty cart', () => {
    expect(orderSummary({ subtotal: 300, discount: 500 }).total).toBe(350);
    expect(orderSummary({ subtotal: 0 }).total).toBe(0);
  });

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
