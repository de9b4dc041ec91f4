import { todayInNairobi } from './nairobi';

describe('todayInNairobi', () => {
  it('turns the date at midnight in Nairobi, 21:00 UTC', () => {
    expect(todayInNairobi(new Date('2026-03-01T20:59:59.999Z'))).toBe('2026-03-01');
    expect(todayInNairobi(new Date('2026-03-01T21:00:00.000Z'))).toBe('2026-03-02');
    expect(todayInNairobi(new Date('2026-03-02T00:00:00.000Z'))).toBe('2026-03-02');
    expect(todayInNairobi(new Date('2026-03-02T20:59:59.999Z'))).toBe('2026-03-02');
  });

  it('crosses months, years and leap days by Nairobi time', () => {
    expect(todayInNairobi(new Date('2026-12-31T21:00:00Z'))).toBe('2027-01-01');
    expect(todayInNairobi(new Date('2026-12-31T20:59:59Z'))).toBe('2026-12-31');
    expect(todayInNairobi(new Date('2028-02-28T21:30:00Z'))).toBe('2028-02-29');
    expect(todayInNairobi(new Date('2026-02-28T21:30:00Z'))).toBe('2026-03-01');
  });

  it('reads the same whatever the zone the date was written in', () => {
    expect(todayInNairobi(new Date('2026-06-15T23:30:00-05:00'))).toBe('2026-06-16');
    expect(todayInNairobi(new Date('2026-06-15T00:30:00+03:00'))).toBe('2026-06-15');
    expect(todayInNairobi(new Date('2026-06-15T02:59:00+14:00'))).toBe('2026-06-14');
  });

  it('agrees with the time-zone database all year (Kenya has no daylight saving)', () => {
    const byZone = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi', year: 'numeric', month: '2-digit', day: '2-digit' });
    for (let hour = 0; hour < 366 * 24; hour += 7) {
      const moment = new Date(Date.UTC(2026, 0, 1) + hour * 3_600_000);
      expect(todayInNairobi(moment)).toBe(byZone.format(moment));
    }
  });
});
