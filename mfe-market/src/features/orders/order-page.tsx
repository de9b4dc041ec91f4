import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Order } from '@shambasoko/contracts';
import { Button, Card } from '@shambasoko/shared/ui';
import { OrderItemRow } from './components/order-item-row';
import { ShippingAddress } from '../../components/shipping-address';
import { SummaryRows } from '../../components/summary-rows';
import { DELIVERY_OPTIONS } from '../../lib/cart-math';
import { showToast } from '../../components/toasts';
import { useCancelOrder, type CancelTarget } from './api/cancel-order';
import { useOrder } from './api/get-order';
import { FulfilmentCard } from './components/fulfilment-card';
import { MessageSeller } from '../../components/message-seller';
import { useAftercare } from './api/get-aftercare';
import { OrderStatusBadge, formatOrderDate, orderStatusNote } from './components/order-status-badge';
import { PaymentStatusBadge, formatPaidAt, paymentDetails } from './components/payment-status';
import { OrderFrame } from './components/order-frame';
import { ReceiptActions } from './components/receipt-actions';
import { ready as readyBuy } from '../../lib/i18n-buy';
import { t as translate, useT } from '../../lib/i18n-orders';
import { lazyDialog } from '@shambasoko/shared/ui/lazy-dialog';

// Asked for only when the buyer cancels, and for a part that has been sent: not on the order's first screen.
const CancelDialog = lazyDialog(() => import('./components/cancel-dialog').then((m) => m.CancelDialog));
const loadAftercare = () => import('./components/aftercare-panel');
const AftercarePanel = lazy(() => loadAftercare().then((m) => ({ default: m.AftercarePanel })));

// With Kiswahili, the summary's and the address's words (i18n-buy.ts, shared with the cart and the
// checkout) are fetched as the page's code arrives, not only once the order's words have come and the
// page renders them.
void readyBuy();

/** Each seller's part with its timeline, and cancelling one part or every part still open. */
function Fulfilments({ order, userKey }: { order: Order; userKey: string }) {
  const t = useT();
  const cancel = useCancelOrder();
  const sent = order.fulfilments.some((f) => f.status === 'dispatched' || f.status === 'delivered');
  const aftercare = useAftercare(userKey, order.id, sent);
  // A sent part's panel code comes beside its data, not after it.
  useEffect(() => {
    if (sent) loadAftercare().catch(() => undefined);
  }, [sent]);
  const [target, setTarget] = useState<CancelTarget | null>(null);
  const part = target?.fulfilmentId ? order.fulfilments.find((f) => f.id === target.fulfilmentId) : undefined;
  const cancellable = order.fulfilments.filter((f) => f.buyerCanCancel);
  return (
    <div className="flex flex-col gap-4">
      {cancellable.length > 0 && (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-stone-200 bg-white px-4 py-3 text-sm">
          <p className="text-stone-700">
            {order.fulfilments.length > 1 ? t('order.manySellers', { count: order.fulfilments.length }) : t('order.cancelUntilDispatch')}
          </p>
          <Button variant="danger" size="sm" onClick={() => setTarget({ orderId: order.id })}>
            {t('order.cancel')}
          </Button>
        </div>
      )}
      {order.fulfilments.map((f) => (
        <FulfilmentCard key={f.id} fulfilment={f} onCancel={() => setTarget({ orderId: order.id, fulfilmentId: f.id })}>
          <MessageSeller sellerId={f.seller.id} orderId={order.id} />
          <Suspense fallback={null}>
            {aftercare.data?.parts
              .filter((p) => p.fulfilmentId === f.id)
              .map((p) => (
                <AftercarePanel key={p.fulfilmentId} orderId={order.id} part={p} sellerName={f.seller.name} />
              ))}
          </Suspense>
        </FulfilmentCard>
      ))}
      <CancelDialog
        open={target !== null}
        title={part ? t('order.cancelPart') : t('order.cancel')}
        message={
          part
            ? t('order.cancelPart.message', { seller: part.seller.name })
            : t('order.cancel.message', { sellers: cancellable.map((f) => f.seller.name).join(', ') })
        }
        onClose={() => setTarget(null)}
        onConfirm={async (reason) => {
          if (!target) return;
          await cancel.mutateAsync({ target, reason });
          showToast(part ? translate('order.cancelPart.done', { seller: part.seller.name }) : translate('order.cancel.done'));
        }}
      />
    </div>
  );
}

