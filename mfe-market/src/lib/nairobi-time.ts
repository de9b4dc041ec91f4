import { formatDate } from '@shambasoko/shared';
import { NAIROBI_TIME_ZONE } from '@shambasoko/contracts/time';

/** "24 Nov, 14:30" in Nairobi time, whatever the device's zone, in the page's language; an unreadable date as it came. */
const DAY_TIME: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: NAIROBI_TIME_ZONE,
};

export function formatDayTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : formatDate(d, DAY_TIME);
}
