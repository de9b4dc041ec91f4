import { createStore, del, get, keys, set, type UseStore } from 'idb-keyval';

// One IndexedDB database for what the app keeps offline, opened on first use (not when the module loads).
let store: UseStore | null = null;
const db = (): UseStore => (store ??= createStore('shambasoko-offline', 'keyval'));

// Where a browser has no IndexedDB (storage disabled by policy, some private modes, jsdom), the page keeps
// the same data in memory: offline support lasts for the page, and nothing throws.
const memory = new Map<string, unknown>();
const hasIndexedDb = () => typeof indexedDB !== 'undefined';

/** Keys are per account: `<kind>:<account uid>`, so one account never reads another's. */
export const accountKey = (kind: 'cache' | 'outbox', uid: string) => `${kind}:${uid}`;

export const readValue = async <T>(key: string): Promise<T | undefined> =>
  hasIndexedDb() ? get<T>(key, db()) : (memory.get(key) as T | undefined);
export const writeValue = async (key: string, value: unknown): Promise<void> => {
  if (hasIndexedDb()) await set(key, value, db());
  else memory.set(key, value);
};
export const removeValue = async (key: string): Promise<void> => {
  if (hasIndexedDb()) await del(key, db());
  else memory.delete(key);
};
export const storedKeys = async (): Promise<string[]> => (hasIndexedDb() ? (await keys(db())).map(String) : [...memory.keys()]);
