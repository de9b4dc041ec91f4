import { isGetStartedValid, isValidEmail, isValidPhone, passwordMismatch, signUpError, type GetStartedValues } from './validation';

const base: GetStartedValues = {
  email: 'wanjiku@example.co.ke',
  firstName: 'Wanjiku',
  lastName: 'Kamau',
  phone: '+254 712 345 678',
  password: 'secret1',
  confirmPassword: 'secret1',
};

describe('auth form validation (spec §5)', () => {
  it('accepts e-mails shaped non-space @ non-space . non-space', () => {
    expect(isValidEmail('a@b.ke')).toBe(true);
    expect(isValidEmail('a@b')).toBe(false);
    expect(isValidEmail('a b@c.ke')).toBe(false);
    expect(isValidEmail('@b.ke')).toBe(false);
  });

  it('refuses over-long e-mails and phones before any pattern runs on them', () => {
    const started = performance.now();
    expect(isValidEmail('@'.repeat(32_000))).toBe(false);
    expect(isValidEmail(`${'a'.repeat(250)}@b.ke`)).toBe(false);
    expect(isValidPhone('1'.repeat(100_000))).toBe(false);
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('accepts phones: optional plus, then ≥ 10 digits, spaces, hyphens or brackets', () => {
    expect(isValidPhone('0712345678')).toBe(true);
    expect(isValidPhone('+254 (712) 345-678')).toBe(true);
    expect(isValidPhone('071234567')).toBe(false);
    expect(isValidPhone('07123abc678')).toBe(false);
    expect(isValidPhone('++254712345678')).toBe(false);
  });

  it("says 'Passwords do not match' only when both are filled and differ", () => {
    expect(passwordMismatch('abcdef', '')).toBeNull();
    expect(passwordMismatch('', 'abcdef')).toBeNull();
    expect(passwordMismatch('abcdef', 'abcdeg')).toBe('Passwords do not match');
    expect(passwordMismatch('abcdef', 'abcdef')).toBeNull();
  });

  it('checks the sign-up passwords: mismatch, then at least 6 characters', () => {
    expect(signUpError('abc', 'abd')).toBe('Passwords do not match');
    expect(signUpError('abc', 'abc')).toBe('Password must be at least 6 characters');
    expect(signUpError('abcdef', 'abcdef')).toBeNull();
  });

  it('enables get-started for an existing account with an e-mail and a 6+ password', () => {
    expect(isGetStartedValid('existing', { ...base, firstName: '', lastName: '', phone: '', confirmPassword: '' })).toBe(true);
    expect(isGetStartedValid('existing', { ...base, password: '12345' })).toBe(false);
  });

  it('enables get-started for a new account only when every field holds', () => {
    expect(isGetStartedValid('new', base)).toBe(true);
    expect(isGetStartedValid('new', { ...base, firstName: ' ' })).toBe(false);
    expect(isGetStartedValid('new', { ...base, lastName: '' })).toBe(false);
    expect(isGetStartedValid('new', { ...base, phone: '12345' })).toBe(false);
    expect(isGetStartedValid('new', { ...base, confirmPassword: 'other1' })).toBe(false);
    expect(isGetStartedValid('new', { ...base, email: 'nope' })).toBe(false);
  });
});
