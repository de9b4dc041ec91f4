import { useEffect } from 'react';
import { useEffectiveRemotes } from '../remotes/remotes-provider';
import { cacheRemotesForOffline } from './register-sw';

/** Keeps the builds of the remotes this account uses in the service worker's caches. */
function useRemoteCaching(): void {
  const remotes = useEffectiveRemotes();
  useEffect(() => {
    // Asking again for versions already kept costs the worker one cache lookup each.
    if (remotes && remotes.length > 0) cacheRemotesForOffline(remotes.filter((r) => r.visibility !== 'off'));
  }, [remotes]);
}

export default function OfflinePanel() {
  useRemoteCaching();
  return null;
}
