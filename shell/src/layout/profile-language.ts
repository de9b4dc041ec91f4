import type { Preferences } from '@shambasoko/contracts';
import { api, LOCALE_STORAGE_KEY, setLocale } from '@shambasoko/shared';

/**
 * After sign-in on a device that has never chosen a language, the profile's language applies. A
 * plain read, not through the query cache: it runs on any signed-in page, sign-in's own included,
 * and must not bring the query library with it.
 */
export async function applyProfileLanguage(): Promise<void> {
  if (hasRememberedLanguage()) return;
  // The dashboard's preferences hook reads the same address as the page starts: the early answer
  // (shared/src/api/early.ts) is left to it, or it asked the server a second time.
  const { language } = await api.get<Preferences>('/v1/me/preferences', { shareEarly: true });
  if (!hasRememberedLanguage()) await setLocale(language);
}

export function hasRememberedLanguage(): boolean {
  try {
    return localStorage.getItem(LOCALE_STORAGE_KEY) !== null;
  } catch {
    return true;
  }
}
