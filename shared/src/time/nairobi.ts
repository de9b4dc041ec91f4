/**
 * Kenya keeps East Africa Time, UTC+3, all year (no daylight saving): Nairobi's clock is a fixed
 * offset from UTC, the same on the server, in tests and on a phone set to any zone.
 */
const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000;

/**
 * Today's date in Nairobi as YYYY-MM-DD, the calendar every date of the product is on (a task due
 * today, the earliest day a service may be booked, the default date of a cost or field).
 */
export function todayInNairobi(now: Date = new Date()): string {
  return new Date(now.getTime() + NAIROBI_OFFSET_MS).toISOString().slice(0, 10);
}
