import { api, LOCALE_STORAGE_KEY, setLocale, type Locale, type Preferences } from '@shambasoko/shared';
import { PREFERENCES_KEY } from '@shambasoko/shared/preferences';
import { queryClient } from '../query-client';

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

/** After sign-in on a device that has never chosen a language, the profile's language applies. */
export async function applyProfileLanguage(): Promise<void> {
  if (hasRememberedLanguage()) return;
  const { language } = await preferences();
  if (!hasRememberedLanguage()) await setLocale(language);
}

function hasRememberedLanguage(): boolean {
  try {
    return localStorage.getItem(LOCALE_STORAGE_KEY) !== null;
  } catch {
    return true;
  }
}
