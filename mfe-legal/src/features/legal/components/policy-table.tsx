import type { ReactNode } from 'react';

interface PolicyTableProps {
  caption: string;
  columns: readonly string[];
  /** Each row's first cell names the row and is rendered as its header cell. */
  rows: readonly (readonly ReactNode[])[];
}

function PolicyTable({ caption, columns, rows }: PolicyTableProps) {
  return (
    // Columns wrap to fit a phone; sideways scrolling is only a fallback for very narrow screens.
    <div className="overflow-x-auto rounded-lg border border-stone-200 bg-white">
      <table className="w-full border-collapse text-left text-sm leading-6 break-words">
        <caption className="px-3 pt-3 pb-2 sm:px-4 text-left text-sm font-semibold text-stone-700">{caption}</caption>
        <thead className="bg-stone-100 text-stone-900">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 sm:px-4 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([head, ...cells], index) => (
            <tr key={index} className="border-t border-stone-200 align-top">
              <th scope="row" className="px-3 py-3 sm:px-4 font-medium text-stone-900">
                {head}
              </th>
              {cells.map((cell, cellIndex) => (
                <td key={cellIndex} className="px-3 py-3 sm:px-4">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A policy table whose words are the catalog's `<name>.caption`, `<name>.col.1-3` and
 * `<name>.row.<r>.1-3`; `head` draws a row's first cell when it needs more than its label.
 */
export function CatalogTable({
  t,
  name,
  rows,
  head = (label) => label,
}: {
  t: (key: string) => string;
  name: string;
  rows: number;
  head?: (label: string, row: number) => ReactNode;
}) {
  const columns = [1, 2, 3];
  return (
    <PolicyTable
      caption={t(`${name}.caption`)}
      columns={columns.map((column) => t(`${name}.col.${column}`))}
      rows={Array.from({ length: rows }, (_, row) =>
        columns.map((cell) => (cell === 1 ? head(t(`${name}.row.${row + 1}.1`), row) : t(`${name}.row.${row + 1}.${cell}`))),
      )}
    />
  );
}
