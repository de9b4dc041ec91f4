import { lazy, Suspense, useMemo } from 'react';
import { useOfflineWanted } from '../lib/offline-wanted';
import { useEffectiveRemotes } from '../features/remotes/remotes-provider';

// The offline pieces (the saved cache, the outbox, the worker's remote caching) load after the page, in their own chunk.
const OfflinePanel = lazy(() => import('../features/offline/offline-panel'));

/**
 * The top bar's offline corner: changes waiting to be sent, and what to do about refused ones. Loaded
 * once a page that works offline opens or the device keeps something for it (offline-wanted.ts).
 */
export function OfflineStatus() {
  const wanted = useOfflineWanted();
  const remotes = useEffectiveRemotes();
  // The builds the worker keeps: those of the remotes this account sees.
  const kept = useMemo(() => remotes?.filter((r) => r.visibility !== 'off') ?? null, [remotes]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <OfflinePanel remotes={kept} />
    </Suspense>
  );
}
