import { splitFullName, usernameFromEmail } from './service';
import { RateLimiter } from './rate-limit';

describe('name and username derivation (spec §5)', () => {
  it('derives the username from the e-mail local part, lowercased, letters and digits only', () => {
    expect(usernameFromEmail('Mary.Wambui_92@Example.co.ke')).toBe('marywambui92');
  });
  it('splits a full name: first word, then the rest; the first word again when alone', () => {
    expect(splitFullName('Grace Wanjiku Mwangi')).toEqual({ firstName: 'Grace', lastName: 'Wanjiku Mwangi' });
    expect(splitFullName('Otieno')).toEqual({ firstName: 'Otieno', lastName: 'Otieno' });
  });
});

describe('RateLimiter', () => {
  it('allows the limit per window and then answers 429 until the window passes', () => {
    let now = 0;
    const limiter = new RateLimiter(2, 60_000, () => now);
    limiter.hit('k');
    limiter.hit('k');
    expect(() => limiter.hit('k')).toThrow('Too many attempts');
    limiter.hit('other');
    now = 60_000;
    expect(() => limiter.hit('k')).not.toThrow();
  });
});
