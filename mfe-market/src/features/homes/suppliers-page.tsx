import { Link, useNavigate } from 'react-router-dom';
import { formatDate, formatKES, useMessageText } from '@shambasoko/shared';
import type { Supplier } from '@shambasoko/contracts';
import { Button, buttonClassName, Card, EmptyState, ErrorState, PageHeader } from '@shambasoko/shared/ui';
import { useT } from '../../lib/i18n-home';
import { HomeLoading, HomeMain } from './components/home-main';
import { useSuppliers } from './api/get-suppliers';
import { useReorder } from './api/reorder';

/** /buyer/suppliers: the sellers this account buys from (a Retailer's restocking list), each with Reorder. */
export default function SuppliersPage() {
  const t = useT();
  const messageText = useMessageText();
  const suppliers = useSuppliers();
  return (
    <HomeMain>
      <PageHeader title={t('suppliers.title')} subtitle={t('suppliers.subtitle')} />
      {suppliers.isPending ? (
        <HomeLoading />
      ) : suppliers.isError ? (
        <ErrorState title={t('home.loadFailed')} message={messageText(suppliers.error.message)} onRetry={() => void suppliers.refetch()} />
      ) : suppliers.data.length === 0 ? (
        <Card>
          <EmptyState
            title={t('suppliers.none')}
            message={t('suppliers.noneHint')}
            action={
              <Link to="/market" className={buttonClassName()}>
                {t('buyer.goToMarket')}
              </Link>
            }
          />
        </Card>
      ) : (
        <ul className="flex flex-col gap-3">
          {suppliers.data.map((s) => (
            <SupplierCard key={s.sellerId} supplier={s} />
          ))}
        </ul>
      )}
    </HomeMain>
  );
}

function SupplierCard({ supplier: s }: { supplier: Supplier }) {
  const t = useT();
  const messageText = useMessageText();
  const navigate = useNavigate();
  const reorder = useReorder();
  const canReorder = s.lastLines.some((l) => l.available);
  return (
    <li aria-label={s.name} className="rounded-xl border border-stone-200 bg-white p-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate font-semibold text-stone-900">{s.name}</p>
          <p className="text-sm text-stone-500">
            {s.county} · {t('suppliers.orders', { count: s.orderCount })}
          </p>
          <p className="text-sm text-stone-500">
            <Link to={`/orders/${encodeURIComponent(s.lastOrder.id)}`} className="hover:text-brand-700">
              {t('suppliers.lastOrder', { number: s.lastOrder.number, date: formatDate(s.lastOrder.createdAt) })}
            </Link>
          </p>
        </div>
        <div className="shrink-0 text-right">
          <p className="text-xs text-stone-500">{t('suppliers.spent')}</p>
          <p className="font-semibold tabular-nums text-stone-900" data-testid="total-spent">
            {formatKES(s.totalSpent)}
          </p>
        </div>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {canReorder ? (
          <Button
            size="sm"
            aria-label={t('suppliers.reorderFrom', { name: s.name })}
            loading={reorder.isPending}
            onClick={() => reorder.mutate(s.lastLines, { onSuccess: () => navigate('/cart') })}
          >
            {t('suppliers.reorder')}
          </Button>
        ) : (
          <p className="text-sm text-stone-500">{t('suppliers.nothingToReorder')}</p>
        )}
        <Link to={`/market/seller/${encodeURIComponent(s.sellerId)}`} className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
          {t('suppliers.storefront')}
        </Link>
      </div>
      {reorder.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {reorder.error.message ? messageText(reorder.error.message) : t('buyer.reorderFailed')}
        </p>
      ) : null}
    </li>
  );
}
