import { Link, useNavigate } from 'react-router-dom';
import { formatKES, type Order } from '@shambasoko/shared';
import { FULFILMENT_STATUS_LABELS } from '@shambasoko/shared/contracts';
import { EmptyWithLink } from '../../components/empty-with-link';
import { Card, DataTable, PageHeader, buttonClassName, type DataTableColumn } from '@shambasoko/shared/ui';
import { PackageIcon } from '../../components/icons';
import { useShopper } from '../../lib/session';
import { useOrders } from './api/get-orders';
import { OrderStatusBadge, formatOrderDate, orderStatusNote } from './components/order-status-badge';
import { PaymentStatusBadge, paymentDetails } from './components/payment-status';
import { SignInPrompt } from './components/sign-in-prompt';

const columns: DataTableColumn<Order>[] = [
  {
    key: 'number',
    header: 'Order',
    render: (o) => (
      <Link to={`/orders/${encodeURIComponent(o.id)}`} className="font-medium text-brand-700 hover:underline">
        {o.number}
      </Link>
    ),
  },
  { key: 'date', header: 'Date', render: (o) => formatOrderDate(o.createdAt) },
  {
    key: 'items',
    header: 'Items',
    render: (o) => {
      const n = o.items.reduce((sum, i) => sum + i.quantity, 0);
      return n === 1 ? '1 item' : `${n} items`;
    },
  },
  { key: 'total', header: 'Total', className: 'text-right tabular-nums', render: (o) => formatKES(o.total) },
  {
    key: 'payment',
    header: 'Payment',
    render: (o) => (
      <div className="flex flex-col items-start gap-1">
        <PaymentStatusBadge payment={o.payment} />
        <span className="max-w-56 text-xs text-stone-600">{paymentDetails(o)}</span>
      </div>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    render: (o) => (
      <div className="flex flex-col items-start gap-1">
        <OrderStatusBadge status={o.status} />
        {o.status === 'expired' ? <span className="max-w-64 text-xs text-stone-500">{orderStatusNote(o)}</span> : null}
        {o.fulfilments.length > 1 ? (
          <ul aria-label="Each seller's part" className="text-xs text-stone-600">
            {o.fulfilments.map((f) => (
              <li key={f.id}>
                {f.seller.name}: {FULFILMENT_STATUS_LABELS[f.status]}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    ),
  },
];

export default function OrdersPage() {
  const { userKey } = useShopper();
  const navigate = useNavigate();
  const orders = useOrders(userKey);
  return (
    <main className="mx-auto max-w-6xl p-4 pb-24 sm:p-6 sm:pb-24">
      <PageHeader
        title="My Orders"
        subtitle="Orders you placed on the ShambaSoko marketplace."
        actions={
          <Link to="/market" className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
            Continue Shopping
          </Link>
        }
      />
      {userKey === null ? (
        <SignInPrompt />
      ) : (
        <Card flush>
          <DataTable
            caption="Orders"
            columns={columns}
            rows={orders.data ?? []}
            rowKey="id"
            loading={orders.isPending}
            error={orders.error?.message}
            onRetry={() => orders.refetch()}
            onRowClick={(o) => navigate(`/orders/${encodeURIComponent(o.id)}`)}
            empty={
              <EmptyWithLink
                icon={<PackageIcon />}
                title="No orders yet"
                message="When you buy something on the marketplace it shows up here."
                to="/market"
                label="Browse the Marketplace"
              />
            }
          />
        </Card>
      )}
    </main>
  );
}
