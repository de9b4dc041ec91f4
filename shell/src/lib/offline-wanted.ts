import { useSyncExternalStore } from 'react';
import { offlineDataOnDevice } from '@shambasoko/shared';

// Whether this visit needs the offline support (its chunk, the outbox corner, the saved farm data):
// once a page that works offline has opened (a mount the manifest marks `offline`, or a remote that
// asked for @shambasoko/shared/offline), or while the device keeps saved data or waiting changes. A
// buyer's visit to the market never loads it.

let wanted = false;
const listeners = new Set<() => void>();

/** Notes that this visit needs the offline support; it stays wanted until the page is left. */
export function wantOffline(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

/** Whether the offline support should run now. */
export const offlineWanted = (): boolean => wanted || offlineDataOnDevice();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The same, for a component that shows the offline corner once it is. */
export const useOfflineWanted = (): boolean => useSyncExternalStore(subscribe, offlineWanted);
