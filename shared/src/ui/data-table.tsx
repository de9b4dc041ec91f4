import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { cx } from './cx';
import { EmptyState } from './empty-state';
import { ErrorState } from './error-state';
import { Spinner, useUiT } from '@shambasoko/shared';
import { StaleNotice } from './stale-notice';

export type DataTableColumn<T> = {
  /** Unique within the table. */
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  /** Extra classes for this column's cells (desktop table only), e.g. "text-right". */
  className?: string;
};

export type DataTableProps<T> = {
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[];
  /** A property holding a unique string/number, or a function returning one. */
  rowKey: keyof T | ((row: T) => string | number);
  /** Makes rows clickable and keyboard-activable (Enter/Space). Clicks on buttons, links and inputs inside a row are left alone. */
  onRowClick?: (row: T) => void;
  loading?: boolean;
  /**
   * An error message. With no rows, an ErrorState takes their place; with rows (a refresh of a list
   * already shown failed), the rows stay and a notice above them says they may be out of date.
   */
  error?: string | null;
  /** Shows a Retry button in the error state or notice. */
  onRetry?: () => void;
  /** Shown when there are no rows, e.g. <EmptyState title="No seasons found." />. */
  empty?: ReactNode;
  /** Accessible name of the table (visually hidden caption), e.g. "Seasons". */
  caption?: string;
  className?: string;
  /** On phones, a compact row of the caller's making instead of the label/value card. */
  card?: (row: T) => ReactNode;
};

const INTERACTIVE = 'a,button,input,select,textarea,label,summary,[role="button"],[role="link"],[contenteditable="true"]';

function keyOf<T>(row: T, rowKey: DataTableProps<T>['rowKey']): string | number {
  if (typeof rowKey === 'function') return rowKey(row);
  const value = row[rowKey];
  return typeof value === 'number' ? value : String(value);
}

/**
 * A data table: a real <table> from the `sm` breakpoint up, a list of cards (header: value pairs)
 * on phones. Both are in the DOM; CSS shows one, and display:none hides the other from screen readers too.
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  onRowClick,
  loading = false,
  error,
  onRetry,
  empty,
  caption,
  className,
  card,
}: DataTableProps<T>) {
  const t = useUiT();
  if (loading) {
    return (
      <div aria-busy="true" className={cx('flex justify-center py-10', className)}>
        <Spinner label={caption ? t('loadingWhat', { what: caption }) : t('loading')} />
      </div>
    );
  }
  if (error && rows.length === 0) {
    return <ErrorState className={className} message={error} onRetry={onRetry} />;
  }
  if (rows.length === 0) {
    return <div className={className}>{empty ?? <EmptyState title={t('noResults')} />}</div>;
  }

  const activate = (row: T) => ({
    onClick: onRowClick
      ? (event: MouseEvent<HTMLElement>) => {
          if (fromInteractiveChild(event)) return;
          onRowClick(row);
        }
      : undefined,
    onKeyDown: onRowClick
      ? (event: KeyboardEvent<HTMLElement>) => {
          if (event.target !== event.currentTarget) return;
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            onRowClick(row);
          }
        }
      : undefined,
    tabIndex: onRowClick ? 0 : undefined,
  });

  const clickable = onRowClick
    ? 'cursor-pointer hover:bg-stone-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600'
    : undefined;

  return (
    <div className={className}>
      {error && <StaleNotice message={error} onRetry={onRetry} />}
      <div className="hidden overflow-x-auto sm:block">
        <table className="w-full border-collapse text-left text-sm">
          {caption && <caption className="sr-only">{caption}</caption>}
          <thead className="border-b border-stone-200 bg-stone-50">
            <tr>
              {columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  className={cx('px-4 py-3 font-semibold whitespace-nowrap text-stone-700', column.className)}
                >
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-200">
            {rows.map((row) => (
              <tr key={keyOf(row, rowKey)} {...activate(row)} className={clickable}>
                {columns.map((column) => (
                  <td key={column.key} className={cx('px-4 py-3 text-stone-800', column.className)}>
                    {column.render(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul aria-label={caption} className={cx('flex flex-col sm:hidden', card ? 'gap-2' : 'gap-3')}>
        {rows.map((row) => (
          <li
            key={keyOf(row, rowKey)}
            {...activate(row)}
            className={cx('rounded-xl border border-stone-200 bg-white shadow-sm', card ? 'px-4 py-2' : 'p-4', clickable)}
          >
            {card ? (
              card(row)
            ) : (
              <dl className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-x-3 gap-y-2 text-sm">
                {columns.map((column) => (
                  <div key={column.key} className="contents">
                    <dt className="font-medium text-stone-500">{column.header}</dt>
                    <dd className="min-w-0 break-words text-stone-900">{column.render(row)}</dd>
                  </div>
                ))}
              </dl>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function fromInteractiveChild(event: MouseEvent<HTMLElement>): boolean {
  const target = event.target;
  if (!(target instanceof Element)) return false;
  const hit = target.closest(INTERACTIVE);
  return hit !== null && hit !== event.currentTarget && event.currentTarget.contains(hit);
}
