import { formatKES } from '@shambasoko/shared';
import { useCostsTotal } from '../api/get-costs-total';
import type { CostsQuery } from '../api/get-costs';

/** "Total: Ksh N · 12 entries" for every entry the filters match, not just the page shown. */
export function CostsTotal({ query }: { query: CostsQuery }) {
  const total = useCostsTotal(query);
  if (!total.data) return null;
  const { amount, count } = total.data;
  return (
    <p
      className="border-b border-stone-200 px-4 py-3 text-base font-semibold text-stone-900 tabular-nums"
      data-testid="costs-total"
      aria-live="polite"
    >
      Total: {formatKES(amount)} · {count.toLocaleString('en-KE')} {count === 1 ? 'entry' : 'entries'}
    </p>
  );
}
