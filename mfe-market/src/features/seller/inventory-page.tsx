import { useMemo, useState } from 'react';
import type { z } from 'zod';
import { formatDate, useMessageText } from '@shambasoko/shared';
import type { StockAdjustment } from '@shambasoko/contracts';
import { STOCK_REASONS } from '@shambasoko/contracts/market-seller-values';
import type { stockAdjustmentRequestSchema } from '@shambasoko/contracts';
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
import { NAIROBI_TIME_ZONE } from '@shambasoko/contracts/time';
import { useAdjustStock, useInventory } from './api/inventory';
import { useListings } from './api/listings';
import { fieldProps } from './components/field-props';
import { SavedNotice } from './components/loading-block';
import { SellerMain } from './components/seller-main';
import { useT } from '../../lib/i18n-inventory';
import { useT as useSellT } from '../../lib/i18n-sell';
import { lazyResolver, usePrefetchOnIntent } from '../../lib/lazy-resolver';
import { useSmallForm } from '../../lib/small-form';

// The contract's checks (zod and the schema) load on the first tap or key, not with the page.
const stockChecks = lazyResolver(() => import('./form-checks').then((m) => m.stockAdjustmentResolver));

type AdjustInput = z.input<typeof stockAdjustmentRequestSchema>;
type AdjustOutput = z.output<typeof stockAdjustmentRequestSchema>;

type T = ReturnType<typeof useT>;
const WHEN: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short', timeZone: NAIROBI_TIME_ZONE };

const columnsOf = (t: T): DataTableColumn<StockAdjustment>[] => [
  { key: 'product', header: t('inventory.col.product'), render: (a) => a.productTitle },
  {
    key: 'change',
    header: t('inventory.col.change'),
    render: (a) => <span className={a.delta > 0 ? 'text-brand-700' : 'text-red-700'}>{a.delta > 0 ? `+${a.delta}` : a.delta}</span>,
  },
  { key: 'reason', header: t('inventory.col.reason'), render: (a) => t(`reason.${a.reason}`) },
  { key: 'note', header: t('inventory.col.note'), render: (a) => a.note || '—' },
  { key: 'after', header: t('inventory.col.after'), render: (a) => a.stockAfter },
  { key: 'by', header: t('inventory.col.by'), render: (a) => a.by ?? '—' },
  { key: 'when', header: t('inventory.col.when'), render: (a) => formatDate(a.createdAt, WHEN) },
];

/** /seller/inventory: adjust a product's stock with a reason, and the history of adjustments. */
export default function InventoryPage() {
  const t = useT();
  const tSell = useSellT();
  const messageText = useMessageText();
  const columns = useMemo(() => columnsOf(t), [t]);
  const reasonOptions = useMemo(() => STOCK_REASONS.map((r) => ({ value: r, label: t(`reason.${r}`) })), [t]);
  const products = useListings({ status: 'all', stock: 'all' });
  const [productId, setProductId] = useState('');
  const history = useInventory(productId || null);
  const adjust = useAdjustStock();
  const [serverError, setServerError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [productError, setProductError] = useState<string | null>(null);
  usePrefetchOnIntent(stockChecks.prefetch);
  const form = useSmallForm<AdjustInput, AdjustOutput>({
    resolver: stockChecks.resolver,
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
      setSaved(t(body.delta > 0 ? 'inventory.raised' : 'inventory.lowered', { title: chosen.title, n: Math.abs(body.delta) }));
      form.reset({ delta: Number.NaN, reason: body.reason, note: '' });
    } catch (error) {
      setServerError(messageText((error as Error).message));
    }
  });

  return (
    <SellerMain>
      <PageHeader title={t('inventory.title')} subtitle={t('inventory.subtitle')} />
      <Card title={t('inventory.adjust')} className="mb-6">
        <form
          noValidate
          onSubmit={(e) => {
            // The product is not part of the request body, so it is checked beside the form's schema.
            if (!chosen) setProductError(t('inventory.productRequired'));
            void submit(e);
          }}
          className="grid gap-4 sm:grid-cols-2"
        >
          <SelectField
            label={t('inventory.product')}
            required
            placeholder={products.isPending ? t('inventory.loadingProducts') : t('inventory.chooseProduct')}
            options={items.map((p) => ({ value: p.id, label: t('inventory.productOption', { title: p.title, stock: p.stock }) }))}
            value={productId}
            error={productError}
            onChange={(e) => {
              setProductId(e.target.value);
              setProductError(null);
            }}
            containerClassName="sm:col-span-2"
          />
          <TextField
            {...fieldProps(form, 'delta', t('inventory.change'), { valueAsNumber: true })}
            type="number"
            inputMode="numeric"
            hint={t('inventory.changeHint')}
            required
          />
          <SelectField {...fieldProps(form, 'reason', t('inventory.reason'))} options={reasonOptions} />
          <TextField {...fieldProps(form, 'note', t('inventory.note'))} containerClassName="sm:col-span-2" />
          <FormError message={serverError} className="sm:col-span-2" />
          <div className="sm:col-span-2">
            <SavedNotice message={saved} />
          </div>
          <div className="sm:col-span-2">
            <Button type="submit" loading={adjust.isPending} loadingText={tSell('seller.saving')}>
              {t('inventory.save')}
            </Button>
          </div>
        </form>
      </Card>
      <h2 className="mb-3 text-lg font-semibold text-stone-900">
        {chosen ? t('inventory.historyOf', { title: chosen.title }) : t('inventory.history')}
      </h2>
      <DataTable
        caption={t('inventory.caption')}
        columns={columns}
        rows={history.data?.items ?? []}
        rowKey="id"
        loading={history.isPending}
        error={history.isError ? messageText(history.error.message) : null}
        onRetry={() => void history.refetch()}
        empty={<EmptyState title={t('inventory.empty')} />}
      />
    </SellerMain>
  );
}
