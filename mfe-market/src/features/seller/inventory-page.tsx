import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { STOCK_REASONS, stockAdjustmentRequestSchema, type StockAdjustment, type StockReason } from '@shambasoko/shared/contracts';
import {
  Button,
  Card,
  DataTable,
  EmptyState,
  FormError,
  PageHeader,
  SelectField,
  TextField,
  type DataTableColumn,
} from '@shambasoko/shared/ui';
import { useAdjustStock, useInventory } from './api/inventory';
import { useListings } from './api/listings';
import { fieldProps } from './components/field-props';
import { SavedNotice } from './components/loading-block';
import { SellerMain } from './components/seller-main';

type AdjustInput = z.input<typeof stockAdjustmentRequestSchema>;
type AdjustOutput = z.output<typeof stockAdjustmentRequestSchema>;

const REASON_LABELS: Record<StockReason, string> = {
  restock: 'Restocked',
  correction: 'Count correction',
  damaged: 'Damaged',
  lost: 'Lost or stolen',
  returned: 'Returned by a buyer',
  harvest: 'Harvest',
};
const REASON_OPTIONS = STOCK_REASONS.map((r) => ({ value: r, label: REASON_LABELS[r] }));
const when = new Intl.DateTimeFormat('en-KE', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Nairobi' });

const columns: DataTableColumn<StockAdjustment>[] = [
  { key: 'product', header: 'Product', render: (a) => a.productTitle },
  {
    key: 'change',
    header: 'Change',
    render: (a) => <span className={a.delta > 0 ? 'text-brand-700' : 'text-red-700'}>{a.delta > 0 ? `+${a.delta}` : a.delta}</span>,
  },
  { key: 'reason', header: 'Reason', render: (a) => REASON_LABELS[a.reason] },
  { key: 'note', header: 'Note', render: (a) => a.note || '—' },
  { key: 'after', header: 'Stock after', render: (a) => a.stockAfter },
  { key: 'by', header: 'By', render: (a) => a.by ?? '—' },
  { key: 'when', header: 'When', render: (a) => when.format(new Date(a.createdAt)) },
];

/** /seller/inventory: adjust a product's stock with a reason, and the history of adjustments. */
export default function InventoryPage() {
  const products = useListings({ status: 'all', stock: 'all' });
  const [productId, setProductId] = useState('');
  const history = useInventory(productId || null);
  const adjust = useAdjustStock();
  const [serverError, setServerError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [productError, setProductError] = useState<string | null>(null);
  const form = useForm<AdjustInput, unknown, AdjustOutput>({
    resolver: zodResolver(stockAdjustmentRequestSchema),
    defaultValues: { delta: Number.NaN, reason: 'restock', note: '' },
  });
  const items = products.data?.items ?? [];
  const chosen = items.find((p) => p.id === productId);

  const submit = form.handleSubmit(async (body) => {
    setServerError(null);
    setSaved(null);
    if (!chosen) return;
    try {
      await adjust.mutateAsync({ id: chosen.id, body });
      setSaved(`Stock of ${chosen.title} ${body.delta > 0 ? 'raised' : 'lowered'} by ${Math.abs(body.delta)}.`);
      form.reset({ delta: Number.NaN, reason: body.reason, note: '' });
    } catch (error) {
      setServerError((error as Error).message);
    }
  });

  return (
    <SellerMain>
      <PageHeader title="Inventory" subtitle="Adjust stock with a reason; every change is kept in the history." />
      <Card title="Adjust stock" className="mb-6">
        <form
          noValidate
          onSubmit={(e) => {
            // The product is not part of the request body, so it is checked beside the form's schema.
            if (!chosen) setProductError('Product is required');
            void submit(e);
          }}
          className="grid gap-4 sm:grid-cols-2"
        >
          <SelectField
            label="Product"
            required
            placeholder={products.isPending ? 'Loading products…' : 'Choose a product'}
            options={items.map((p) => ({ value: p.id, label: `${p.title} (${p.stock} in stock)` }))}
            value={productId}
            error={productError}
            onChange={(e) => {
              setProductId(e.target.value);
              setProductError(null);
            }}
            containerClassName="sm:col-span-2"
          />
          <TextField
            {...fieldProps(form, 'delta', 'Change', { valueAsNumber: true })}
            type="number"
            inputMode="numeric"
            hint="Positive adds stock, negative takes it away (e.g. -5)."
            required
          />
          <SelectField {...fieldProps(form, 'reason', 'Reason')} options={REASON_OPTIONS} />
          <TextField {...fieldProps(form, 'note', 'Note')} containerClassName="sm:col-span-2" />
          <FormError message={serverError} className="sm:col-span-2" />
          <div className="sm:col-span-2">
            <SavedNotice message={saved} />
          </div>
          <div className="sm:col-span-2">
            <Button type="submit" loading={adjust.isPending} loadingText="Saving...">
              Save adjustment
            </Button>
          </div>
        </form>
      </Card>
      <h2 className="mb-3 text-lg font-semibold text-stone-900">History{chosen ? ` of ${chosen.title}` : ''}</h2>
      <DataTable
        caption="Stock history"
        columns={columns}
        rows={history.data?.items ?? []}
        rowKey="id"
        loading={history.isPending}
        error={history.isError ? history.error.message : null}
        onRetry={() => void history.refetch()}
        empty={<EmptyState title="No stock changes yet." />}
      />
    </SellerMain>
  );
}
