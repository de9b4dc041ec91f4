import type { AreaUnit, Field } from '@shambasoko/contracts';
import { formatDate as formatLocalDate, formatNumber, translateMessageText } from '@shambasoko/shared';
import { t } from './i18n';

type FieldUnit = Field['unit'];

const DATE = { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' } as const;

/** An ISO date (YYYY-MM-DD) as people in Kenya read it, e.g. "12 Mar 2026", in the page's language. UTC so no day shifts. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  return Number.isNaN(date.getTime()) ? iso : formatLocalDate(date, DATE);
}

/** Today as YYYY-MM-DD in the user's own calendar (the default planting date). */
export function todayISO(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The spec's 'Unknown' rule: a farm or field the row cannot be matched to shows 'Unknown'. */
export function nameOrUnknown(name: string | null | undefined): string {
  return name && name.trim() ? name : t('common.unknown');
}

/** A dash for empty optional cells (a missing season or crop is not an error, unlike a farm). */
export function orDash(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? '—' : String(value);
}

/** Acres in one hectare (the international acre): sizes are stored in hectares, shown in either. */
export const ACRES_PER_HECTARE = 2.4710538;

/** A size given in any field unit, in hectares (what the API stores for farms and crops). */
export function toHectares(size: number, unit: FieldUnit | AreaUnit): number {
  if (unit === 'acres') return size / ACRES_PER_HECTARE;
  if (unit === 'square meters') return size / 10_000;
  return size;
}

/** Hectares in the person's unit, rounded for a form's input (2 decimals, as its step). */
export function fromHectares(hectares: number, unit: AreaUnit): number {
  return Math.round((unit === 'acres' ? hectares * ACRES_PER_HECTARE : hectares) * 100) / 100;
}

/**
 * What a size input in the person's unit means in hectares. An edit that left the shown value alone
 * keeps the stored one exactly (12.36 acres read back is 5.002 ha, not the 5 ha it showed).
 */
export function enteredHectares(value: number, unit: AreaUnit, stored?: number): number {
  if (stored !== undefined && fromHectares(stored, unit) === value) return stored;
  return toHectares(value, unit);
}

/** The one area formatter: hectares shown in the preferred unit, e.g. "12.36 acres" or "5 ha". */
export function formatArea(hectares: number, unit: AreaUnit): string {
  if (unit === 'hectares') return t('area.hectares', { n: formatNumber(hectares) });
  const n = formatNumber(hectares * ACRES_PER_HECTARE);
  return t(n === '1' ? 'area.acre' : 'area.acres', { n });
}

/** The message to show for a failed call: ApiError carries the server's customerMessage (English-keyed). */
export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? translateMessageText(error.message) : t('common.somethingWrong');
}
