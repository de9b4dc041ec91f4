import { cardBrand, cardNumberProblem, expiryHasPassed, expiryProblem, luhnValid, paymentProblems, shippingProblems } from './checkout';
import { isValidEmail, normaliseKenyanPhone } from './fields-rules';
import { emailField, kenyanPhoneField } from './fields';
import { paymentRequestSchema, placeOrderRequestSchema } from './market-orders';

/** Checks `fn` on each [input, expected] row; a failure names the input. */
function expectEach<I, O>(fn: (input: I) => O, rows: Array<[I, O]>) {
  expect(rows.map(([input]) => [input, fn(input)])).toEqual(rows);
}

describe('checkout rules (one copy for the API and the form)', () => {
  it('checks card numbers with the Luhn algorithm', () => {
    expectEach(luhnValid, [
      ['4111111111111111', true],
      ['5555555555554444', true],
      ['378282246310005', true],
      ['4111111111111112', false],
      ['', false],
      ['4111 1111', false],
    ]);
  });

  it('names the brand from the issuer ranges, Mastercard 51-55 and 2221-2720 only', () => {
    expectEach(cardBrand, [
      ['4111111111111111', 'Visa'],
      ['5105105105105100', 'Mastercard'],
      ['5555555555554444', 'Mastercard'],
      ['2221000000000009', 'Mastercard'],
      ['2720990000000007', 'Mastercard'],
      // The form's old /^2[2-7]/ called these Mastercard; they are outside the 2-series range.
      ['2220990000000000', null],
      ['2721000000000000', null],
      ['2799000000000000', null],
      ['5000000000000000', null],
      ['5600000000000000', null],
      ['378282246310005', 'American Express'],
      ['6011111111111117', 'Discover'],
      ['6500000000000000', 'Discover'],
      ['3530111333300000', 'JCB'],
      ['6200000000000005', 'UnionPay'],
      ['9999999999999995', null],
    ]);
  });

  it('treats a card as valid through the end of its expiry month, in Nairobi time whatever the device zone', () => {
    const now = new Date('2026-11-22T10:00:00Z');
    expect(expiryHasPassed(11, 26, now)).toBe(false);
    expect(expiryHasPassed(10, 26, now)).toBe(true);
    expect(expiryHasPassed(1, 27, now)).toBe(false);
    expect(expiryHasPassed(12, 25, now)).toBe(true);
    // 22:30 UTC on 31 October is already 1 November in Nairobi (UTC+3): an October card has expired.
    expect(expiryHasPassed(10, 26, new Date('2026-10-31T22:30:00Z'))).toBe(true);
    // 20:59 UTC is 23:59 in Nairobi: still October.
    expect(expiryHasPassed(10, 26, new Date('2026-10-31T20:59:00Z'))).toBe(false);
    // New Year in Nairobi while it is still 31 December in UTC.
    expect(expiryHasPassed(12, 26, new Date('2026-12-31T21:00:00Z'))).toBe(true);
  });

  it('reads the expiry text as MM/YY', () => {
    const now = new Date('2026-11-22T10:00:00Z');
    expect(expiryProblem('12/28', now)).toBeNull();
    expect(expiryProblem(' ', now)).toBe('required');
    expect(expiryProblem('13/28', now)).toBe('format');
    expect(expiryProblem('00/28', now)).toBe('format');
    expect(expiryProblem('1/28', now)).toBe('format');
    expect(expiryProblem('10/26', now)).toBe('expired');
  });

  it('wants 12-19 digits with a good checksum, spaces and hyphens allowed', () => {
    expectEach(cardNumberProblem, [
      ['4111 1111 1111 1111', null],
      ['4111-1111-1111-1111', null],
      ['', 'required'],
      ['4111 1111 1111 1112', 'invalid'],
      ['4'.repeat(40), 'invalid'],
    ]);
  });

  it('asks nothing of a bank transfer and all four card fields of a card', () => {
    const now = new Date('2026-11-22T10:00:00Z');
    expect(paymentProblems({ method: 'bank' }, now)).toEqual({});
    expect(paymentProblems({ method: 'card' }, now)).toEqual({
      cardNumber: 'required',
      expiryDate: 'required',
      cvv: 'required',
      cardName: 'required',
    });
    expect(
      paymentProblems({ method: 'card', cardNumber: '4111111111111111', expiryDate: '12/28', cvv: '12a', cardName: 'W M' }, now),
    ).toEqual({ cvv: 'format' });
  });

  it('accepts Kenyan numbers in their usual forms and stores them as +254…', () => {
    expectEach(normaliseKenyanPhone, [
      ['0712 345 678', '+254712345678'],
      ['+254 712 345 678', '+254712345678'],
      ['254712345678', '+254712345678'],
      ['(0110) 345-678', '+254110345678'],
      ['0812 345 678', null],
      ['071234567', null],
      ['+44 20 7946 0958', null],
      ['0'.repeat(32_000), null],
    ]);
  });

  it('uses one e-mail rule: what the form accepts, the API schema accepts', () => {
    const field = emailField();
    for (const email of [
      'wanjiku@example.co.ke',
      'a@b.ke',
      "o'neil+farm@shamba.example.com",
      'a@b.c',
      'wanjiku@example',
      'a b@c.ke',
      '@b.ke',
      'a@@b.ke',
      '.a@b.ke',
    ]) {
      expect([email, field.safeParse(email).success]).toEqual([email, isValidEmail(email)]);
    }
    expect(isValidEmail('wanjiku@example.co.ke')).toBe(true);
    expect(isValidEmail('a@b.c')).toBe(false);
    // Length first: the pattern never runs on 32,000 characters.
    const started = performance.now();
    expect(isValidEmail('@'.repeat(32_000))).toBe(false);
    expect(performance.now() - started).toBeLessThan(50);
    expect(field.safeParse('@'.repeat(32_000)).error?.issues.map((i) => i.message)).toEqual(['must be at most 254 characters']);
  });

  it('checks the delivery address with the listed counties and digits-only postal codes', () => {
    const good = {
      firstName: 'Wanjiku',
      lastName: 'Mwangi',
      email: 'wanjiku@example.co.ke',
      phone: '0712 345 678',
      address: 'Plot 12',
      city: 'Thika',
      state: 'Kiambu',
      postalCode: '01000',
    };
    expect(shippingProblems(good)).toEqual({});
    expect(shippingProblems({ ...good, state: 'Atlantis', postalCode: '01-000', phone: '12345', email: 'x' })).toEqual({
      state: 'invalid',
      postalCode: 'invalid',
      phone: 'invalid',
      email: 'invalid',
    });
    expect(shippingProblems({ ...good, firstName: ' ', state: '' })).toEqual({ firstName: 'required', state: 'required' });
  });
});

