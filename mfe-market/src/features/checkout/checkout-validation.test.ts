import type { ShippingForm } from '@shambasoko/shared';
import { cardBrand, validatePayment, validateShipping } from './checkout-validation';

const shipping: ShippingForm = {
  firstName: 'Wanjiku',
  lastName: 'Mwangi',
  email: 'wanjiku@example.co.ke',
  phone: '0712 345 678',
  address: 'Plot 12',
  city: 'Kiambu',
  state: 'Kiambu',
  postalCode: '00900',
};

describe('validateShipping', () => {
  it('accepts a good address', () => {
    expect(validateShipping(shipping)).toEqual({});
  });

  it('refuses a 32,000-character e-mail and phone at once, without running the patterns on them', () => {
    const started = performance.now();
    const errors = validateShipping({ ...shipping, email: '@'.repeat(32_000), phone: '0'.repeat(32_000) });
    expect(performance.now() - started).toBeLessThan(50);
    expect(errors).toEqual({ email: 'Enter a valid email address', phone: 'Enter a Kenyan phone number such as 0712 345 678' });
  });
});

describe('validatePayment (the contract rules, the form words)', () => {
  const card = { method: 'card' as const, cardNumber: '4111 1111 1111 1111', expiryDate: '10/26', cvv: '123', cardName: 'Wanjiku Mwangi' };

  it('judges expiry by Nairobi time, as the API does, not by the device time zone', () => {
    // 22:30 UTC on 31 October: 1 November in Nairobi, so an October card has expired there.
    expect(validatePayment(card, new Date('2026-10-31T22:30:00Z'))).toEqual({ expiryDate: 'This card has expired' });
    expect(validatePayment(card, new Date('2026-10-31T20:30:00Z'))).toEqual({});
  });

  it('keeps its own words for each problem', () => {
    expect(validatePayment({ method: 'card' }, new Date('2026-11-22T10:00:00Z'))).toEqual({
      cardNumber: 'Card number is required',
      expiryDate: 'Expiry date is required',
      cvv: 'CVV is required',
      cardName: 'Name on card is required',
    });
    expect(validatePayment({ ...card, cardNumber: '4111 1111 1111 1112', expiryDate: '13/28', cvv: '12' })).toEqual({
      cardNumber: 'Enter a valid card number',
      expiryDate: 'Enter the expiry date as MM/YY',
      cvv: 'CVV must be 3 or 4 digits',
    });
    expect(validatePayment({ method: 'bank' })).toEqual({});
  });
});

describe('cardBrand on the review step', () => {
  it('names Mastercard only in its ranges (2221-2720, 51-55)', () => {
    expect(cardBrand('2221000000000009')).toBe('Mastercard');
    expect(cardBrand('5555555555554444')).toBe('Mastercard');
    // The old /^2[2-7]/ called these Mastercard.
    expect(cardBrand('2200000000000000')).toBe('Card');
    expect(cardBrand('2750000000000000')).toBe('Card');
    expect(cardBrand('6011111111111117')).toBe('Discover');
  });
});
