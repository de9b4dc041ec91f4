import { useState } from 'react';
import { formatKES, useLocale, useMessageText } from '@shambasoko/shared';
import type { AdminProduct, AdminProductQuery } from '@shambasoko/contracts';
import { Badge, Button, EmptyState, ErrorState, PageHeader, SelectField, TextField, useDebouncedValue } from '@shambasoko/shared/ui';
import { useAdminProducts } from './api/get-products';
import { useSetTakenDown } from './api/set-taken-down';
import { ActionHistory } from './components/action-history';
import { formatMoment } from './components/format';
import { ReasonDialog } from './components/reason-dialog';
import { AdminOnly } from './components/admin-only';
import { useT } from './i18n';

type Status = NonNullable<AdminProductQuery['status']>;

function Listing({ product, onAct }: { product: AdminProduct; onAct: (p: AdminProduct) => void }) {
  const t = useT();
  const [locale] = useLocale();
  const [open, setOpen] = useState(false);
  const down = product.status === 'taken_down';
  return (
    <li>
      <article aria-label={product.title} className="flex flex-col gap-2 rounded-xl border border-stone-200 bg-white p-3 shadow-sm">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="font-semibold break-words text-stone-900">{product.title}</h2>
          <Badge tone={down ? 'danger' : product.status === 'active' ? 'success' : 'neutral'}>
            {t(`products.status.${product.status}`)}
          </Badge>
        </div>
        <p className="text-sm text-stone-600">
          {t('products.bySeller', { seller: product.sellerName })} · <span className="tabular-nums">{formatKES(product.price)}</span>
        </p>
        {product.takenDown ? (
          <p className="rounded-lg bg-red-50 p-2 text-sm text-red-900">
            {t('products.takenDownBecause', { reason: product.takenDown.reason, at: formatMoment(product.takenDown.at, locale) })}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button variant={down ? 'primary' : 'danger'} onClick={() => onAct(product)} className="w-full sm:w-auto">
            {down ? t('products.restore') : t('products.takeDown')}
          </Button>
          <Button variant="ghost" onClick={() => setOpen((v) => !v)} aria-expanded={open} className="w-full sm:w-auto">
            {open ? t('products.hideHistory') : t('products.showHistory')}
          </Button>
        </div>
        {open ? <ActionHistory kind="product" id={product.id} /> : null}
      </article>
    </li>
  );
}

/** /admin/products: every seller's listings; take one down with a reason the seller is told, or restore it. */
function ProductsPageContent() {
  const t = useT();
  const messageText = useMessageText();
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<Status>('all');
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const [acting, setActing] = useState<AdminProduct | null>(null);
  const search = useDebouncedValue(q.trim());
  const products = useAdminProducts({ q: search || undefined, status, cursor });
  const change = useSetTakenDown();
  const down = acting?.status !== 'taken_down';
  return (
    <main className="mx-auto max-w-5xl p-4 pb-24 sm:p-6">
      <PageHeader title={t('products.title')} subtitle={t('products.subtitle')} />
      <div className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-2">
        <TextField
          label={t('products.search')}
          type="search"
          placeholder={t('products.searchPlaceholder')}
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setCursor(undefined);
          }}
        />
        <SelectField
          label={t('products.statusFilter')}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as Status);
            setCursor(undefined);
          }}
          options={[
            { value: 'all', label: t('products.anyStatus') },
            { value: 'active', label: t('products.status.active') },
            { value: 'paused', label: t('products.status.paused') },
            { value: 'taken_down', label: t('products.status.taken_down') },
          ]}
        />
      </div>
      {products.isPending ? (
        <div aria-busy="true" className="h-48 animate-pulse rounded-xl bg-stone-200" />
      ) : products.isError ? (
        <ErrorState title={t('products.loadError')} message={messageText(products.error.message)} onRetry={() => products.refetch()} />
      ) : products.data.items.length === 0 ? (
        <EmptyState title={t('products.empty')} />
      ) : (
        <>
          <ul className="flex flex-col gap-2" aria-label={t('products.results')}>
            {products.data.items.map((p) => (
              <Listing key={p.id} product={p} onAct={setActing} />
            ))}
          </ul>
          <div className="mt-3 flex flex-wrap gap-2">
            {cursor ? (
              <Button variant="secondary" onClick={() => setCursor(undefined)}>
                {t('products.firstPage')}
              </Button>
            ) : null}
            {products.data.nextCursor ? (
              <Button variant="secondary" onClick={() => setCursor(products.data.nextCursor ?? undefined)}>
                {t('products.nextPage')}
              </Button>
            ) : null}
          </div>
        </>
      )}
      <ReasonDialog
        open={acting !== null}
        danger={down}
        title={
          down ? t('products.takeDownTitle', { title: acting?.title ?? '' }) : t('products.restoreTitle', { title: acting?.title ?? '' })
        }
        description={down ? t('products.takeDownText') : t('products.restoreText')}
        confirmLabel={down ? t('products.takeDown') : t('products.restore')}
        onClose={() => setActing(null)}
        onConfirm={(reason) => change.mutateAsync({ id: acting!.id, down, reason })}
      />
    </main>
  );
}

export default function ProductsPage() {
  return (
    <AdminOnly>
      <ProductsPageContent />
    </AdminOnly>
  );
}
