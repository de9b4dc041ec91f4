import type { PlaceOrderRequest } from '@shambasoko/shared';

const TEST_VISA = '4111 1111 1111 1111';

/** A valid checkout (Kiambu address, standard delivery, card) for order tests; override what a test is about. */
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
    payment: { method: 'card', cardNumber: TEST_VISA, expiryDate: '12/39', cvv: '987', cardName: 'Wanjiku Mwangi' },
    ...overrides,
  };
}
