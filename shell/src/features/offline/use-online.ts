import { useSyncExternalStore } from 'react';

const subscribeOnline = (notify: () => void) => {
  window.addEventListener('online', notify);
  window.addEventListener('offline', notify);
  return () => {
    window.removeEventListener('online', notify);
    window.removeEventListener('offline', notify);
  };
};

/** Whether the browser says it is online, re-rendering as that changes. */
export const useOnline = (): boolean => useSyncExternalStore(subscribeOnline, () => navigator.onLine);
