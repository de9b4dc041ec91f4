// Its own entry (@shambasoko/shared/offline): the session, the API client and the translation runtime come
// through the shared entry, so this chunk reuses the page's one copy of each instead of bundling another.
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { useSession } from '@shambasoko/shared';
import { loadOutbox, replayOutbox } from './outbox';
import { keepOutboxInLists } from './offline-write';
import { forgetOtherAccounts, startSavedCache } from './persist';

/**
 * Offline support for the page's query cache, following the signed-in account: its saved farm data
 * restored and kept, its outbox loaded and replayed when the connection returns. On sign-out (or a
 * different account) the farm data leaves the page's cache and the store, so the next account never
 * sees it. Returns the stop function, and `restored` once the saved data is in the cache.
 */
export function startOfflineSupport(queryClient: QueryClient): { stop: () => void; restored: () => Promise<void> } {
  // TanStack Query only hears online/offline events: a page opened without signal would think it is
  // online, fail its queries and show errors instead of pausing them until the saved data is restored.
  onlineManager.setOnline(navigator.onLine);
  let current: { uid: string; stop: () => void; restored: Promise<void> } | null = null;
  const replay = () =>
    replayOutbox().then((result) => {
      if (result.sent > 0 || result.refused > 0) void queryClient.invalidateQueries({ queryKey: ['farm'] });
    });
  const follow = (uid: string | null) => {
    if (current?.uid === uid) return;
    if (current) {
      current.stop();
      queryClient.removeQueries({ queryKey: ['farm'] });
    }
    current = null;
    void forgetOtherAccounts(uid);
    void loadOutbox(uid).then(() => {
      if (uid !== null && navigator.onLine) void replay();
    });
    if (uid !== null) current = { uid, ...startSavedCache(queryClient, uid) };
  };
  follow(useSession.getState().user?.uid ?? null);
  const unsubscribe = useSession.subscribe((state) => follow(state.user?.uid ?? null));
  const stopKeeping = keepOutboxInLists(queryClient);
  const onOnline = () => void replay();
  const onMessage = (event: MessageEvent) => (event.data as { type?: string } | null)?.type === 'replay-outbox' && onOnline();
  window.addEventListener('online', onOnline);
  navigator.serviceWorker?.addEventListener('message', onMessage);
  return {
    stop: () => {
      unsubscribe();
      stopKeeping();
      current?.stop();
      window.removeEventListener('online', onOnline);
      navigator.serviceWorker?.removeEventListener('message', onMessage);
    },
    restored: () => current?.restored ?? Promise.resolve(),
  };
}
