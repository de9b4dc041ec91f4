/** "24 Nov, 14:30" in Nairobi time, whatever the device's zone; an unreadable date as it came. */
const dayTime = new Intl.DateTimeFormat('en-KE', {
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Africa/Nairobi',
});

export function formatDayTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dayTime.format(d);
}
