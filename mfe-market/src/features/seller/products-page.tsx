import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { formatKES, useMessageText } from '@shambasoko/shared';
import type { SellerListing, SellerListingQuery } from '@shambasoko/contracts';
import {
  Badge,
  Button,
  buttonClassName,
  ConfirmDialog,
  DataTable,
  EmptyState,
  PageHeader,
  SelectField,
  TextField,
  useDebouncedValue,
  type DataTableColumn,
} from '@shambasoko/shared/ui';
import { useDeleteListing, useListings, useUpdateListing } from './api/listings';
import { ListingThumb } from './components/listing-thumb';
import { SellerMain } from './components/seller-main';
import { useT } from '../../lib/i18n-listing';

type StatusFilter = NonNullable<SellerListingQuery['status']>;
type StockFilter = NonNullable<SellerListingQuery['stock']>;

/** /seller/products: the seller's own listings, with search, status and stock filters. */
export default function ProductsPage() {
  const t = useT();
  const messageText = useMessageText();
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [stock, setStock] = useState<StockFilter>('all');
  const query = useDebouncedValue(q.trim(), 300);
  const listings = useListings({ q: query || undefined, status, stock });
  const update = useUpdateListing();
  const remove = useDeleteListing();
  const [deleting, setDeleting] = useState<SellerListing | null>(null);
  const [rowError, setRowError] = useState<string | null>(null);

  const toggle = (row: SellerListing) => {
    setRowError(null);
    update.mutate(
      { id: row.id, body: { status: row.status === 'active' ? 'paused' : 'active' } },
      { onError: (error) => setRowError(messageText(error.message)) },
    );
  };

  const statusOptions = [
    { value: 'all', label: t('listing.all') },
    { value: 'active', label: t('listing.active') },
    { value: 'paused', label: t('listing.paused') },
  ];
  const stockOptions = [
    { value: 'all', label: t('listing.all') },
    { value: 'in', label: t('listing.stock.in') },
    { value: 'low', label: t('listing.stock.low') },
    { value: 'out', label: t('listing.stock.out') },
  ];
  const columns: DataTableColumn<SellerListing>[] = [
    { key: 'photo', header: <span className="sr-only">{t('products.col.photo')}</span>, render: (row) => <ListingThumb listing={row} /> },
    {
      key: 'title',
      header: t('products.col.product'),
      render: (row) => (
        <Link className="font-medium text-brand-700 hover:underline" to={`/seller/products/${encodeURIComponent(row.id)}`}>
          {row.title}
        </Link>
      ),
    },
    {
      key: 'price',
      header: t('products.col.price'),
      render: (row) => `${formatKES(row.price)} ${row.unit ? t(`unit.${row.unit}`) : row.unitLabel}`,
    },
    {
      key: 'stock',
      header: t('products.col.stock'),
      render: (row) =>
        row.stock === 0 ? (
          <Badge tone="danger">{t('products.outOfStock')}</Badge>
        ) : row.stock <= 10 ? (
          <Badge tone="warning">{t('products.left', { count: row.stock })}</Badge>
        ) : (
          row.stock
        ),
    },
    {
      key: 'status',
      header: t('products.col.status'),
      render: (row) =>
        row.takenDown ? (
          <span className="flex flex-col items-start gap-1">
            <Badge tone="danger">{t('listing.takenDown')}</Badge>
            <span className="text-xs text-red-900">{t('listing.takenDownReason', { reason: row.takenDown.reason })}</span>
          </span>
        ) : (
          <Badge tone={row.status === 'active' ? 'success' : 'neutral'}>
            {row.status === 'active' ? t('listing.active') : t('listing.paused')}
          </Badge>
        ),
    },
    {
      key: 'actions',
      header: <span className="sr-only">{t('products.col.actions')}</span>,
      render: (row) => (
        <div className="flex flex-wrap gap-2">
          <Link className={buttonClassName({ variant: 'secondary', size: 'sm' })} to={`/seller/products/${encodeURIComponent(row.id)}`}>
            {t('products.edit')}
          </Link>
          {row.takenDown ? null : (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => toggle(row)}
              aria-label={t(row.status === 'active' ? 'products.pauseLabel' : 'products.resumeLabel', { title: row.title })}
            >
              {row.status === 'active' ? t('products.pause') : t('products.resume')}
            </Button>
          )}
          <Button size="sm" variant="ghost" onClick={() => setDeleting(row)} aria-label={t('products.deleteLabel', { title: row.title })}>
            {t('products.delete')}
          </Button>
        </div>
      ),
    },
  ];

  return (
    <SellerMain>
      <PageHeader
        title={t('products.title')}
        subtitle={t('products.subtitle')}
        actions={<Button onClick={() => void navigate('/seller/products/new')}>{t('products.add')}</Button>}
      />
      <div className="mb-4 grid gap-3 sm:grid-cols-[1fr_12rem_12rem]">
        <TextField
          label={t('products.search')}
          hideLabel
          placeholder={t('products.search')}
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
        <SelectField
          label={t('products.status')}
          options={statusOptions}
          value={status}
          onChange={(e) => setStatus(e.target.value as StatusFilter)}
        />
        <SelectField
          label={t('products.stock')}
          options={stockOptions}
          value={stock}
          onChange={(e) => setStock(e.target.value as StockFilter)}
        />
      </div>
      {rowError ? (
        <p role="alert" className="mb-3 text-sm text-red-700">
          {rowError}
        </p>
      ) : null}
      <DataTable
        caption={t('products.caption')}
        columns={columns}
        rows={listings.data?.items ?? []}
        rowKey="id"
        loading={listings.isPending}
        error={listings.isError ? messageText(listings.error.message) : null}
        onRetry={() => void listings.refetch()}
        empty={
          <EmptyState
            title={t('products.empty.title')}
            message={query || status !== 'all' || stock !== 'all' ? t('products.empty.filtered') : t('products.empty.first')}
          />
        }
      />
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('products.delete.title')}
        message={t('products.delete.message', { title: deleting?.title ?? '' })}
        confirmLabel={t('products.delete')}
        busyLabel={t('products.delete.busy')}
        danger
        onConfirm={() => (deleting ? remove.mutateAsync(deleting.id) : undefined)}
      />
    </SellerMain>
  );
}
