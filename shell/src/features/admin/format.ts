import { formatDate } from '@shambasoko/shared';
import { t } from '../../lib/i18n';

const WHEN: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** "24 Nov 2026, 10:15" in the page's language; a value that is not a date shows as given. */
export function formatWhen(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : formatDate(date, WHEN);
}

/** Versions are content hashes: the first 8 characters tell them apart on screen. */
export const shortVersion = (version: string | null | undefined): string => (version ? version.slice(0, 8) : t('admin.none'));

export const formatSize = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

/** An audit value (roles, a flag, a version, a rollout…) in a few readable words. */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return t('admin.none');
  if (typeof value === 'boolean') return value ? t('admin.on') : t('admin.off');
  if (typeof value === 'string') return /^[0-9a-f]{16,64}$/.test(value) ? shortVersion(value) : value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? t('admin.none') : value.map(describeValue).join(', ');
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, v]) => `${key}: ${describeValue(v)}`)
      .join('; ');
  }
  return JSON.stringify(value) ?? '';
}
