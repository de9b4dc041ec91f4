import { useState } from 'react';
import { useMessageText } from '@shambasoko/shared';
import type { Sale, SaleAction } from '@shambasoko/contracts';
import { EmptyState, ErrorState, FormError, PageHeader, SelectField } from '@shambasoko/shared/ui';
import { Tabs } from '@shambasoko/shared/ui/tabs';
import { useSaleStep, useSales, type SalesFilter } from './api/sales';
import { LoadingBlock } from './components/loading-block';
import { SaleCard } from './components/sale-card';
import { ServiceRequests } from './components/service-requests';
import { StepDialog } from './components/step-dialog';
import { SellerMain } from './components/seller-main';
import { useT } from '../../lib/i18n-sales';

/** /seller/sales: incoming orders (newest first) with what to do next, and service requests. */
export default function SalesPage() {
  const t = useT();
  return (
    <SellerMain>
      <PageHeader title={t('sales.title')} subtitle={t('sales.subtitle')} />
      <Tabs
        label={t('sales.tabs')}
        items={[
          { id: 'orders', label: t('sales.tab.orders'), content: <SalesList /> },
          { id: 'services', label: t('sales.tab.services'), content: <ServiceRequests /> },
        ]}
      />
    </SellerMain>
  );
}

function SalesList() {
  const t = useT();
  const messageText = useMessageText();
  const [filter, setFilter] = useState<SalesFilter>('open');
  const sales = useSales(filter);
  const step = useSaleStep();
  const [asking, setAsking] = useState<{ sale: Sale; action: 'dispatch' | 'cancel' } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = (sale: Sale, action: SaleAction, text?: string) => {
    setError(null);
    step.mutate(
      { id: sale.id, action, note: action === 'dispatch' ? text : undefined, reason: action === 'cancel' ? text : undefined },
      { onSuccess: () => setAsking(null), onError: (e) => setError(messageText(e.message)) },
    );
  };
  const onAction = (sale: Sale, action: SaleAction) => {
    if (action === 'dispatch' || action === 'cancel') {
      setError(null);
      setAsking({ sale, action });
    } else run(sale, action);
  };

  return (
    <div className="mt-4 flex flex-col gap-4">
      <SelectField
        label={t('sales.show')}
        options={[
          { value: 'open', label: t('sales.filter.open') },
          { value: 'all', label: t('sales.filter.all') },
        ]}
        value={filter}
        onChange={(e) => setFilter(e.target.value as SalesFilter)}
        containerClassName="max-w-48"
      />
      {!asking ? <FormError message={error} /> : null}
      {sales.isPending ? (
        <LoadingBlock />
      ) : sales.isError ? (
        <ErrorState message={messageText(sales.error.message)} onRetry={() => void sales.refetch()} />
      ) : sales.data.items.length === 0 ? (
        <EmptyState title={filter === 'open' ? t('sales.empty.open') : t('sales.empty.all')} message={t('sales.empty.message')} />
      ) : (
        <ul className="flex flex-col gap-3">
          {sales.data.items.map((sale) => (
            <SaleCard key={sale.id} sale={sale} busy={step.isPending} onAction={(action) => onAction(sale, action)} />
          ))}
        </ul>
      )}
      <StepDialog
        open={asking !== null}
        title={t(asking?.action === 'dispatch' ? 'sales.dispatchTitle' : 'sales.cancelTitle', { number: asking?.sale.orderNumber ?? '' })}
        label={asking?.action === 'dispatch' ? t('sales.dispatchNote') : t('sales.reason')}
        required={asking?.action === 'cancel'}
        confirmLabel={asking?.action === 'dispatch' ? t('action.dispatch') : t('action.cancel')}
        danger={asking?.action !== 'dispatch'}
        busy={step.isPending}
        error={asking ? error : null}
        onClose={() => setAsking(null)}
        onConfirm={(text) => asking && run(asking.sale, asking.action, text)}
      />
    </div>
  );
}
