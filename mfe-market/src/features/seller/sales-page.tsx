import { useState } from 'react';
import type { Sale, SaleAction } from '@shambasoko/shared/contracts';
import { EmptyState, ErrorState, FormError, PageHeader, SelectField, Tabs } from '@shambasoko/shared/ui';
import { useSaleStep, useSales, type SalesFilter } from './api/sales';
import { LoadingBlock } from './components/loading-block';
import { SaleCard } from './components/sale-card';
import { ServiceRequests } from './components/service-requests';
import { StepDialog } from './components/step-dialog';
import { SellerMain } from './components/seller-main';

const FILTER_OPTIONS = [
  { value: 'open', label: 'Open' },
  { value: 'all', label: 'All' },
];

/** /seller/sales: incoming orders (newest first) with what to do next, and service requests. */
export default function SalesPage() {
  return (
    <SellerMain>
      <PageHeader title="Sales" subtitle="Orders for your products, newest first, with what to do next." />
      <Tabs
        label="Sales sections"
        items={[
          { id: 'orders', label: 'Orders', content: <SalesList /> },
          { id: 'services', label: 'Service requests', content: <ServiceRequests /> },
        ]}
      />
    </SellerMain>
  );
}

function SalesList() {
  const [filter, setFilter] = useState<SalesFilter>('open');
  const sales = useSales(filter);
  const step = useSaleStep();
  const [asking, setAsking] = useState<{ sale: Sale; action: 'dispatch' | 'cancel' } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = (sale: Sale, action: SaleAction, text?: string) => {
    setError(null);
    step.mutate(
      { id: sale.id, action, note: action === 'dispatch' ? text : undefined, reason: action === 'cancel' ? text : undefined },
      { onSuccess: () => setAsking(null), onError: (e) => setError(e.message) },
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
        label="Show"
        options={FILTER_OPTIONS}
        value={filter}
        onChange={(e) => setFilter(e.target.value as SalesFilter)}
        containerClassName="max-w-48"
      />
      {!asking ? <FormError message={error} /> : null}
      {sales.isPending ? (
        <LoadingBlock />
      ) : sales.isError ? (
        <ErrorState message={sales.error.message} onRetry={() => void sales.refetch()} />
      ) : sales.data.items.length === 0 ? (
        <EmptyState title={filter === 'open' ? 'No open orders.' : 'No orders yet.'} message="Orders for your products appear here." />
      ) : (
        <ul className="flex flex-col gap-3">
          {sales.data.items.map((sale) => (
            <SaleCard key={sale.id} sale={sale} busy={step.isPending} onAction={(action) => onAction(sale, action)} />
          ))}
        </ul>
      )}
      <StepDialog
        open={asking !== null}
        title={
          asking?.action === 'dispatch' ? `Dispatch order ${asking.sale.orderNumber}` : `Cancel order ${asking?.sale.orderNumber ?? ''}`
        }
        label={asking?.action === 'dispatch' ? 'Dispatch note' : 'Reason'}
        required={asking?.action === 'cancel'}
        confirmLabel={asking?.action === 'dispatch' ? 'Dispatch' : 'Cancel sale'}
        busy={step.isPending}
        error={asking ? error : null}
        onClose={() => setAsking(null)}
        onConfirm={(text) => asking && run(asking.sale, asking.action, text)}
      />
    </div>
  );
}
