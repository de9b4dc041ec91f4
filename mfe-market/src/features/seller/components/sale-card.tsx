import { formatDate, formatKES, useMessageText } from '@shambasoko/shared';
import type { Sale, SaleAction } from '@shambasoko/contracts';
import { Badge, Button } from '@shambasoko/shared/ui';
import { NAIROBI_TIME_ZONE } from '@shambasoko/contracts/time';
import { useT as useOrdersT } from '../../../lib/i18n-orders';
import { useT } from '../../../lib/i18n-sales';
import { lazyDialog } from '@shambasoko/shared/ui/lazy-dialog';

// Only a delivered sale shows it: the sales list loads its form code once one is on screen.
const SaleDisputePanel = lazyDialog(() => import('./sale-dispute').then((m) => m.SaleDisputePanel));

const PLACED: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short', timeZone: NAIROBI_TIME_ZONE };
const toneOf = (sale: Sale) =>
  sale.status === 'cancelled' || sale.status === 'expired'
    ? 'danger'
    : sale.status === 'delivered'
      ? 'success'
      : sale.status === 'awaiting_payment'
        ? 'warning'
        : 'info';

/** One incoming order as its seller sees it: buyer, items, money, status, the next step and its buttons. */
export function SaleCard({ sale, busy, onAction }: { sale: Sale; busy: boolean; onAction: (action: SaleAction) => void }) {
  const t = useT();
  const tOrders = useOrdersT();
  const messageText = useMessageText();
  return (
    <li
      className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm"
      aria-label={tOrders('order.title', { number: sale.orderNumber })}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold text-stone-900">{tOrders('order.title', { number: sale.orderNumber })}</h3>
          <p className="text-sm text-stone-500">{formatDate(sale.createdAt, PLACED)}</p>
        </div>
        <Badge tone={toneOf(sale)}>{tOrders(`fulfilment.${sale.status}`)}</Badge>
      </div>
      <div className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <p className="font-medium text-stone-800">{sale.buyer.name}</p>
          <a className="text-brand-700 underline" href={`tel:${sale.buyer.phone}`}>
            {sale.buyer.phone}
          </a>
          <p className="text-stone-600">{[sale.buyer.address, sale.buyer.city, sale.buyer.county].filter(Boolean).join(', ')}</p>
          {sale.buyer.pickupPoint && <p className="text-stone-600">{t('sale.pickupPoint', { point: sale.buyer.pickupPoint })}</p>}
          <p className="text-stone-600">{t(sale.delivery === 'express' ? 'sale.express' : 'sale.standard')}</p>
        </div>
        <div>
          <ul>
            {sale.items.map((item) => (
              <li key={item.productId}>
                {item.quantity} × {item.name} — {formatKES(item.price * item.quantity)}
              </li>
            ))}
          </ul>
          <p className="mt-1 text-stone-600">{t('sale.money', { subtotal: formatKES(sale.subtotal), fee: formatKES(sale.deliveryFee) })}</p>
        </div>
      </div>
      {sale.dispatchNote ? <p className="mt-2 text-sm text-stone-600">{t('sale.dispatchNote', { note: sale.dispatchNote })}</p> : null}
      {sale.cancelReason ? (
        <p className="mt-2 text-sm text-red-700">{t('sale.cancelled', { reason: messageText(sale.cancelReason) })}</p>
      ) : null}
      {sale.nextStep ? (
        <p className="mt-3 text-sm font-medium text-stone-900">
          {t('sale.next')} <span data-testid="next-step">{messageText(sale.nextStep)}</span>
        </p>
      ) : null}
      {sale.actions.length > 0 ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {sale.actions.map((action, index) => (
            <Button
              key={action}
              size="sm"
              variant={action === 'cancel' ? 'ghost' : index === 0 ? 'primary' : 'secondary'}
              disabled={busy}
              onClick={() => onAction(action)}
            >
              {t(`action.${action}`)}
            </Button>
          ))}
        </div>
      ) : null}
      {sale.status === 'delivered' && sale.dispute ? <SaleDisputePanel saleId={sale.id} dispute={sale.dispute} /> : null}
    </li>
  );
}
