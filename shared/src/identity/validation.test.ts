import type { z } from 'zod';
import { getStartedFormSchema, profileFormSchema, signInFormSchema, signUpFormSchema } from '@shambasoko/contracts/identity';
import { confirmDeletionFormSchema } from '@shambasoko/contracts/me';
import { longestPatternInput } from '@shambasoko/contracts/pattern-probe';
import { isValidEmail } from './validation';

/** Field → first message, as zodResolver shows them. */
function errorsOf(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  const errors: Record<string, string> = {};
  for (const issue of result.success ? [] : result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

const newUser = {
  email: 'wanjiku@example.co.ke',
  firstName: 'Wanjiku',
  lastName: 'Kamau',
  phone: '+254 712 345 678',
  password: 'secret1',
  confirmPassword: 'secret1',
  roles: ['Farmer'],
};

describe('auth form schemas', () => {
  it('accepts e-mails shaped non-space @ non-space . non-space', () => {
    expect(isValidEmail('a@b.ke')).toBe(true);
    expect(isValidEmail('a@b')).toBe(false);
    expect(errorsOf(signInFormSchema, { email: 'a b@c.ke', password: 'x' })).toEqual({ email: 'Enter a valid e-mail address' });
    expect(errorsOf(signInFormSchema, { email: '', password: '' })).toEqual({
      email: 'Enter a valid e-mail address',
      password: 'Enter your password',
    });
  });

  it('refuses over-long e-mails and phones quickly', () => {
    const longest = longestPatternInput(() => {
      expect(isValidEmail('@'.repeat(32_000))).toBe(false);
      expect(errorsOf(profileFormSchema, { firstName: 'A', lastName: 'B', msisdn: '1'.repeat(100_000) })).toHaveProperty('msisdn');
    });
    // Length first: no pattern ever sees the long text.
    expect(longest).toBeLessThan(1_000);
  });

  it('accepts phones: optional plus, then ≥ 10 digits, spaces, hyphens or brackets; none at all in the profile', () => {
    const phone = (msisdn: string) => errorsOf(profileFormSchema, { firstName: 'A', lastName: 'B', msisdn }).msisdn;
    expect(phone('0712345678')).toBeUndefined();
    expect(phone('+254 (712) 345-678')).toBeUndefined();
    expect(phone('')).toBeUndefined();
    expect(phone('071234567')).toBe('Enter a phone number with at least 10 digits, e.g. +254 712 345 678');
    expect(phone('++254712345678')).toBeDefined();
  });

  it("sign-up: 'Passwords do not match' on the confirm field, 'Password must be at least 6 characters' on the password", () => {
    expect(errorsOf(signUpFormSchema, { ...newUser, confirmPassword: 'secret2' })).toEqual({ confirmPassword: 'Passwords do not match' });
    expect(errorsOf(signUpFormSchema, { ...newUser, password: 'abc', confirmPassword: 'abd' })).toEqual({
      password: 'Password must be at least 6 characters',
      confirmPassword: 'Passwords do not match',
    });
    expect(errorsOf(signUpFormSchema, { ...newUser, firstName: ' ' })).toEqual({ firstName: 'First name is required' });
  });

  it('get-started: an existing account needs an e-mail and a 6+ password; a new one every field and a role', () => {
    expect(getStartedFormSchema.existing.safeParse({ ...newUser, firstName: '', phone: '' }).success).toBe(true);
    expect(getStartedFormSchema.existing.safeParse({ ...newUser, password: '12345' }).success).toBe(false);
    expect(getStartedFormSchema.new.safeParse(newUser).success).toBe(true);
    for (const bad of [
      { firstName: ' ' },
      { lastName: '' },
      { phone: '12345' },
      { confirmPassword: 'other1' },
      { email: 'nope' },
      { roles: [] },
    ]) {
      expect(getStartedFormSchema.new.safeParse({ ...newUser, ...bad }).success).toBe(false);
    }
  });

  it('delete-account: the typed address must be the account’s, in any case', () => {
    const schema = confirmDeletionFormSchema('wanjiku@example.co.ke');
    expect(schema.safeParse({ confirmEmail: ' Wanjiku@Example.co.ke ' }).data).toEqual({ confirmEmail: 'Wanjiku@Example.co.ke' });
    expect(schema.safeParse({ confirmEmail: 'someone@example.co.ke' }).success).toBe(false);
  });
});
