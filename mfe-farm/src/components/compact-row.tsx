import { useContext, type ReactNode } from 'react';
import { isPendingId } from '@shambasoko/shared/offline';
import { SyncMark, SyncRowContext } from './sync-mark';

export type CompactRowProps = {
  title: ReactNode;
  /** The key facts (two, three where size matters), joined by a dot; empty ones are left out. */
  facts: readonly ReactNode[];
  status?: ReactNode;
  /** A separate tap target at the end of the row (a delete), beside the status. */
  end?: ReactNode;
  /** Separate tap targets under the row (one-tap Start / Mark done, a delete). */
  actions?: ReactNode;
};

/** A list record on a phone: name, two facts and a status in one tap target of at least 44 px. */
export function CompactRow({ title, facts, status, end, actions }: CompactRowProps) {
  const shown = facts.filter((fact) => fact !== null && fact !== undefined && fact !== '' && fact !== false);
  // A record still waiting to sync has no server id yet: no delete or status tap targets until it arrives.
  const row = useContext(SyncRowContext);
  const waiting = row !== null && isPendingId(row);
  return (
    <div className="flex min-h-11 flex-col justify-center gap-2">
      <div className="flex items-center gap-3">
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium text-stone-900">{title}</p>
          <p className="text-sm break-words text-stone-600">
            {shown.map((fact, i) => (
              <span key={i}>
                {i > 0 && <span aria-hidden="true"> · </span>}
                {fact}
              </span>
            ))}
          </p>
          {/* The record's own sync mark, on a line of its own so the title keeps its room. */}
          <SyncMark className="mt-1" />
        </div>
        {status && <div className="shrink-0">{status}</div>}
        {end && !waiting && <div className="shrink-0 [&_button]:size-11">{end}</div>}
      </div>
      {actions && !waiting && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}
