import { createStore, del, get, keys, set, type UseStore } from 'idb-keyval';

// One IndexedDB database for what the app keeps offline, opened on first use (not when the module loads).
let store: UseStore | null = null;
const db = (): UseStore => (store ??= createStore('shambasoko-offline', 'keyval'));

/** Keys are per account: `<kind>:<account uid>`, so one account never reads another's. */
export const accountKey = (kind: 'cache' | 'outbox', uid: string) => `${kind}:${uid}`;

export const readValue = <T>(key: string): Promise<T | undefined> => get<T>(key, db());
export const writeValue = (key: string, value: unknown): Promise<void> => set(key, value, db());
export const removeValue = (key: string): Promise<void> => del(key, db());
export const storedKeys = async (): Promise<string[]> => (await keys(db())).map(String);