describe('the API schemas built on the rules', () => {
  it('normalises the phone and names each card problem in the API words', () => {
    expect(kenyanPhoneField().parse(' 0712-345-678 ')).toBe('+254712345678');
    const result = paymentRequestSchema.safeParse({
      method: 'card',
      cardNumber: '4111111111111112',
      expiryDate: '01/20',
      cvv: '1',
      cardName: '',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      'cardNumber: must be a valid card number',
      'expiryDate: has passed: this card has expired',
      'cvv: must be 3 or 4 digits',
      'cardName: is required',
    ]);
  });

  it('parses a whole order: defaults the delivery, drops an empty postal code', () => {
    const order = placeOrderRequestSchema.parse({
      shipping: {
        firstName: 'W',
        lastName: 'M',
        email: 'w@example.co.ke',
        phone: '+254 110 345 678',
        address: 'Plot 1',
        city: 'Thika',
        state: 'Kiambu',
        postalCode: '',
      },
      payment: { method: 'bank' },
    });
    expect(order.delivery).toBe('standard');
    expect(order.shipping.phone).toBe('+254110345678');
    expect(order.shipping.postalCode).toBeUndefined();
    expect(
      placeOrderRequestSchema.safeParse({ ...order, shipping: { ...order.shipping, state: 'Atlantis' } }).error?.issues[0]?.message,
    ).toBe('must be one of the 47 counties');
  });
});
