import { useState } from 'react';
import { isSignedIn, LOCALE_NAMES, LOCALES, useLocale, useSession, type Locale } from '@shambasoko/shared';

/**
 * English / Kiswahili, in the top bar and the landing header. Its label comes from the caller's own
 * catalog, so the landing page does not load the frame's words for one label. The page switches at once (and the device
 * remembers it); a signed-in person's profile keeps it too, so their other devices follow.
 */
export function LanguageSwitcher({ label, className = '' }: { label: string; className?: string }) {
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

  // Compact: a globe and the code on the bar (phones have little room), the native list of names on tap.
  return (
    <label
      className={`relative inline-flex min-h-10 shrink-0 cursor-pointer items-center gap-1 rounded-lg border px-2 text-sm font-semibold focus-within:ring-2 focus-within:ring-brand-600 ${className}`}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3c2.5 2.5 3.8 5.5 3.8 9s-1.3 6.5-3.8 9c-2.5-2.5-3.8-5.5-3.8-9S9.5 5.5 12 3z" />
      </svg>
      <span aria-hidden="true">{locale.toUpperCase()}</span>
      <select
        aria-label={label}
        value={locale}
        disabled={busy}
        onChange={(e) => void choose(e.target.value as Locale)}
        className="absolute inset-0 cursor-pointer appearance-none opacity-0"
      >
        {LOCALES.map((code) => (
          <option key={code} value={code}>
            {LOCALE_NAMES[code]}
          </option>
        ))}
      </select>
    </label>
  );
}
