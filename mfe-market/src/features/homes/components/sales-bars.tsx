import { formatDate, formatKES } from '@shambasoko/shared';
import type { SellerHome } from '@shambasoko/contracts';
import { useT } from '../../../lib/i18n-home';

/** The daily takings as plain bars (no chart library on a home page); each bar says its day and sum to a screen reader. */
export function SalesBars({ days }: { days: SellerHome['daily'] }) {
  const t = useT();
  const top = Math.max(1, ...days.map((d) => d.total));
  const label = (d: SellerHome['daily'][number]) =>
    t('seller.chartDay', { date: formatDate(`${d.date}T12:00:00Z`, { day: 'numeric', month: 'short' }), total: formatKES(d.total) });
  return (
    <figure className="mt-2">
      <ul className="flex h-28 items-end gap-0.5" aria-label={t('seller.chart')} data-testid="sales-bars">
        {days.map((d) => (
          <li key={d.date} className="flex h-full flex-1 items-end" title={label(d)}>
            <span className="sr-only">{label(d)}</span>
            <span
              aria-hidden="true"
              className={`block w-full rounded-t ${d.total > 0 ? 'bg-brand-600' : 'bg-stone-200'}`}
              style={{ height: `${Math.max(4, Math.round((d.total / top) * 100))}%` }}
            />
          </li>
        ))}
      </ul>
      <figcaption className="mt-1 text-xs text-stone-500">{t('seller.chart')}</figcaption>
    </figure>
  );
}
