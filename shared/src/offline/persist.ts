import type { Query, QueryClient } from '@tanstack/react-query';
import { persistQueryClient, persistQueryClientSave, type PersistedClient, type Persister } from '@tanstack/react-query-persist-client';
import { whenFirstScreenShown } from '../page/first-screen';
import { hasSavedData, markSavedData } from '../page/saved-mark';
import { isSavedForOffline } from './saved-keys';
import { accountKey, readValue, removeValue, storedKeys, writeValue } from './storage';

const shouldDehydrateQuery = (query: Query) => query.state.status === 'success' && isSavedForOffline(query.queryKey);

/** A week: older saved data is dropped rather than shown as current. */
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** Changed when the shape of saved data changes, so an old save is dropped instead of misread. */
const BUSTER = 'farm-v1';

/**
 * TanStack Query's persister over the IndexedDB store, one entry per account. One write at a time: the
 * changes made while one is written are gathered into the next (no delay, so a page left right after a
 * fetch has saved it). `cancel` drops a save not yet started.
 */
function indexedDbPersister(uid: string): Persister & { cancel(): void } {
  const key = accountKey('cache', uid);
  let writing = false;
  let latest: PersistedClient | null = null;
  const drain = async () => {
    if (writing) return;
    writing = true;
    try {
      while (latest) {
        const next = latest;
        latest = null;
        await writeValue(key, next);
        // The next visit's first look, before IndexedDB opens: this account has data to show at once.
        if (next.clientState.queries.length > 0) markSavedData(uid);
      }
    } finally {
      writing = false;
    }
  };
  return {
    persistClient: (client: PersistedClient) => {
      latest = client;
      void drain();
    },
    restoreClient: () => readValue<PersistedClient>(key),
    removeClient: () => {
      markSavedData(null);
      return removeValue(key);
    },
    cancel: () => {
      latest = null;
    },
  };
}

/**
 * Restores the account's saved farm data into the page's cache and keeps saving it as it changes.
 * Returns the stop function and a promise settled once the saved data is in the cache. What was
 * restored is shown as it is until the page's first screen is up, then asked for again (device-first:
 * a repeat visit paints without waiting for the server, and its requests do not compete with the
 * page's own code).
 */
export function startSavedCache(queryClient: QueryClient, uid: string): { stop: () => void; restored: Promise<void> } {
  const persister = indexedDbPersister(uid);
  const options = { queryClient, persister, buster: BUSTER, dehydrateOptions: { shouldDehydrateQuery } };
  const startedAt = Date.now();
  const [unsubscribe, restoring] = persistQueryClient({ ...options, maxAge: MAX_AGE_MS });
  let stopped = false;
  const restored = restoring.then(() => {
    if (stopped) return;
    // Saving starts after the restore: what the page fetched meanwhile is saved now, not at the next change.
    void persistQueryClientSave(options);
    refreshAfterFirstScreen(queryClient, startedAt);
  });
  const stop = () => {
    stopped = true;
    unsubscribe();
    persister.cancel();
  };
  return { stop, restored };
}

/**
 * Holds the queries the restore filled (older than `startedAt`) fresh until the page's first screen is
 * up (through the cache's default staleTime, so neither a mount nor a prefetch asks meanwhile), then
 * asks for them again.
 */
function refreshAfterFirstScreen(queryClient: QueryClient, startedAt: number): void {
  const fromDevice = (query: Query) =>
    isSavedForOffline(query.queryKey) && query.state.status === 'success' && query.state.dataUpdatedAt < startedAt;
  const held = new Set(
    queryClient
      .getQueryCache()
      .findAll({ predicate: fromDevice })
      .map((query) => query.queryHash),
  );
  if (held.size === 0) return;
  const defaults = queryClient.getDefaultOptions();
  const usual = defaults.queries?.staleTime ?? 0;
  const staleTime = (query: Query) => (held.has(query.queryHash) ? Infinity : typeof usual === 'function' ? usual(query) : usual);
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, staleTime: staleTime as typeof usual } });
  void whenFirstScreenShown().then(() => {
    const asked = new Set(held);
    // Observers made meanwhile keep this staleTime: with nothing held it is the usual one.
    held.clear();
    queryClient.setDefaultOptions(defaults);
    // Those on screen are asked for now; the others when next shown. Offline, they wait for the connection.
    return queryClient.invalidateQueries({ predicate: (query) => asked.has(query.queryHash) && fromDevice(query) });
  });
}

/** Deletes what other accounts saved on this browser (the account signed in now keeps its own). */
export async function forgetOtherAccounts(uid: string | null): Promise<void> {
  const mine = uid === null ? [] : [accountKey('cache', uid)];
  if (uid === null || !hasSavedData(uid)) markSavedData(null);
  const others = (await storedKeys()).filter((key) => key.startsWith('cache:') && !mine.includes(key));
  await Promise.all(others.map(removeValue));
}
