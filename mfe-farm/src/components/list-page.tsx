import { Spinner } from '@shambasoko/shared';
import { Button, Card } from '@shambasoko/shared/ui';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { cx } from '../lib/cx';
import { useT } from '../lib/i18n';
import { activeLevels, FilterChips } from '../lib/filters/filter-chips';
import type { FilterLevel } from '../lib/filters/filter-state';
import { can, type FarmAction } from '../lib/permissions';
import { useFarmRoles } from '../lib/use-farm-roles';
import type { ListPageState } from '../lib/use-list-page';
import { ConfirmDelete, ListTable, type ConfirmDeleteProps, type ListTableProps } from './list-table';
import { type CsvExport, ExportCsvButton } from './export-csv-button';
import { Page } from './page';
import { SearchBox } from './search-box';

// The farm → field → … selects load when "Filters" is first opened (or pointed at): a list's first
// screen shows the search, the chips and the records, not the selects (issue 43).
const loadSelects = () => import('../lib/filters/cascading-selects');
const CascadingSelects = lazy(() => loadSelects().then((m) => ({ default: m.CascadingSelects })));

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
