import type { z } from 'zod';
import { setLocale } from '@shambasoko/shared';
import { longestPatternInput } from '@shambasoko/contracts/pattern-probe';
import { paymentSchema, shippingSchema } from './checkout-validation';

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
    let errors: ReturnType<typeof errorsOf> = {};
    const longest = longestPatternInput(() => {
      errors = errorsOf(shippingSchema, { ...address, email: '@'.repeat(32_000), phone: '0'.repeat(32_000) });
    });
    expect(longest).toBeLessThan(1_000);
    expect(errors).toEqual({ email: 'Enter a valid email address', phone: 'Enter a Kenyan phone number such as 0712 345 678' });
  });

  it('names an unknown county and a long postal code', () => {
    expect(errorsOf(shippingSchema, { ...address, state: 'Atlantis', postalCode: '12345678901' })).toEqual({
      state: 'Choose one of the listed counties',
      postalCode: 'Postal code must be up to 10 digits',
    });
  });
});

describe('paymentSchema', () => {
  it("asks M-Pesa for a Kenyan number, in the form's words, and card or bank for nothing", () => {
    expect(errorsOf(paymentSchema, { method: 'mpesa', phone: '' })).toEqual({ phone: 'M-Pesa phone number is required' });
    expect(errorsOf(paymentSchema, { method: 'mpesa', phone: '12345' })).toEqual({ phone: 'Enter an M-Pesa number such as 0712 345 678' });
    expect(errorsOf(paymentSchema, { method: 'mpesa', phone: '0712 345 678' })).toEqual({});
    expect(errorsOf(paymentSchema, { method: 'mpesa', phone: '+254 712 345 678' })).toEqual({});
    expect(errorsOf(paymentSchema, { method: 'card' })).toEqual({});
    expect(errorsOf(paymentSchema, { method: 'bank', phone: '' })).toEqual({});
  });
});

describe('the form words follow the page language', () => {
  afterEach(() => setLocale('en'));

  it('says what is wrong in Kiswahili once Kiswahili is chosen', async () => {
    await setLocale('sw');
    const address = {
      firstName: '',
      lastName: 'Mwangi',
      email: 'a@b.ke',
      phone: '0712',
      address: 'Plot 12',
      city: 'Thika',
      state: 'Kiambu',
    };
    expect(errorsOf(shippingSchema, address)).toMatchObject({
      firstName: 'Jina la kwanza linahitajika',
      phone: 'Weka nambari ya simu ya Kenya kama 0712 345 678',
    });
    expect(errorsOf(paymentSchema, { method: 'mpesa', phone: '' })).toEqual({ phone: 'Nambari ya simu ya M-Pesa inahitajika' });
  });
});
