import { cardBrand, expiryHasPassed, luhnValid, normaliseKenyanPhone } from './validation';

describe('checkout validation helpers', () => {
  it('checks card numbers with the Luhn algorithm', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('5555555555554444')).toBe(true);
    expect(luhnValid('378282246310005')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
  });

  it('names the card brand from its first digits', () => {
    expect(cardBrand('4111111111111111')).toBe('Visa');
    expect(cardBrand('5555555555554444')).toBe('Mastercard');
    expect(cardBrand('2221000000000009')).toBe('Mastercard');
    expect(cardBrand('378282246310005')).toBe('American Express');
    expect(cardBrand('6011111111111117')).toBe('Discover');
    expect(cardBrand('9999999999999995')).toBeNull();
  });

  it('treats a card as valid through the end of its expiry month, in Kenyan time', () => {
    const now = new Date('2026-11-22T10:00:00Z');
    expect(expiryHasPassed(11, 26, now)).toBe(false);
    expect(expiryHasPassed(10, 26, now)).toBe(true);
    expect(expiryHasPassed(1, 27, now)).toBe(false);
    expect(expiryHasPassed(12, 25, now)).toBe(true);
    // 22:30 UTC on 31 October is already 1 November in Nairobi.
    expect(expiryHasPassed(10, 26, new Date('2026-10-31T22:30:00Z'))).toBe(true);
  });

  it('accepts Kenyan mobile numbers in their usual forms and stores them as +254…', () => {
    expect(normaliseKenyanPhone('0712 345 678')).toBe('+254712345678');
    expect(normaliseKenyanPhone('+254 712 345 678')).toBe('+254712345678');
    expect(normaliseKenyanPhone('254712345678')).toBe('+254712345678');
    expect(normaliseKenyanPhone('(0110) 345-678')).toBe('+254110345678');
    expect(normaliseKenyanPhone('0812 345 678')).toBeNull();
    expect(normaliseKenyanPhone('071234567')).toBeNull();
    expect(normaliseKenyanPhone('+44 20 7946 0958')).toBeNull();
  });
});
