import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { Order } from '@shambasoko/contracts';
import { formatKES, useMessageText } from '@shambasoko/shared';
import { EmptyWithLink } from '../../components/empty-with-link';
import { Card, DataTable, PageHeader, buttonClassName, type DataTableColumn } from '@shambasoko/shared/ui';
import { PackageIcon } from '../../components/package-icon';
import { useShopper } from '../../lib/session';
import { useOrders } from './api/get-orders';
import { OrderStatusBadge, formatOrderDate, orderStatusNote } from './components/order-status-badge';
import { PaymentStatusBadge, paymentDetails } from './components/payment-status';
import { SignInPrompt } from './components/sign-in-prompt';
import { useT } from '../../lib/i18n-orders';

const columnsOf = (t: ReturnType<typeof useT>): DataTableColumn<Order>[] => [
  {
    key: 'number',
    header: t('orders.col.order'),
    render: (o) => (
      <Link to={`/orders/${encodeURIComponent(o.id)}`} className="font-medium text-brand-700 hover:underline">
        {o.number}
      </Link>
    ),
  },
  { key: 'date', header: t('orders.col.date'), render: (o) => formatOrderDate(o.createdAt) },
  {
    key: 'items',
    header: t('orders.col.items'),
    render: (o) => t('orders.itemCount', { count: o.items.reduce((sum, i) => sum + i.quantity, 0) }),
  },
  { key: 'total', header: t('orders.col.total'), className: 'text-right tabular-nums', render: (o) => formatKES(o.total) },
  {
    key: 'payment',
    header: t('orders.col.payment'),
    render: (o) => (
      <div className="flex flex-col items-start gap-1">
        <PaymentStatusBadge payment={o.payment} />
        <span className="max-w-56 text-xs text-stone-600">{paymentDetails(o)}</span>
      </div>
    ),
  },
  {
    key: 'status',
    header: t('orders.col.status'),
    render: (o) => (
      <div className="flex flex-col items-start gap-1">
        <OrderStatusBadge status={o.status} />
        {o.status === 'expired' ? <span className="max-w-64 text-xs text-stone-500">{orderStatusNote(o)}</span> : null}
        {o.fulfilments.length > 1 ? (
          <ul aria-label={t('orders.parts')} className="text-xs text-stone-600">
            {o.fulfilments.map((f) => (
              <li key={f.id}>
                {f.seller.name}: {t(`fulfilment.${f.status}`)}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    ),
  },
];

export default function OrdersPage() {
  const t = useT();
  const messageText = useMessageText();
  const columns = useMemo(() => columnsOf(t), [t]);
  const { userKey } = useShopper();
  const navigate = useNavigate();
  const orders = useOrders(userKey);
  return (
    <main className="mx-auto max-w-6xl p-4 pb-24 sm:p-6 sm:pb-24">
      <PageHeader
        title={t('orders.title')}
        subtitle={t('orders.subtitle')}
        actions={
          <Link to="/market" className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
            {t('orders.continue')}
          </Link>
        }
      />
      {userKey === null ? (
        <SignInPrompt />
      ) : (
        <Card flush>
          <DataTable
            caption={t('orders.caption')}
            columns={columns}
            rows={orders.data ?? []}
            rowKey="id"
            loading={orders.isPending}
            error={orders.error ? messageText(orders.error.message) : undefined}
            onRetry={() => orders.refetch()}
            onRowClick={(o) => navigate(`/orders/${encodeURIComponent(o.id)}`)}
            empty={
              <EmptyWithLink
                icon={<PackageIcon />}
                title={t('orders.empty.title')}
                message={t('orders.empty.message')}
                to="/market"
                label={t('orders.empty.link')}
              />
            }
          />
        </Card>
      )}
    </main>
  );
}
