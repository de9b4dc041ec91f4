import type { QueryClient, QueryKey } from '@tanstack/react-query';

// Which of the page's queries the device keeps for reading offline: what the saver (persist.ts) writes and
// restores, and what tells the offline support there is something to save (start.ts). Apart from the
// saver, so the pages that only ask these questions do not load it.

const isFarmData = (queryKey: QueryKey): boolean => queryKey[0] === 'farm' && queryKey[1] !== 'farm-users';

/**
 * The farm data read offline: every farm query (keys start with 'farm', mfe-farm/src/lib/query-keys.ts)
 * but the farm's people, whose phone numbers and e-mails are not kept on the device; and the account's
 * preferences, which decide how that data is shown (hectares or acres).
 */
export const isSavedForOffline = (queryKey: QueryKey): boolean =>
  isFarmData(queryKey) || (queryKey[0] === 'me' && queryKey[1] === 'preferences');

/** When the saved farm data was last fetched from the server (ms), or null when none is in the cache. */
export function lastSavedAt(queryClient: QueryClient): number | null {
  let latest = 0;
  for (const query of queryClient.getQueryCache().findAll({ queryKey: ['farm'] })) {
    if (isFarmData(query.queryKey) && query.state.status === 'success') latest = Math.max(latest, query.state.dataUpdatedAt);
  }
  return latest > 0 ? latest : null;
}
