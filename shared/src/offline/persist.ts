import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import { persistQueryClient, persistQueryClientSave, type PersistedClient, type Persister } from '@tanstack/react-query-persist-client';
import { accountKey, readValue, removeValue, storedKeys, writeValue } from './storage';

/**
 * The farm data read offline: every farm query (keys start with 'farm', mfe-farm/src/lib/query-keys.ts)
 * but the farm's people, whose phone numbers and e-mails are not kept on the device.
 */
const isSavedForOffline = (queryKey: QueryKey): boolean => queryKey[0] === 'farm' && queryKey[1] !== 'farm-users';

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
    removeClient: () => removeValue(key),
    cancel: () => {
      latest = null;
    },
  };
}

/**
 * Restores the account's saved farm data into the page's cache and keeps saving it as it changes.
 * Returns the stop function and a promise settled once the saved data is in the cache.
 */
export function startSavedCache(queryClient: QueryClient, uid: string): { stop: () => void; restored: Promise<void> } {
  const persister = indexedDbPersister(uid);
  const options = { queryClient, persister, buster: BUSTER, dehydrateOptions: { shouldDehydrateQuery } };
  const [unsubscribe, restored] = persistQueryClient({ ...options, maxAge: MAX_AGE_MS });
  // Saving starts after the restore: what the page fetched meanwhile is saved now, not at the next change.
  let stopped = false;
  void restored.then(() => (stopped ? undefined : persistQueryClientSave(options)));
  const stop = () => {
    stopped = true;
    unsubscribe();
    persister.cancel();
  };
  return { stop, restored };
}

/** Deletes what other accounts saved on this browser (the account signed in now keeps its own). */
export async function forgetOtherAccounts(uid: string | null): Promise<void> {
  const mine = uid === null ? [] : [accountKey('cache', uid)];
  const others = (await storedKeys()).filter((key) => key.startsWith('cache:') && !mine.includes(key));
  await Promise.all(others.map(removeValue));
}

/** When the saved farm data was last fetched from the server (ms), or null when none is in the cache. */
export function lastSavedAt(queryClient: QueryClient): number | null {
  let latest = 0;
  for (const query of queryClient.getQueryCache().findAll({ queryKey: ['farm'] })) {
    if (isSavedForOffline(query.queryKey) && query.state.status === 'success') latest = Math.max(latest, query.state.dataUpdatedAt);
  }
  return latest > 0 ? latest : null;
}
