import { Badge } from '@shambasoko/shared/ui';
import { outboxItems, subscribeOutbox, syncStateOf } from '@shambasoko/shared/offline';
import { createContext, useContext, useSyncExternalStore } from 'react';
import { useT } from '../lib/i18n';

/** The writes waiting in the signed-in account's outbox, re-rendering as it changes. */
const useOutbox = () => useSyncExternalStore(subscribeOutbox, outboxItems);

/** The id of the record a compact row shows (set by ListTable), so the row can carry its mark. */
export const SyncRowContext = createContext<string | null>(null);

/**
 * "Waiting to sync" on a record whose write waits in the outbox (issue 18); "Needs attention" once the
 * server refused it (the top bar's panel says why). Nothing for other records.
 */
export function SyncMark({ id, className = 'ml-1.5 align-middle' }: { id?: string; className?: string }) {
  const row = useContext(SyncRowContext);
  const state = syncStateOf(useOutbox(), id ?? row ?? '');
  const t = useT();
  if (state === null) return null;
  return (
    <Badge tone={state === 'refused' ? 'danger' : 'warning'} className={className} data-testid="sync-mark">
      {t(state === 'refused' ? 'sync.refused' : 'sync.waiting')}
    </Badge>
  );
}
