// Its own entry (@shambasoko/shared/preferences): TanStack Query is not eager in the shell, and the
// session and client come through the shared entry so no second store is bundled here.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, useSession } from '@shambasoko/shared';
import type { Preferences } from '@shambasoko/contracts/me';

/** The one key every remote reads the caller's preferences under, so a save updates them all. */
export const PREFERENCES_KEY = ['me', 'preferences'] as const;

const getPreferences = () => api.get<Preferences>('/v1/me/preferences');
// The page's usual staleTime: preferences restored from the device (offline/persist.ts) then wait, like
// the farm data they shape, for the page's first screen before they are asked for again.
const preferencesQuery = () => queryOptions({ queryKey: PREFERENCES_KEY, queryFn: getPreferences });

/** The signed-in person's preferences (not asked for while signed out). */
export function usePreferences() {
  const signedIn = useSession((s) => s.accessToken !== null);
  return useQuery({ ...preferencesQuery(), enabled: signedIn });
}
