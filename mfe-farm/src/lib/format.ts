const dateFormat = new Intl.DateTimeFormat('en-KE', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** An ISO date (YYYY-MM-DD) as people in Kenya read it, e.g. "12 Mar 2026". UTC so no day shifts. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

/** Today as YYYY-MM-DD in the user's own calendar (the default planting date). */
export function todayISO(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The spec's 'Unknown' rule: a farm or field the row cannot be matched to shows 'Unknown'. */
export function nameOrUnknown(name: string | null | undefined): string {
  return name && name.trim() ? name : 'Unknown';
}

/** A dash for empty optional cells (a missing season or crop is not an error, unlike a farm). */
export function orDash(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? '—' : String(value);
}

export function formatHectares(value: number): string {
  return `${new Intl.NumberFormat('en-KE', { maximumFractionDigits: 2 }).format(value)} ha`;
}

export function capitalise(text: string): string {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

/** The message to show for a failed call: ApiError carries the server's customerMessage. */
export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';
}
