import { Link, useNavigate } from 'react-router-dom';
import { formatDate, formatKES, useMessageText } from '@shambasoko/shared';
import type { BuyerHome, PastOrder } from '@shambasoko/contracts';
import { Button, buttonClassName, Card, EmptyState, ErrorState, PageHeader, StatCard } from '@shambasoko/shared/ui';
import { useT } from '../../lib/i18n-home';
import { HomeLoading, HomeMain } from './components/home-main';
import { useBuyerHome } from './api/get-buyer-home';
import { useReorder } from './api/reorder';

const productPath = (id: string) => `/market/item?itemId=${encodeURIComponent(id)}`;
const linkClass = 'text-sm font-medium text-brand-700 hover:underline';

/** /buyer: the Buyer's home, from GET /v1/buyer/home. Every card leads to the list behind it. */
export default function BuyerHomePage() {
  const t = useT();
  const messageText = useMessageText();
  const home = useBuyerHome();
  return (
    <HomeMain>
      <PageHeader title={t('buyer.title')} subtitle={t('buyer.subtitle')} />
      {home.isPending ? (
        <HomeLoading />
      ) : home.isError ? (
        <ErrorState title={t('home.loadFailed')} message={messageText(home.error.message)} onRetry={() => void home.refetch()} />
      ) : (
        <BuyerHomeBody home={home.data} />
      )}
    </HomeMain>
  );
}

function BuyerHomeBody({ home }: { home: BuyerHome }) {
  const t = useT();
  const firstToPay = home.inFlight.find((o) => o.nextStep === 'pay');
  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        <Link
          to={firstToPay ? `/orders/${firstToPay.id}` : '/orders'}
          className="rounded-xl focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <StatCard
            label={t('buyer.paymentsWaiting')}
            value={home.paymentsWaiting.count}
            hint={
              home.paymentsWaiting.count > 0 ? t('buyer.paymentsWaitingHint', { total: formatKES(home.paymentsWaiting.total) }) : undefined
            }
          />
        </Link>
        <Link to="/orders" className="rounded-xl focus-visible:outline-2 focus-visible:outline-brand-600">
          <StatCard label={t('buyer.onTheWay')} value={home.deliveriesOnTheWay} />
        </Link>
        <Link to="/orders" className="col-span-2 rounded-xl focus-visible:outline-2 focus-visible:outline-brand-600 lg:col-span-1">
          <StatCard label={t('buyer.inFlightCount')} value={home.inFlight.length} />
        </Link>
      </div>

      <Card
        title={t('buyer.inFlight')}
        actions={
          <Link to="/orders" className={linkClass}>
            {t('buyer.viewOrders')}
          </Link>
        }
      >
        {home.inFlight.length === 0 ? (
          <EmptyState
            title={t('buyer.noneInFlight')}
            message={t('buyer.noneInFlightHint')}
            action={
              <Link to="/market" className={buttonClassName()}>
                {t('buyer.goToMarket')}
              </Link>
            }
          />
        ) : (
          <ul className="divide-y divide-stone-200" data-testid="orders-in-flight">
            {home.inFlight.map((o) => (
              <li key={o.id}>
                <Link to={`/orders/${o.id}`} className="flex items-start justify-between gap-3 rounded-lg px-2 py-3 hover:bg-stone-50">
                  <span className="min-w-0">
                    <span className="block font-medium text-stone-900">{o.number}</span>
                    <span className="block truncate text-sm text-stone-500">
                      {o.firstItem} · {t('buyer.items', { count: o.itemCount })}
                    </span>
                    <span className="block text-sm font-medium text-brand-800" data-testid="next-step">
                      {t(`buyer.next.${o.nextStep}`)}
                      {o.nextStep === 'pay' && o.paymentDueAt
                        ? ` · ${t('buyer.payBy', { date: formatDate(o.paymentDueAt, { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' }) })}`
                        : ''}
                    </span>
                  </span>
                  <span className="shrink-0 text-right tabular-nums">{formatKES(o.total)}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <div className="grid gap-4 lg:grid-cols-2">
        <Card title={t('buyer.recent')}>
          {home.recent.length === 0 ? (
            <EmptyState title={t('buyer.noRecent')} message={t('buyer.noRecentHint')} />
          ) : (
            <ul className="flex flex-col gap-3">
              {home.recent.map((o) => (
                <PastOrderRow key={o.id} order={o} />
              ))}
            </ul>
          )}
        </Card>
        <Card title={t('buyer.backInStock')}>
          {home.favouritesBackInStock.length === 0 ? (
            <EmptyState title={t('buyer.noBackInStock')} message={t('buyer.noBackInStockHint')} />
          ) : (
            <ul className="divide-y divide-stone-200">
              {home.favouritesBackInStock.map((p) => (
                <li key={p.productId}>
                  <Link
                    to={productPath(p.productId)}
                    className="flex items-center justify-between gap-3 rounded-lg px-2 py-3 hover:bg-stone-50"
                  >
                    <span className="min-w-0">
                      <span className="block truncate font-medium text-stone-900">{p.name}</span>
                      <span className="block text-sm text-stone-500">{t('buyer.left', { count: p.stock, unit: p.unit })}</span>
                    </span>
                    <span className="shrink-0 tabular-nums">{formatKES(p.price)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </div>
  );
}

/** A paid order with its lines as they are today; Reorder puts the available ones in the cart. */
function PastOrderRow({ order }: { order: PastOrder }) {
  const t = useT();
  const reorder = useReorder();
  const navigate = useNavigate();
  const messageText = useMessageText();
  const available = order.lines.filter((l) => l.available);
  return (
    <li className="rounded-lg border border-stone-200 p-3">
      <div className="flex items-center justify-between gap-2">
        <Link to={`/orders/${order.id}`} className="font-medium text-stone-900 hover:text-brand-700">
          {order.number}
        </Link>
        <span className="text-sm text-stone-500">{formatDate(order.createdAt)}</span>
      </div>
      <ul className="mt-1 text-sm text-stone-600">
        {order.lines.map((l) => (
          <li key={l.productId}>
            {l.quantity} × {l.name}
            {l.available ? '' : ` · ${t('buyer.unavailable')}`}
          </li>
        ))}
      </ul>
      {available.length === 0 ? (
        <p className="mt-2 text-sm text-stone-500">{t('buyer.noneAvailable')}</p>
      ) : (
        <Button
          size="sm"
          variant="secondary"
          className="mt-2"
          aria-label={t('buyer.reorderOrder', { number: order.number })}
          loading={reorder.isPending}
          onClick={() => reorder.mutate(order.lines, { onSuccess: () => navigate('/cart') })}
        >
          {t('buyer.reorder')}
        </Button>
      )}
      {reorder.isError ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {reorder.error.message ? messageText(reorder.error.message) : t('buyer.reorderFailed')}
        </p>
      ) : null}
    </li>
  );
}
