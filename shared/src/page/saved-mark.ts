import { readString, writeValue } from '../session/storage';

// What this device keeps for the offline support (@shambasoko/shared/offline keeps it in IndexedDB), read
// synchronously as a visit starts: a page that has data on the device shows it before the server
// answers, and one that has none asks the server at once, as a first visit does. A page that works
// online only (the market's) starts the offline support only when the device keeps something for it to
// restore, send or forget.

const SAVED_KEY = 'shambasoko.offline.saved';
const QUEUED_KEY = 'shambasoko.offline.queued';

/** Whether the device keeps data of this account to show before the server answers. */
export const hasSavedData = (uid: string): boolean => readString(SAVED_KEY) === uid;

/** Notes that the device keeps `uid`'s data (null: none); written by the offline support as it saves or forgets. */
export function markSavedData(uid: string | null): void {
  if (readString(SAVED_KEY) === uid) return;
  try {
    writeValue(SAVED_KEY, uid);
  } catch {
    // Storage full: the next visit asks the server first, as a first visit does.
  }
}

/** The accounts with changes waiting on this device to be sent (the outbox). */
function queuedAccounts(): string[] {
  const raw = readString(QUEUED_KEY);
  if (raw === null) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((uid): uid is string => typeof uid === 'string') : [];
  } catch {
    return [];
  }
}

/** Notes whether `uid` has changes waiting on this device; written by the outbox as it changes. */
export function markQueuedWrites(uid: string, waiting: boolean): void {
  const accounts = queuedAccounts();
  if (accounts.includes(uid) === waiting) return;
  const next = waiting ? [...accounts, uid] : accounts.filter((a) => a !== uid);
  try {
    writeValue(QUEUED_KEY, next.length > 0 ? JSON.stringify(next) : null);
  } catch {
    // Storage full: the outbox is still in IndexedDB, and any farm page starts the offline support.
  }
}

/**
 * Whether the device keeps anything the offline support must look after: saved farm data (of any account:
 * another account's must be forgotten when this one signs in) or changes waiting to be sent.
 */
export const offlineDataOnDevice = (): boolean => readString(SAVED_KEY) !== null || queuedAccounts().length > 0;
