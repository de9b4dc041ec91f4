import type { PlaceOrderRequest } from '@shambasoko/shared';

/** A valid checkout (Kiambu address, standard delivery, bank transfer) for order tests; override what a test is about. */
export function testCheckout(overrides: Partial<PlaceOrderRequest> = {}): PlaceOrderRequest {
  return {
    shipping: {
      firstName: 'Wanjiku',
      lastName: 'Mwangi',
      email: 'wanjiku@example.co.ke',
      phone: '0712 345 678',
      address: 'Plot 12, Kiambu Road',
      city: 'Kiambu',
      state: 'Kiambu',
      postalCode: '00900',
    },
    delivery: 'standard',
    payment: { method: 'bank' },
    ...overrides,
  };
}
