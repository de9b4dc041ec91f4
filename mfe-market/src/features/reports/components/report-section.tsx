import { Card, DataTable, type DataTableColumn, EmptyState } from '@shambasoko/shared/ui';
import { Chart } from './chart';

type Props<Row> = {
  title: string;
  /** Bars for a comparison of things, a line for months. */
  kind: 'bars' | 'line';
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The chart's labels and values, from the rows. */
  label: (row: Row) => string;
  value: (row: Row) => number;
  money?: boolean;
  columns: readonly DataTableColumn<Row>[];
  empty: string;
};

/** One of a report's views: its chart, and under it the table of the same figures (the chart's text). */
export function ReportSection<Row>({ title, kind, rows, rowKey, label, value, money, columns, empty }: Props<Row>) {
  const hasFigures = rows.some((row) => value(row) !== 0);
  return (
    <Card title={title}>
      {hasFigures ? <Chart kind={kind} title={title} labels={rows.map(label)} values={rows.map(value)} money={money} /> : null}
      <DataTable columns={columns} rows={rows} rowKey={rowKey} caption={title} empty={<EmptyState title={empty} />} />
    </Card>
  );
}
