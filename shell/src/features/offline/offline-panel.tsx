import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore, type ComponentType } from 'react';
import { createPortal } from 'react-dom';
import { formatDate, formatNumber } from '@shambasoko/shared';
import { lastSavedAt, outboxItems, startOfflineSupport, subscribeOutbox, useOfflineT } from '@shambasoko/shared/offline';
import type { CachedRemote } from './remote-cache';
import { useOnline } from './use-online';

/** Keeps the builds of the remotes this account uses in the service worker's caches. */
function useRemoteCaching(remotes: readonly CachedRemote[] | null): void {
  useEffect(() => {
    // Asking again for versions already kept costs the worker one cache lookup each. Once there is a
    // worker (registered a second after the page loads): nothing is asked for beside the first screen.
    if (!remotes || remotes.length === 0 || !('serviceWorker' in navigator)) return;
    void navigator.serviceWorker.ready.then(() => import('./register-sw')).then((m) => m.cacheRemotesForOffline(remotes));
  }, [remotes]);
}

const useOutbox = () => useSyncExternalStore(subscribeOutbox, outboxItems);

let outboxCorner: ComponentType | null = null;

/**
 * The list of waiting changes (outbox-corner.tsx), loaded with the first one: most visits have none.
 * The service worker keeps it for offline use; a change queued offline before the worker was installed
 * shows the plain count until the list can be loaded, which is tried again when the connection returns.
 */
function useOutboxCorner(wanted: boolean): ComponentType | null {
  const [corner, setCorner] = useState<ComponentType | null>(() => outboxCorner);
  const online = useOnline();
  useEffect(() => {
    if (!wanted || corner) return;
    let live = true;
    import('./outbox-corner').then(
      (module) => {
        outboxCorner = module.default;
        if (live) setCorner(() => module.default);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted, corner, online]);
  return corner;
}

/** The count of waiting changes while their list cannot be loaded. */
function WaitingCount({ count }: { count: number }) {
  const t = useOfflineT();
  return (
    <span
      role="status"
      aria-label={t('outbox.badge', { count })}
      className="inline-flex min-h-10 min-w-10 items-center justify-center rounded-lg bg-amber-100 px-2 text-xs font-semibold text-amber-900"
    >
      {formatNumber(count)}
    </span>
  );
}

/** "Offline — showing what was saved at 14:32": when the saved farm data on screen was fetched. */
function SavedBanner() {
  const t = useOfflineT();
  const client = useQueryClient();
  const online = useOnline();
  const savedAt = useSyncExternalStore(
    (notify) => client.getQueryCache().subscribe(notify),
    () => lastSavedAt(client),
  );
  if (online || savedAt === null) return null;
  const time = formatDate(savedAt, { hour: '2-digit', minute: '2-digit', hour12: false });
  // In the body: the top bar's backdrop blur would make it the box a fixed element is placed in.
  return createPortal(
    <p role="status" className="fixed inset-x-0 bottom-0 z-30 bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-900 shadow">
      {t('banner.saved', { time })}
    </p>,
    document.body,
  );
}

/** Offline support of the signed-in pages: saved farm data, the outbox badge, the offline banner, cached remotes (those the account sees). */
export default function OfflinePanel({ remotes }: { remotes: readonly CachedRemote[] | null }) {
  const client = useQueryClient();
  useRemoteCaching(remotes);
  // Once for the page: usually started already, as a visit to a dashboard page began (head start).
  useEffect(() => void startOfflineSupport(client), [client]);
  const waiting = useOutbox().length;
  const OutboxBadge = useOutboxCorner(waiting > 0);
  return (
    <>
      {waiting > 0 && (OutboxBadge ? <OutboxBadge /> : <WaitingCount count={waiting} />)}
      <SavedBanner />
    </>
  );
}
