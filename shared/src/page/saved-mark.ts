// Which account's farm data this device keeps (@shambasoko/shared/offline saves it in IndexedDB), read
// synchronously as a visit starts: a page that has data on the device shows it before the server
// answers, and one that has none asks the server at once, as a first visit does.

const SAVED_KEY = 'shambasoko.offline.saved';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Whether the device keeps data of this account to show before the server answers. */
export function hasSavedData(uid: string): boolean {
  try {
    return storage()?.getItem(SAVED_KEY) === uid;
  } catch {
    return false;
  }
}

/** Notes that the device keeps `uid`'s data (null: none); written by the offline support as it saves or forgets. */
export function markSavedData(uid: string | null): void {
  try {
    const s = storage();
    if (uid === null) s?.removeItem(SAVED_KEY);
    else if (s?.getItem(SAVED_KEY) !== uid) s?.setItem(SAVED_KEY, uid);
  } catch {
    // Storage full or blocked: the next visit asks the server first, as a first visit does.
  }
}
