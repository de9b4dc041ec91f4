import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Preferences } from '../contracts/me';
import { useSession } from '../session/store';
import { api } from './client';

/** The one key every remote reads the caller's preferences under, so a save updates them all. */
export const PREFERENCES_KEY = ['me', 'preferences'] as const;

const getPreferences = () => api.get<Preferences>('/v1/me/preferences');
const preferencesQuery = () => queryOptions({ queryKey: PREFERENCES_KEY, queryFn: getPreferences, staleTime: 5 * 60_000 });

/** The signed-in person's preferences (not asked for while signed out). */
export function usePreferences() {
  const signedIn = useSession((s) => s.accessToken !== null);
  return useQuery({ ...preferencesQuery(), enabled: signedIn });
}
