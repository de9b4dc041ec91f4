// Its own entry (@shambasoko/shared/offline): the session, the API client and the translation runtime come
// through the shared entry, so this chunk reuses the page's one copy of each instead of bundling another.
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { useSession } from '@shambasoko/shared';
import { loadOutbox, onReplayed, replayOutbox } from './outbox';
import { keepOutboxInLists } from './offline-write';
import { forgetOtherAccounts, startSavedCache } from './persist';
import { hasSavedData } from '../page/saved-mark';

/** Past this, a page stops waiting for the device's saved data and asks the server (a stuck IndexedDB). */
export const SAVED_DATA_WAIT_MS = 1000;

/** Accounts whose saved data is in the page's cache, and the pages waiting for an account's. */
const restoredAccounts = new Set<string>();
const waiting = new Map<string, Array<() => void>>();

function markRestored(uid: string): void {
  restoredAccounts.add(uid);
  for (const done of waiting.get(uid) ?? []) done();
  waiting.delete(uid);
}

/**
 * Settles once the data this device saved for `uid` is in the page's cache (at once when it saved
 * none, or has restored it already), or after `limitMs`. A page that rendered before would ask the
 * server for what the device had; one that waits shows it at once (device-first).
 */
export function savedDataRestored(uid: string, limitMs = SAVED_DATA_WAIT_MS): Promise<void> {
  if (restoredAccounts.has(uid) || !hasSavedData(uid)) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, limitMs);
    waiting.set(uid, [
      ...(waiting.get(uid) ?? []),
      () => {
        clearTimeout(timer);
        resolve();
      },
    ]);
  });
}

type OfflineSupport = { stop: () => void; restored: () => Promise<void> };
const running = new WeakMap<QueryClient, OfflineSupport>();

/**
 * Offline support for the page's query cache, following the signed-in account: its saved farm data
 * restored and kept, its outbox loaded and replayed when the connection returns. On sign-out (or a
 * different account) the farm data leaves the page's cache and the store, so the next account never
 * sees it. Returns the stop function, and `restored` once the saved data is in the cache. Started
 * once per cache: a visit to a dashboard page starts it as it begins, and the frame asks again.
 */
export function startOfflineSupport(queryClient: QueryClient): OfflineSupport {
  const started = running.get(queryClient);
  if (started) return started;
  const support = start(queryClient);
  const once: OfflineSupport = {
    restored: support.restored,
    stop: () => {
      running.delete(queryClient);
      support.stop();
    },
  };
  running.set(queryClient, once);
  return once;
}

function start(queryClient: QueryClient): OfflineSupport {
  // TanStack Query only hears online/offline events: a page opened without signal would think it is
  // online, fail its queries and show errors instead of pausing them until the saved data is restored.
  onlineManager.setOnline(navigator.onLine);
  let current: { uid: string; stop: () => void; restored: Promise<void> } | null = null;
  const replay = () => replayOutbox();
  // Every replay, including the outbox's own retries and "Send now", brings the lists up to date.
  const stopHearing = onReplayed((result) => {
    if (result.sent > 0 || result.refused > 0) void queryClient.invalidateQueries({ queryKey: ['farm'] });
  });
  const follow = (uid: string | null) => {
    if (current?.uid === uid) return;
    if (current) {
      restoredAccounts.delete(current.uid);
      current.stop();
      queryClient.removeQueries({ queryKey: ['farm'] });
    }
    current = null;
    void forgetOtherAccounts(uid);
    void loadOutbox(uid).then(() => {
      if (uid !== null && navigator.onLine) void replay();
    });
    if (uid !== null) {
      current = { uid, ...startSavedCache(queryClient, uid) };
      void current.restored.then(() => current?.uid === uid && markRestored(uid));
    }
  };
  follow(useSession.getState().user?.uid ?? null);
  const unsubscribe = useSession.subscribe((state) => follow(state.user?.uid ?? null));
  const stopKeeping = keepOutboxInLists(queryClient);
  const onOnline = () => void replay();
  const onMessage = (event: MessageEvent) => (event.data as { type?: string } | null)?.type === 'replay-outbox' && onOnline();
  window.addEventListener('online', onOnline);
  navigator.serviceWorker?.addEventListener('message', onMessage);
  return {
    stop: () => {
      unsubscribe();
      stopHearing();
      stopKeeping();
      current?.stop();
      window.removeEventListener('online', onOnline);
      navigator.serviceWorker?.removeEventListener('message', onMessage);
    },
    restored: () => current?.restored ?? Promise.resolve(),
  };
}
