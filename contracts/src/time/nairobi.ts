/**
 * Kenya keeps East Africa Time, UTC+3, all year (no daylight saving): Nairobi's clock is a fixed
 * offset from UTC, the same on the server, in tests and on a phone set to any zone. Every "today",
 * "this month" and midnight of the product is computed here (a lint rule keeps it so).
 */
/** Hours ahead of UTC (SQL adds them as an interval: `make_interval(hours => 3)`). */
export const NAIROBI_UTC_OFFSET_HOURS = 3;
const NAIROBI_OFFSET_MS = NAIROBI_UTC_OFFSET_HOURS * 60 * 60 * 1000;

/** The zone's name for Intl formatting (`formatDate(d, { timeZone: NAIROBI_TIME_ZONE })`). */
export const NAIROBI_TIME_ZONE = 'Africa/Nairobi';

/** Nairobi's offset in ISO form, for a wall-clock time typed in Nairobi. */
export const NAIROBI_UTC_OFFSET = '+03:00';

/**
 * A moment shifted so that its UTC fields (getUTCHours, toISOString…) read Nairobi's wall clock.
 * Not a moment of its own: only for reading the clock.
 */
export function nairobiClock(now: Date = new Date()): Date {
  return new Date(now.getTime() + NAIROBI_OFFSET_MS);
}

/**
 * Today's date in Nairobi as YYYY-MM-DD, the calendar every date of the product is on (a task due
 * today, the earliest day a service may be booked, the default date of a cost or field).
 */
export function todayInNairobi(now: Date = new Date()): string {
  return nairobiClock(now).toISOString().slice(0, 10);
}

/** This month in Nairobi as YYYY-MM. */
export function monthInNairobi(now: Date = new Date()): string {
  return todayInNairobi(now).slice(0, 7);
}

/** Midnight in Nairobi at the start of a YYYY-MM-DD day (of a YYYY-MM month: its first day). */
export function startOfNairobiDay(day: string): Date {
  return new Date(`${day.length === 7 ? `${day}-01` : day}T00:00:00${NAIROBI_UTC_OFFSET}`);
}

/** The YYYY-MM month after one. */
export function nextMonth(month: string): string {
  const [year = 0, monthNumber = 0] = month.split('-').map(Number);
  const at = new Date(0);
  // setUTCFullYear, not Date.UTC: the latter reads years 0-99 as 1900-1999.
  at.setUTCFullYear(year, monthNumber, 1);
  return at.toISOString().slice(0, 7);
}

/** A wall-clock time typed in Nairobi (a datetime-local value, YYYY-MM-DDTHH:mm[:ss]) as ISO with its offset. */
export function nairobiWallTime(local: string): string {
  return `${local.length === 16 ? `${local}:00` : local}${NAIROBI_UTC_OFFSET}`;
}
