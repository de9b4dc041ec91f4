import { orderSummary } from './cart-math';

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
});
