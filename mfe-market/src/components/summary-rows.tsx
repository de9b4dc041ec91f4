import type { ReactNode } from 'react';
import { formatKES } from '@shambasoko/shared';
import type { OrderSummary } from '../lib/cart-math';
import { useT } from '../lib/i18n-buy';

/** Subtotal, discount, delivery and total as a definition list, the same on /cart, /checkout and an order. */
export function SummaryRows({
  summary,
  itemCount,
  promoCode,
  deliveryLabel,
  deliveryDetail,
  totalLabel,
}: {
  summary: OrderSummary;
  itemCount?: number;
  promoCode?: string | null;
  /** Replaces the delivery figure, e.g. "from Ksh 350" on the cart. */
  deliveryLabel?: ReactNode;
  /** Shown under the delivery figure, e.g. the fee of each seller. */
  deliveryDetail?: ReactNode;
  /** Replaces "Total", e.g. "Total before delivery" while the fee is not known. */
  totalLabel?: ReactNode;
}) {
  const t = useT();
  return (
    <dl className="flex flex-col gap-2 text-sm" data-testid="order-summary">
      <div className="flex justify-between gap-3">
        <dt className="text-stone-600">
          {itemCount !== undefined ? t('summary.subtotalItems', { count: itemCount }) : t('summary.subtotal')}
        </dt>
        <dd className="font-medium text-stone-900 tabular-nums">{formatKES(summary.subtotal)}</dd>
      </div>
      {summary.discount > 0 && (
        <div className="flex justify-between gap-3 text-brand-700">
          <dt>{promoCode ? t('summary.discountCode', { code: promoCode }) : t('summary.discount')}</dt>
          <dd className="font-medium tabular-nums">−{formatKES(summary.discount)}</dd>
        </div>
      )}
      <div className="flex justify-between gap-3">
        <dt className="text-stone-600">{t('summary.delivery')}</dt>
        <dd className="font-medium text-stone-900 tabular-nums">{deliveryLabel ?? formatKES(summary.deliveryFee)}</dd>
      </div>
      {deliveryDetail}
      <div className="mt-1 flex justify-between gap-3 border-t border-stone-200 pt-3 text-base">
        <dt className="font-semibold text-stone-900">{totalLabel ?? t('summary.total')}</dt>

        <dd className="font-bold text-stone-900 tabular-nums" data-testid="order-total">
          {formatKES(summary.total)}
        </dd>
      </div>
    </dl>
  );
}

/** Each seller's delivery fee under the delivery row, once the fees are quoted (cart and checkout). */
export function DeliveryPerSeller({
  sellers,
}: {
  sellers: readonly { sellerId: string; sellerName: string; county: string; deliveryFee: number }[];
}) {
  if (sellers.length === 0) return null;
  return (
    <div className="-mt-1 flex flex-col gap-1 pl-3 text-xs text-stone-600" data-testid="delivery-per-seller">
      {sellers.map((s) => (
        <div key={s.sellerId} className="flex justify-between gap-3">
          <dt className="min-w-0 truncate">
            {s.sellerName} ({s.county})
          </dt>
          <dd className="tabular-nums">{formatKES(s.deliveryFee)}</dd>
        </div>
      ))}
    </div>
  );
}
