import type { DeliveryOptions as Options } from '@shambasoko/contracts';
import { formatKES } from '@shambasoko/shared';
import { TruckIcon } from '../../../components/icons';
import { DELIVERY_OPTIONS } from '../../../lib/cart-math';
import { useT } from '../../../lib/i18n';

const BUSINESS_DAYS = /^(\d+-\d+) business days$/;

export function DeliveryOptions({ delivery }: { delivery?: Options }) {
  const t = useT();
  // The API words its times in English ("5-7 business days"): those read in the page's language.
  const time = (sent: string | undefined, fallback: string) => {
    const range = sent === undefined ? null : BUSINESS_DAYS.exec(sent)?.[1];
    return sent === undefined ? fallback : range ? t('delivery.businessDays', { range }) : sent;
  };
  const rows = (['standard', 'express'] as const).map((id) => ({
    id,
    label: DELIVERY_OPTIONS[id].label,
    price: delivery?.[id]?.price ?? DELIVERY_OPTIONS[id].price,
    time: time(delivery?.[id]?.time, DELIVERY_OPTIONS[id].time),
  }));

  return (
    <section aria-labelledby="delivery-heading" className="rounded-xl border border-stone-200 bg-white p-4">
      <h2 id="delivery-heading" className="flex items-center gap-2 font-semibold text-stone-900">
        <TruckIcon className="text-brand-700" /> {t('delivery.heading')}
      </h2>
      <ul className="mt-3 divide-y divide-stone-100 text-sm">
        {rows.map((r) => (
          <li key={r.id} className="flex items-center justify-between gap-3 py-2">
            <span>
              <span className="font-medium text-stone-900">{r.label}</span>
              <span className="block text-stone-500">{r.time}</span>
            </span>
            <span className="font-medium text-stone-900 tabular-nums">{t('common.from', { amount: formatKES(r.price) })}</span>
          </li>
        ))}
      </ul>
      {/* The fee is the seller's county to the buyer's, and the weight: checkout quotes it exactly. */}
      <p className="mt-2 text-xs text-stone-500">{t('delivery.note')}</p>
    </section>
  );
}
