import { formatDate } from '@shambasoko/shared';
import { cx } from '../lib/cx';
import { useT } from '../lib/i18n';

// The date is a calendar day (YYYY-MM-DD): read at UTC so no time zone moves it to the day before.
const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' };

/** "Pre-order · harvest expected 28 Feb 2027 · delivery after harvest", the date in the reader's language. */
export function PreorderNote({ harvestExpected, className }: { harvestExpected: string; className?: string }) {
  const t = useT();
  return (
    // A span (block), so it may sit inside a line's inline text as well as on its own.
    <span className={cx('block text-sm font-medium text-amber-800', className)} data-testid="preorder-note">
      {t('preorder.note', { date: formatDate(`${harvestExpected}T00:00:00Z`, DAY) })}
    </span>
  );
}
