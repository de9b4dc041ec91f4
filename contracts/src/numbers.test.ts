import { formatDecimal } from './numbers';

/** A seeded generator, so a failure names values that fail again. */
function values(count: number): number[] {
  let seed = 43;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const out = [0, -0, 1, -1, 0.5, 1.5, 2.5, -2.5, 0.125, -0.125, 1.005, 31.65, 999.9995, 999_999.5, 2 ** 53 + 2, 9.99e20, 1e21, 5e-7];
  for (let i = 0; i < count; i += 1) {
    const scale = 10 ** (Math.floor(random() * 24) - 6);
    out.push((random() - 0.3) * scale, Math.round(random() * scale * 1000) / 1000);
  }
  return [...out, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
}

describe('formatDecimal', () => {
  it('writes what Intl writes in English and Kiswahili, for every size and number of decimals', () => {
    const all = values(5_000);
    for (const locale of ['en-KE', 'sw-KE'])
      for (const digits of [0, 1, 2, 3]) {
        const intl = new Intl.NumberFormat(locale, { maximumFractionDigits: digits });
        const differ = all.filter((v) => formatDecimal(v, digits) !== intl.format(v));
        expect(differ.map((v) => [locale, digits, v, formatDecimal(v, digits), intl.format(v)])).toEqual([]);
      }
  });

  it('groups by thousands, rounds the shortest decimal form half away from zero, and drops trailing zeros', () => {
    expect(formatDecimal(1_234_567)).toBe('1,234,567');
    expect(formatDecimal(999.9995)).toBe('1,000');
    expect(formatDecimal(31.65, 1)).toBe('31.7');
    expect(formatDecimal(-2.5, 0)).toBe('-3');
    expect(formatDecimal(1111.97, 2)).toBe('1,111.97');
    expect(formatDecimal(2.1, 3)).toBe('2.1');
    expect(formatDecimal(-0.0001, 2)).toBe('-0');
  });

  it('keeps three decimals by default, as Intl does', () => {
    expect(formatDecimal(1234.5678)).toBe('1,234.568');
  });
});
