import type { ReactNode } from 'react';

/** A record's details as label/value pairs, in two columns (the view dialogs). */
export function DetailList({ rows, children }: { rows: ReadonlyArray<readonly [string, ReactNode]>; children?: ReactNode }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-stone-500">{label}</dt>
          <dd className="font-medium text-stone-900">{value}</dd>
        </div>
      ))}
      {children}
    </dl>
  );
}
