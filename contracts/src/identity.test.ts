import { phoneAccountEmail, shownEmail } from './identity';

describe('phone-only accounts', () => {
  it('get a stand-in address from the +254 number however it was typed', () => {
    expect(phoneAccountEmail('0712 345 678')).toBe('254712345678@phone.shambasoko.invalid');
    expect(phoneAccountEmail('+254712345678')).toBe('254712345678@phone.shambasoko.invalid');
    expect(phoneAccountEmail('not a phone')).toBeNull();
  });

  it('never show that stand-in address to anyone', () => {
    expect(shownEmail(phoneAccountEmail('0712 345 678'))).toBe('');
    expect(shownEmail('wanjiku@example.co.ke')).toBe('wanjiku@example.co.ke');
    expect(shownEmail(null)).toBe('');
  });
});
