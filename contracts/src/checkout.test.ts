import { paymentProblems, shippingProblems } from './checkout';
import { isValidEmail, normaliseKenyanPhone } from './fields-rules';
import { emailField, kenyanPhoneField } from './fields';
import { placeOrderRequestSchema } from './market-orders';
import { longestPatternInput } from './pattern-probe';
import { paymentRequestSchema } from './payments';

/** Checks `fn` on each [input, expected] row; a failure names the input. */
function expectEach<I, O>(fn: (input: I) => O, rows: Array<[I, O]>) {
  expect(rows.map(([input]) => [input, fn(input)])).toEqual(rows);
}

describe('checkout rules (one copy for the API and the form)', () => {
  it('asks M-Pesa for a Kenyan number to prompt, and nothing of a card or a bank transfer', () => {
    expect(paymentProblems({ method: 'bank' })).toEqual({});
    expect(paymentProblems({ method: 'card' })).toEqual({});
    expect(paymentProblems({ method: 'mpesa' })).toEqual({ phone: 'required' });
    expect(paymentProblems({ method: 'mpesa', phone: '  ' })).toEqual({ phone: 'required' });
    expect(paymentProblems({ method: 'mpesa', phone: '0612 345 678' })).toEqual({ phone: 'invalid' });
    expect(paymentProblems({ method: 'mpesa', phone: '0712 345 678' })).toEqual({});
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
    expect(longestPatternInput(() => expect(isValidEmail('@'.repeat(32_000))).toBe(false))).toBeLessThan(1_000);
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
  it('normalises the M-Pesa phone and refuses card details: they belong on the provider’s page', () => {
    expect(kenyanPhoneField().parse(' 0712-345-678 ')).toBe('+254712345678');
    expect(paymentRequestSchema.parse({ method: 'mpesa', phone: '0712 345 678' })).toEqual({ method: 'mpesa', phone: '+254712345678' });
    expect(paymentRequestSchema.safeParse({ method: 'mpesa' }).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      'phone: is required for M-Pesa',
    ]);
    const card = paymentRequestSchema.safeParse({ method: 'card', cardNumber: '4111111111111111', cvv: '123' });
    expect(card.success).toBe(false);
    expect(card.error?.issues).toEqual([
      expect.objectContaining({ keys: ['cardNumber', 'cvv'], message: expect.stringMatching(/never sent to ShambaSoko/) }),
    ]);
    expect(paymentRequestSchema.safeParse({ method: 'cash' }).error?.issues[0]?.message).toBe('must be mpesa, card or bank');
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
