import type { z } from 'zod';
import { cardBrand, paymentSchemaAt, shippingSchema } from './checkout-validation';

/** Field → message, as zodResolver shows them under the fields. */
function errorsOf(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  return Object.fromEntries((result.success ? [] : result.error.issues).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('shippingSchema (the contract rules, the form words)', () => {
  const address = {
    firstName: 'Wanjiku',
    lastName: 'Mwangi',
    email: 'a@b.ke',
    phone: '0712 345 678',
    address: 'Plot 12',
    city: 'Thika',
    state: 'Kiambu',
    postalCode: '',
  };

  it('accepts a good address', () => {
    expect(errorsOf(shippingSchema, address)).toEqual({});
  });

  it('refuses a 32,000-character e-mail and phone at once, without running the patterns on them', () => {
    const started = performance.now();
    const errors = errorsOf(shippingSchema, { ...address, email: '@'.repeat(32_000), phone: '0'.repeat(32_000) });
    expect(performance.now() - started).toBeLessThan(50);
    expect(errors).toEqual({ email: 'Enter a valid email address', phone: 'Enter a Kenyan phone number such as 0712 345 678' });
  });

  it('names an unknown county and a long postal code', () => {
    expect(errorsOf(shippingSchema, { ...address, state: 'Atlantis', postalCode: '12345678901' })).toEqual({
      state: 'Choose one of the listed counties',
      postalCode: 'Postal code must be up to 10 digits',
    });
  });
});

describe('paymentSchemaAt', () => {
  const card = { method: 'card' as const, cardNumber: '4111 1111 1111 1111', expiryDate: '10/26', cvv: '123', cardName: 'Wanjiku Mwangi' };
  const at = (iso: string) => paymentSchemaAt(() => new Date(iso));

  it('judges expiry by Nairobi time, as the API does, not by the device time zone', () => {
    // 22:30 UTC on 31 October: 1 November in Nairobi, so an October card has expired there.
    expect(errorsOf(at('2026-10-31T22:30:00Z'), card)).toEqual({ expiryDate: 'This card has expired' });
    expect(errorsOf(at('2026-10-31T20:30:00Z'), card)).toEqual({});
  });

  it('keeps its own words for each problem, and needs no card for a bank transfer', () => {
    const schema = at('2026-11-22T10:00:00Z');
    expect(errorsOf(schema, { method: 'card' })).toEqual({
      cardNumber: 'Card number is required',
      expiryDate: 'Expiry date is required',
      cvv: 'CVV is required',
      cardName: 'Name on card is required',
    });
    expect(errorsOf(schema, { ...card, cardNumber: '4111 1111 1111 1112', expiryDate: '13/28', cvv: '12' })).toEqual({
      cardNumber: 'Enter a valid card number',
      expiryDate: 'Enter the expiry date as MM/YY',
      cvv: 'CVV must be 3 or 4 digits',
    });
    expect(errorsOf(schema, { method: 'bank' })).toEqual({});
  });
});

describe('cardBrand on the review step', () => {
  it('names Mastercard only in its ranges (2221-2720, 51-55)', () => {
    expect(['2221000000000009', '5555555555554444', '2200000000000000', '2750000000000000', '6011111111111117'].map(cardBrand)).toEqual([
      'Mastercard',
      'Mastercard',
      'Card',
      'Card',
      'Discover',
    ]);
  });
});
