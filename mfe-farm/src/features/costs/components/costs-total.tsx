import { formatKES } from '@shambasoko/shared';
import { useQueuedCosts } from '../../../lib/queued-costs';
import { useT } from '../../../lib/i18n-costs';
import { useCostsTotal } from '../api/get-costs-total';
import type { CostsQuery } from '../api/get-costs';

/**
 * "Total: Ksh N · 12 entries" for every entry the filters match, not just the page shown, with the
 * entries added offline that the list shows: those waiting to sync and those the server refused.
 */
export function CostsTotal({ query }: { query: CostsQuery }) {
  const total = useCostsTotal(query);
  const queued = useQueuedCosts({ ...query });
  const t = useT();
  if (!total.data) return null;
  const amount = total.data.amount + queued.amount;
  const count = total.data.count + queued.count;
  return (
    <p
      className="border-b border-stone-200 px-4 py-3 text-base font-semibold text-stone-900 tabular-nums"
      data-testid="costs-total"
      aria-live="polite"
    >
      {t('costs.total', { amount: formatKES(amount), count })}
      {queued.waiting > 0 && ' '}
      {queued.waiting > 0 && <span className="font-normal text-amber-800">{t('costs.totalWaiting', { count: queued.waiting })}</span>}
      {queued.refused > 0 && ' '}
      {queued.refused > 0 && <span className="font-normal text-red-700">{t('costs.totalRefused', { count: queued.refused })}</span>}
    </p>
  );
}
