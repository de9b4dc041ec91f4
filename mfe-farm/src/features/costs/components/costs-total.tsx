import { formatKES } from '@shambasoko/shared';
import { useT } from '../../../lib/i18n-work';
import { useCostsTotal } from '../api/get-costs-total';
import type { CostsQuery } from '../api/get-costs';

/** "Total: Ksh N · 12 entries" for every entry the filters match, not just the page shown. */
export function CostsTotal({ query }: { query: CostsQuery }) {
  const total = useCostsTotal(query);
  const t = useT();
  if (!total.data) return null;
  const { amount, count } = total.data;
  return (
    <p
      className="border-b border-stone-200 px-4 py-3 text-base font-semibold text-stone-900 tabular-nums"
      data-testid="costs-total"
      aria-live="polite"
    >
      {t('costs.total', { amount: formatKES(amount), count })}
    </p>
  );
}
