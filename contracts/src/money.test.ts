import { formatKES, formatKESRange } from './money';

describe('formatKES', () => {
  it('writes whole shillings as "Ksh" with Kenyan grouping and a no-break space', () => {
    expect(formatKES(770000)).toBe('Ksh\u00a0770,000');
    expect(formatKES(0)).toBe('Ksh\u00a00');
  });

  it('rounds fractions instead of showing cents', () => {
    expect(formatKES(349.6)).toBe('Ksh\u00a0350');
    expect(formatKES(-0.4)).toBe('Ksh\u00a00');
  });

  it('puts the sign before the currency for overspend', () => {
    expect(formatKES(-1500)).toBe('-Ksh\u00a01,500');
  });

  it('keeps large amounts exact', () => {
    expect(formatKES(10_000_000_000)).toBe('Ksh\u00a010,000,000,000');
  });
});

describe('formatKESRange', () => {
  it('names the currency once, and one figure when both ends round alike', () => {
    expect(formatKESRange(38, 45)).toBe('Ksh\u00a038–45');
    expect(formatKESRange(2500, 3100)).toBe('Ksh\u00a02,500–3,100');
    expect(formatKESRange(42.2, 41.8)).toBe('Ksh\u00a042');
  });
});