function ItemsCard({ order }: { order: Order }) {
  const t = useT();
  return (
    <Card title={t('order.items')} className="lg:self-start">
      <ul className="-my-2 divide-y divide-stone-200">
        {order.items.map((item) => (
          <OrderItemRow key={item.productId} item={item} />
        ))}
      </ul>
    </Card>
  );
}

function OrderView({ order, userKey }: { order: Order; userKey: string }) {
  const t = useT();
  const s = order.shipping;
  const itemCount = order.items.reduce((n, i) => n + i.quantity, 0);
  const note = orderStatusNote(order);
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      {note ? (
        <p
          role="status"
          data-testid="order-status-note"
          className={`rounded-xl border px-4 py-3 text-sm lg:col-span-3 ${order.status === 'expired' ? 'border-stone-300 bg-stone-100 text-stone-800' : 'border-amber-200 bg-amber-50 text-amber-900'}`}
        >
          {note}
        </p>
      ) : null}
      <div className="min-w-0 lg:col-span-2">
        {order.fulfilments.length > 0 ? <Fulfilments order={order} userKey={userKey} /> : <ItemsCard order={order} />}
      </div>
      <div className="flex flex-col gap-4">
        <Card title={t('order.summary')}>
          <SummaryRows
            summary={{ subtotal: order.subtotal, discount: order.discount, deliveryFee: order.deliveryFee, total: order.total }}
            itemCount={itemCount}
            promoCode={order.promoCode}
          />
        </Card>
        <Card title={t('order.delivery')}>
          <dl className="flex flex-col gap-3 text-sm">
            <div>
              <dt className="text-stone-500">{t('order.method')}</dt>
              <dd className="font-medium text-stone-900">
                {DELIVERY_OPTIONS[order.delivery].label} · {DELIVERY_OPTIONS[order.delivery].time}
              </dd>
            </div>
            <div>
              <dt className="text-stone-500">{t('order.shippingAddress')}</dt>
              <dd className="text-stone-900">
                <ShippingAddress address={s} />
              </dd>
            </div>
            <div>
              <dt className="text-stone-500">{t('order.payment')}</dt>
              <dd className="flex flex-col items-start gap-1 text-stone-900" data-testid="order-payment">
                <PaymentStatusBadge payment={order.payment} />
                <span className="font-medium">{paymentDetails(order)}</span>
                {order.payment.paidAt ? (
                  <span className="text-stone-600">{t('order.paidAt', { when: formatPaidAt(order.payment.paidAt) })}</span>
                ) : null}
                {order.status === 'pending_payment' ? (
                  <Link to={`/orders/${encodeURIComponent(order.id)}/confirmation`} className="font-medium text-brand-700 hover:underline">
                    {order.payment.canRetry ? t('order.payNow') : t('order.paymentDetails')}
                  </Link>
                ) : null}
              </dd>
            </div>
          </dl>
        </Card>
        {order.payment.paidAt !== null || order.payment.status === 'paid' ? <ReceiptActions order={order} /> : null}
      </div>
    </div>
  );
}

export default function OrderPage() {
  const t = useT();
  return (
    <OrderFrame
      useOrderQuery={useOrder}
      fallbackTitle={t('order.detailsTitle')}
      subtitle={(o) => (
        <span className="inline-flex flex-wrap items-center gap-2">
          {t('order.placed', { date: formatOrderDate(o.createdAt) })} <OrderStatusBadge status={o.status} />
        </span>
      )}
    >
      {(o, userKey) => <OrderView order={o} userKey={userKey} />}
    </OrderFrame>
  );
}
