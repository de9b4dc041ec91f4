import { readString, writeValue } from '../session/storage';

// Which account's farm data this device keeps (@shambasoko/shared/offline saves it in IndexedDB), read
// synchronously as a visit starts: a page that has data on the device shows it before the server
// answers, and one that has none asks the server at once, as a first visit does.

const SAVED_KEY = 'shambasoko.offline.saved';

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
