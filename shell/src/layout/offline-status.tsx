import { lazy, Suspense } from 'react';

// The offline pieces (the saved cache, the outbox, the worker's remote caching) load after the page, in their own chunk.
const OfflinePanel = lazy(() => import('../offline/offline-panel'));

/** The top bar's offline corner: changes waiting to be sent, and what to do about refused ones. */
export function OfflineStatus() {
  return (
    <Suspense fallback={null}>
      <OfflinePanel />
    </Suspense>
  );
}
