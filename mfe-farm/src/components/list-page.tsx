import { Spinner } from '@shambasoko/shared';
import { Button, Card, ConfirmDialog, DataTable, EmptyState, type DataTableColumn } from '@shambasoko/shared/ui';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { FetchStatus } from '@tanstack/react-query';
import { cx } from '../lib/cx';
import { errorMessage } from '../lib/format';
import { t as translate, useT } from '../lib/i18n';
import { activeLevels, FilterChips } from '../lib/filters/filter-chips';
import type { FilterLevel } from '../lib/filters/filter-state';
import { can, type FarmAction } from '../lib/permissions';
import { useFarmRoles } from '../lib/use-farm-roles';
import type { ListPageState } from '../lib/use-list-page';
import { type CsvExport, ExportCsvButton } from './export-csv-button';
import { Page } from './page';
import { Pager } from './pager';
import { SearchBox } from './search-box';
import { isPendingId } from '@shambasoko/shared/offline';
import { SyncMark, SyncRowContext } from './sync-mark';
import { NotSavedOffline, notSavedOffline } from './not-saved-offline';

// The farm → field → … selects load when "Filters" is first opened (or pointed at): a list's first
// screen shows the search, the chips and the records, not the selects (issue 43).
const loadSelects = () => import('../lib/filters/cascading-selects');
const CascadingSelects = lazy(() => loadSelects().then((m) => ({ default: m.CascadingSelects })));

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

export type FilterBarProps<T> = {
  list: ListPageState<T>;
  levels: readonly FilterLevel[];
  columnsClassName?: string;
  /** The search box's label; without it the bar has no search. */
  searchLabel?: string;
  searchClassName?: string;
  /** More filters (status, category) between the cascading selects and the search. */
  children?: ReactNode;
};

/**
 * The search box stays in view; the cascading farm → field → … selectors and extra filters fold behind
 * "Filters (n)" so the first record sits high on a phone. Active filters show as removable chips.
 */
export function FilterBar<T>({ list, levels, columnsClassName, searchLabel, searchClassName = 'self-end', children }: FilterBarProps<T>) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const count = activeLevels(levels, list.filter).length;
  return (
    <div className="border-b border-stone-200 p-4">
      <div className="flex items-end gap-3">
        {searchLabel && (
          <SearchBox label={searchLabel} value={list.search} onChange={list.setSearch} className={cx('flex-1', searchClassName)} />
        )}
        <Button
          variant="secondary"
          aria-expanded={open}
          aria-controls="list-filters"
          onClick={() => setOpen((o) => !o)}
          onPointerEnter={() => void loadSelects()}
          onFocus={() => void loadSelects()}
          className="min-h-11"
        >
          {t('common.filters', { count })}
        </Button>
      </div>
      <FilterChips levels={levels} value={list.filter} onChange={list.setFilter} />
      <div id="list-filters" hidden={!open} className="mt-3">
        {open && (
          <Suspense fallback={<Spinner />}>
            <CascadingSelects levels={levels} value={list.filter} onChange={list.setFilter} columnsClassName={columnsClassName}>
              {children}
            </CascadingSelects>
          </Suspense>
        )}
      </div>
    </div>
  );
}

export type ListPageProps<T extends { id: string }> = {
  title: string;
  subtitle: string;
  list: ListPageState<T>;
  /** The header's add button; it opens the editor with 'new'. Disabled, with the reason as its title, when no farm's role allows the action. */
  add?: { label: string; action: FarmAction; reason: string };
  /** Above the table, inside the card: usually a FilterBar. */
  filters: ReactNode;
  /** The table; pass `table` for a ListTable on this page's query, or children for a table of its own. */
  table?: Omit<ListTableProps<T>, 'page' | 'onPage'>;
  children?: ReactNode;
  /** The add/edit form, shown while list.editing is set (item undefined for a new one). */
  editor?: (item: T | undefined, close: () => void) => ReactNode;
  /** The confirmation shown while list.removing is set. */
  remove?: Omit<ConfirmDeleteProps<T>, 'item' | 'onClose'>;
  /** Any other dialogs (view, a delete of its own). */
  dialogs?: ReactNode;
  /** An "Export CSV" action in the header: the API's file of this list with its current filters. */
  exportCsv?: CsvExport;
};

/**
 * A farm list screen: heading with its add button, the filter bar and table in one card, then the
 * editor and delete confirmation. The state lives in useListPage so pages only say what differs.
 */
export function ListPage<T extends { id: string }>({
  title,
  subtitle,
  list,
  add,
  filters,
  table,
  children,
  editor,
  remove,
  dialogs,
  exportCsv,
}: ListPageProps<T>) {
  const { roles } = useFarmRoles();
  const allowed = add ? roles.some((r) => can(r, add.action)) : false;
  return (
    <Page
      title={title}
      subtitle={subtitle}
      actions={
        (exportCsv || add) && (
          <>
            {exportCsv && <ExportCsvButton {...exportCsv} />}
            {add && (
              <Button
                onClick={() => list.setEditing('new')}
                disabled={!allowed}
                title={allowed ? undefined : add.reason}
                className="max-sm:fixed max-sm:right-4 max-sm:bottom-4 max-sm:z-20 max-sm:min-h-14 max-sm:rounded-full max-sm:shadow-lg"
              >
                {add.label}
              </Button>
            )}
          </>
        )
      }
    >
      <Card flush>
        {filters}
        {table && <ListTable {...table} page={list.page} onPage={list.setPage} />}
        {children}
      </Card>
      {editor && list.editing !== null && editor(list.edited, list.closeEditor)}
      {remove && <ConfirmDelete {...remove} item={list.removing} onClose={() => list.setRemoving(null)} />}
      {dialogs}
    </Page>
  );
}
