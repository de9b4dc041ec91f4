import { ConfirmDialog, DataTable, EmptyState, type DataTableColumn } from '@shambasoko/shared/ui';
import { isPendingId } from '@shambasoko/shared/offline';
import type { ReactNode } from 'react';
import type { FetchStatus } from '@tanstack/react-query';
import { errorMessage } from '../lib/format';
import { t as translate, useT } from '../lib/i18n';
import { NotSavedOffline, notSavedOffline } from './not-saved-offline';
import { Pager } from './pager';
import { SyncMark, SyncRowContext } from './sync-mark';

// A farm list's table, its delete confirmation and its actions column: the list pages (list-page.tsx) and
// the tables on other pages (the budget's costs, a farm's tabs) use them, without the list pages' filters.

/** What ListTable reads from a TanStack list query (a page of the contract's Paginated<T>). */
type ListResult<T> = {
  data?: { items: T[]; total: number; totalCapped?: boolean; pageSize: number };
  isPending: boolean;
  fetchStatus?: FetchStatus;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
};

export type ListTableProps<T> = {
  caption: string;
  columns: readonly DataTableColumn<T>[];
  result: ListResult<T>;
  /** Without onPage the table shows its first page and no pager (a "recent" panel). */
  page?: number;
  onPage?: (page: number) => void;
  onRowClick?: (row: T) => void;
  /** A title for the empty state, or a whole empty state. */
  empty: ReactNode;
  className?: string;
  /** The record as a compact row on phones (CompactRow). */
  card?: (row: T) => ReactNode;
};

/**
 * The columns with each record's sync mark (SyncMark) after its status, or after the first column of a
 * table without one; compact rows show it by their title.
 */
function withSyncMarks<T extends { id: string }>(columns: readonly DataTableColumn<T>[], card?: (row: T) => ReactNode) {
  const at = columns.some((c) => c.key === 'status') ? 'status' : columns[0]?.key;
  return {
    columns: columns.map((c) =>
      // A record still waiting to sync has no server id yet: nothing to edit, delete or move on until it arrives.
      c.key === 'actions'
        ? { ...c, render: (row: T) => (isPendingId(row.id) ? null : c.render(row)) }
        : c.key === at
          ? {
              ...c,
              render: (row: T) => (
                <>
                  {c.render(row)}
                  <SyncMark id={row.id} />
                </>
              ),
            }
          : c,
    ),
    card: card && ((row: T) => <SyncRowContext.Provider value={row.id}>{card(row)}</SyncRowContext.Provider>),
  };
}

/** A list query as a table: loading, error with Retry, the empty state and the pager under it. */
export function ListTable<T extends { id: string }>({
  caption,
  columns,
  result,
  page = 1,
  onPage,
  onRowClick,
  empty,
  className = 'p-3 sm:p-0',
  card,
}: ListTableProps<T>) {
  const marked = withSyncMarks(columns, card);
  const offline = notSavedOffline(result);
  return (
    <>
      <DataTable
        caption={caption}
        columns={marked.columns}
        rows={result.data?.items ?? []}
        rowKey="id"
        onRowClick={onRowClick && ((row: T) => !isPendingId(row.id) && onRowClick(row))}
        card={marked.card}
        loading={result.isPending && !offline}
        error={result.isError ? errorMessage(result.error) : null}
        onRetry={() => void result.refetch()}
        empty={offline ? <NotSavedOffline what="list" /> : typeof empty === 'string' ? <EmptyState title={empty} /> : empty}
        className={className}
      />
      {result.data && onPage && (
        <Pager page={page} pageSize={result.data.pageSize} total={result.data.total} capped={result.data.totalCapped} onPage={onPage} />
      )}
    </>
  );
}

export type ConfirmDeleteProps<T> = {
  item: T | null;
  onClose: () => void;
  title: string;
  message: (item: T) => string;
  /** The delete mutation, given the item's id. */
  mutation: { mutateAsync: (id: string) => Promise<unknown> };
  confirmLabel?: string;
  busyLabel?: string;
};

/** The danger confirmation before a delete; the dialog shows the server's refusal and keeps itself open. */
export function ConfirmDelete<T extends { id: string }>({
  item,
  onClose,
  title,
  message,
  mutation,
  confirmLabel,
  busyLabel,
}: ConfirmDeleteProps<T>) {
  const t = useT();
  return (
    <ConfirmDialog
      open={item !== null}
      onClose={onClose}
      title={title}
      message={item ? message(item) : ''}
      confirmLabel={confirmLabel ?? t('common.delete')}
      busyLabel={busyLabel ?? t('common.deleting')}
      danger
      onConfirm={() => (item ? mutation.mutateAsync(item.id) : undefined)}
    />
  );
}

/** The actions column every farm table ends with (built while rendering, so in the language of the moment). */
export const actionsColumn = <T,>(render: (row: T) => ReactNode): DataTableColumn<T> => ({
  key: 'actions',
  header: translate('common.actions'),
  render,
});
