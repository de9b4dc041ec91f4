import { NAIROBI_TIME_ZONE } from '@shambasoko/contracts/time';

/** A moment in Nairobi time, the way the rest of the product shows it. */
export function formatMoment(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale === 'sw' ? 'sw-KE' : 'en-KE', {
    timeZone: NAIROBI_TIME_ZONE,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
}
