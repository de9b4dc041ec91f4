import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { formatKES } from '@shambasoko/shared';
import type { SellerListing, SellerListingQuery } from '@shambasoko/shared/contracts';
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

type StatusFilter = NonNullable<SellerListingQuery['status']>;
type StockFilter = NonNullable<SellerListingQuery['stock']>;
const STATUS_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'paused', label: 'Paused' },
];
const STOCK_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'in', label: 'In stock' },
  { value: 'low', label: 'Low' },
  { value: 'out', label: 'Out' },
];

/** /seller/products: the seller's own listings, with search, status and stock filters. */
export default function ProductsPage() {
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
      { onError: (error) => setRowError(error.message) },
    );
  };

  const columns: DataTableColumn<SellerListing>[] = [
    { key: 'photo', header: <span className="sr-only">Photo</span>, render: (row) => <ListingThumb listing={row} /> },
    {
      key: 'title',
      header: 'Product',
      render: (row) => (
        <Link className="font-medium text-brand-700 hover:underline" to={`/seller/products/${encodeURIComponent(row.id)}`}>
          {row.title}
        </Link>
      ),
    },
    { key: 'price', header: 'Price', render: (row) => `${formatKES(row.price)} ${row.unitLabel}` },
    {
      key: 'stock',
      header: 'Stock',
      render: (row) =>
        row.stock === 0 ? (
          <Badge tone="danger">Out of stock</Badge>
        ) : row.stock <= 10 ? (
          <Badge tone="warning">{row.stock} left</Badge>
        ) : (
          row.stock
        ),
    },
    {
      key: 'status',
      header: 'Status',
      render: (row) => (
        <Badge tone={row.status === 'active' ? 'success' : 'neutral'}>{row.status === 'active' ? 'Active' : 'Paused'}</Badge>
      ),
    },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      render: (row) => (
        <div className="flex flex-wrap gap-2">
          <Link className={buttonClassName({ variant: 'secondary', size: 'sm' })} to={`/seller/products/${encodeURIComponent(row.id)}`}>
            Edit
          </Link>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => toggle(row)}
            aria-label={`${row.status === 'active' ? 'Pause' : 'Resume'} ${row.title}`}
          >
            {row.status === 'active' ? 'Pause' : 'Resume'}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setDeleting(row)} aria-label={`Delete ${row.title}`}>
            Delete
          </Button>
        </div>
      ),
    },
  ];

  return (
    <SellerMain>
      <PageHeader
        title="My Products"
        subtitle="What you sell on the market."
        actions={<Button onClick={() => void navigate('/seller/products/new')}>Add product</Button>}
      />
      <div className="mb-4 grid gap-3 sm:grid-cols-[1fr_12rem_12rem]">
        <TextField
          label="Search your products"
          hideLabel
          placeholder="Search your products"
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
        <SelectField label="Status" options={STATUS_OPTIONS} value={status} onChange={(e) => setStatus(e.target.value as StatusFilter)} />
        <SelectField label="Stock" options={STOCK_OPTIONS} value={stock} onChange={(e) => setStock(e.target.value as StockFilter)} />
      </div>
      {rowError ? (
        <p role="alert" className="mb-3 text-sm text-red-700">
          {rowError}
        </p>
      ) : null}
      <DataTable
        caption="My products"
        columns={columns}
        rows={listings.data?.items ?? []}
        rowKey="id"
        loading={listings.isPending}
        error={listings.isError ? listings.error.message : null}
        onRetry={() => void listings.refetch()}
        empty={
          <EmptyState
            title="No products yet."
            message={
              query || status !== 'all' || stock !== 'all' ? 'Nothing matches these filters.' : 'Add your first product to start selling.'
            }
          />
        }
      />
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete this product?"
        message={`${deleting?.title ?? ''} will no longer be shown on the market.`}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        danger
        onConfirm={() => (deleting ? remove.mutateAsync(deleting.id) : undefined)}
      />
    </SellerMain>
  );
}
