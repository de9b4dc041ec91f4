import { formatKES } from '@shambasoko/shared';
import { fitsFilters, type OutboxItem } from '@shambasoko/shared/offline';
import { useOutbox } from '../../../components/sync-mark';
import { useT } from '../../../lib/i18n-work';
import { useCostsTotal } from '../api/get-costs-total';
import type { CostsQuery } from '../api/get-costs';

/**
 * The costs added offline that wait in the outbox and meet the filters. A sent one leaves the outbox
 * before the lists and total are fetched again, so it is never counted twice; refused ones are not counted.
 */
function waitingCosts(items: readonly OutboxItem[], query: CostsQuery) {
  const costs = items.filter(
    (i) => i.kind === 'cost.create' && i.state === 'waiting' && fitsFilters(query, { ...i.body, category: i.body.budgetCategory }),
  );
  return { count: costs.length, amount: costs.reduce((sum, i) => sum + (Number(i.body.amount) || 0), 0) };
}

/** "Total: Ksh N · 12 entries" for every entry the filters match, not just the page shown, and those waiting to sync. */
export function CostsTotal({ query }: { query: CostsQuery }) {
  const total = useCostsTotal(query);
  const waiting = waitingCosts(useOutbox(), query);
  const t = useT();
  if (!total.data) return null;
  const amount = total.data.amount + waiting.amount;
  const count = total.data.count + waiting.count;
  return (
    <p
      className="border-b border-stone-200 px-4 py-3 text-base font-semibold text-stone-900 tabular-nums"
      data-testid="costs-total"
      aria-live="polite"
    >
      {t('costs.total', { amount: formatKES(amount), count })}
      {waiting.count > 0 && ' '}
      {waiting.count > 0 && <span className="font-normal text-amber-800">{t('costs.totalWaiting', { count: waiting.count })}</span>}
    </p>
  );
}
