import { formatDate } from '@shambasoko/shared';
import { t } from './i18n';

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
