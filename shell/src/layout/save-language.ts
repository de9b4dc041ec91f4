import type { Preferences } from '@shambasoko/contracts';
import { api, type Locale } from '@shambasoko/shared';
import { PREFERENCES_KEY } from '@shambasoko/shared/preferences';
import { queryClient } from '../lib/query-client';

const preferences = () =>
  queryClient.fetchQuery({ queryKey: PREFERENCES_KEY, queryFn: () => api.get<Preferences>('/v1/me/preferences'), staleTime: 60_000 });

/** Keeps the chosen language in the profile (the whole preferences set, as PUT expects it). */
export async function saveLanguage(language: Locale): Promise<void> {
  const current = await preferences();
  if (current.language === language) return;
  const saved = await api.put<Preferences>('/v1/me/preferences', { ...current, language });
  queryClient.setQueryData(PREFERENCES_KEY, saved);
  await queryClient.invalidateQueries({ queryKey: PREFERENCES_KEY });
}
