import type { ShippingForm } from '@shambasoko/shared';
import { validateShipping } from './checkout-validation';

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
