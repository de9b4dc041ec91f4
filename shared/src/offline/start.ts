// Its own entry (@shambasoko/shared/offline): the session, the API client and the translation runtime come
// through the shared entry, so this chunk reuses the page's one copy of each instead of bundling another.
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { useSession } from '@shambasoko/shared';
import { loadOutbox, onReplayed, replayOutbox } from './outbox';
import { keepOutboxInLists } from './offline-write';
import { isSavedForOffline } from './saved-keys';
import { whenFirstScreenShown } from '../page/first-screen';
import { hasSavedData, offlineDataOnDevice } from '../page/saved-mark';

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
 * The saver (persist.ts, with TanStack Query's persister and its hydration), a chunk of its own. It loads at
 * once where the device keeps something (this account's saved data to restore, another's to forget, writes
 * waiting) and on sign-out; otherwise, once the page holds farm data to save and its first screen is up.
 * A first visit's page thus paints without it, and a page with nothing to save never loads it.
 */
const loadSaver = () => import(/* webpackChunkName: "offline-saver" */ './persist');

/** Settles once the page's cache holds data the device keeps for offline reading; `cancel` stops listening. */
function dataToSave(queryClient: QueryClient): { ready: Promise<void>; cancel: () => void } {
  const cache = queryClient.getQueryCache();
  let unsubscribe: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    const saved = cache.findAll({ predicate: (query) => query.state.status === 'success' && isSavedForOffline(query.queryKey) });
    if (saved.length > 0) return resolve();
    unsubscribe = cache.subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success' && isSavedForOffline(event.query.queryKey)) {
        unsubscribe();
        resolve();
      }
    });
  });
  return { ready, cancel: () => unsubscribe() };
}

/**
 * The saved data of `uid` kept in step with the page's cache from when the saver loads (null: nobody signed
 * in, so every account's is forgotten). `restored` settles once this account's saved data is in the cache.
 */
function keepSavedData(queryClient: QueryClient, uid: string | null): { stop: () => void; restored: Promise<void> } {
  let stopped = false;
  const now = uid === null || offlineDataOnDevice();
  const wanted = now ? { ready: Promise.resolve(), cancel: () => undefined } : dataToSave(queryClient);
  const saving = wanted.ready
    .then(() => (now ? undefined : whenFirstScreenShown()))
    .then(() => (stopped ? undefined : loadSaver()))
    .then((saver) => {
      if (saver === undefined || stopped) return undefined;
      void saver.forgetOtherAccounts(uid);
      return uid === null ? undefined : saver.startSavedCache(queryClient, uid);
    })
    // Its chunk unreachable (offline, and never cached): the page works from the server alone, as a
    // device without saved data does, and a page waiting for the restore stops at its limit.
    .catch(() => undefined);
  return {
    stop: () => {
      stopped = true;
      wanted.cancel();
      void saving.then((kept) => kept?.stop());
    },
    restored: saving.then((kept) => kept?.restored),
  };
}

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
    void loadOutbox(uid).then(() => {
      if (uid !== null && navigator.onLine) void replay();
    });
    const kept = keepSavedData(queryClient, uid);
    if (uid === null) return;
    current = { uid, ...kept };
    void current.restored.then(() => current?.uid === uid && markRestored(uid));
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
