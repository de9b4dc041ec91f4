import { NAIROBI_TIME_ZONE, monthInNairobi, nairobiClock, nairobiWallTime, nextMonth, startOfNairobiDay, todayInNairobi } from './nairobi';

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
    const byZone = new Intl.DateTimeFormat('en-CA', { timeZone: NAIROBI_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
    for (let hour = 0; hour < 366 * 24; hour += 7) {
      const moment = new Date(Date.UTC(2026, 0, 1) + hour * 3_600_000);
      expect(todayInNairobi(moment)).toBe(byZone.format(moment));
    }
  });
});

describe('monthInNairobi', () => {
  it('turns the month at midnight in Nairobi on the last day, 21:00 UTC', () => {
    expect(monthInNairobi(new Date('2026-03-31T20:59:59.999Z'))).toBe('2026-03');
    expect(monthInNairobi(new Date('2026-03-31T21:00:00.000Z'))).toBe('2026-04');
    expect(monthInNairobi(new Date('2026-12-31T21:00:00Z'))).toBe('2027-01');
  });
});

describe('startOfNairobiDay', () => {
  it('is 21:00 UTC the day before', () => {
    expect(startOfNairobiDay('2026-03-02').toISOString()).toBe('2026-03-01T21:00:00.000Z');
    expect(startOfNairobiDay('2027-01-01').toISOString()).toBe('2026-12-31T21:00:00.000Z');
  });

  it('starts a YYYY-MM month on its first day', () => {
    expect(startOfNairobiDay('2026-03').toISOString()).toBe('2026-02-28T21:00:00.000Z');
    expect(startOfNairobiDay('2028-03').toISOString()).toBe('2028-02-29T21:00:00.000Z');
  });

  it('starts the day todayInNairobi names, for every moment of it', () => {
    for (const iso of ['2026-03-01T21:00:00Z', '2026-03-02T12:00:00Z', '2026-03-02T20:59:59.999Z']) {
      const moment = new Date(iso);
      const start = startOfNairobiDay(todayInNairobi(moment));
      expect(start.getTime()).toBeLessThanOrEqual(moment.getTime());
      expect(moment.getTime() - start.getTime()).toBeLessThan(24 * 3_600_000);
    }
  });
});

describe('nextMonth', () => {
  it('crosses the year', () => {
    expect(nextMonth('2026-11')).toBe('2026-12');
    expect(nextMonth('2026-12')).toBe('2027-01');
    expect(nextMonth('2027-01')).toBe('2027-02');
  });
});

describe('nairobiClock and nairobiWallTime', () => {
  it('reads the wall clock in Nairobi, and writes it back as the same moment', () => {
    const moment = new Date('2026-06-30T22:15:00Z');
    expect(nairobiClock(moment).toISOString()).toBe('2026-07-01T01:15:00.000Z');
    expect(new Date(nairobiWallTime('2026-07-01T01:15')).toISOString()).toBe(moment.toISOString());
    expect(nairobiWallTime('2026-07-01T01:15:30')).toBe('2026-07-01T01:15:30+03:00');
  });
});
