import { useState } from 'react';
import { isSignedIn, LOCALE_NAMES, LOCALES, useLocale, useSession, type Locale } from '@shambasoko/shared';
import { useT } from '../i18n';

/**
 * English / Kiswahili, in the top bar and the landing header. The page switches at once (and the device
 * remembers it); a signed-in person's profile keeps it too, so their other devices follow.
 */
export function LanguageSwitcher({ className = '' }: { className?: string }) {
  const t = useT();
  const [locale, setLocale] = useLocale();
  const signedIn = useSession(isSignedIn);
  const [busy, setBusy] = useState(false);

  const choose = async (next: Locale) => {
    setBusy(true);
    try {
      await setLocale(next);
    } finally {
      setBusy(false);
    }
    if (signedIn) {
      // Its own chunk: the landing page carries no server-data code until someone switches.
      const { saveLanguage } = await import('./save-language');
      await saveLanguage(next).catch(() => undefined);
    }
  };

  return (
    <select
      aria-label={t('language.label')}
      value={locale}
      disabled={busy}
      onChange={(e) => void choose(e.target.value as Locale)}
      className={`min-h-10 cursor-pointer rounded-lg border px-1.5 text-sm ${className}`}
    >
      {LOCALES.map((code) => (
        <option key={code} value={code} className="text-stone-900">
          {LOCALE_NAMES[code]}
        </option>
      ))}
    </select>
  );
}
