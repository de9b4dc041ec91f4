// Which language the page speaks, without React or the translation runtime: the API client, the
// formatters and the server can all ask.
import { formatDecimal } from '@shambasoko/contracts/numbers';

export const LOCALES = ['en', 'sw'] as const;
export type Locale = (typeof LOCALES)[number];

/** Where the device remembers the choice (the profile keeps it too, once signed in). */
export const LOCALE_STORAGE_KEY = 'shambasoko.locale';

export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', sw: 'Kiswahili' };

export const isLocale = (value: unknown): value is Locale => value === 'en' || value === 'sw';

/** The Intl locale for dates and numbers: Kenyan English or Kenyan Kiswahili. */
export const intlLocale = (locale: Locale = currentLocale()): string => (locale === 'sw' ? 'sw-KE' : 'en-KE');

let active: Locale = initialLocale();
// The page says which language it is in from the start (screen readers, hyphenation, the browser's translate offer).
if (typeof document !== 'undefined') document.documentElement.lang = active;

/** The device's remembered choice, else the browser's own language, else English. */
function initialLocale(): Locale {
  try {
    const saved = typeof window === 'undefined' ? null : window.localStorage.getItem(LOCALE_STORAGE_KEY);
    if (isLocale(saved)) return saved;
  } catch {
    // storage disabled: fall through to the browser's language
  }
  const browser = typeof navigator === 'undefined' ? '' : (navigator.language ?? '');
  return browser.toLowerCase().startsWith('sw') ? 'sw' : 'en';
}

export const currentLocale = (): Locale => active;

/** Records the choice on the device and on the page; the catalog layer activates the messages. */
export function rememberLocale(locale: Locale): void {
  active = locale;
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // storage disabled: the choice lasts for this page only
  }
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

/** A date in the page's language ("24 Nov 2026" / "24 Nov 2026" in sw-KE), formatters cached per locale. */
export function formatDate(
  value: Date | string | number,
  options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' },
): string {
  const locale = intlLocale();
  const key = `d|${locale}|${JSON.stringify(options)}`;
  let format = formatters.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) formatters.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format.format(value instanceof Date ? value : new Date(value));
}

/** A number in the page's language, grouped the Kenyan way. */
export function formatNumber(value: number, options: Intl.NumberFormatOptions = { maximumFractionDigits: 2 }): string {
  // Decimals alone: written by hand, as Intl would in both languages (numbers.ts), without its cost.
  const keys = Object.keys(options);
  if (keys.length === 1 && keys[0] === 'maximumFractionDigits' && typeof options.maximumFractionDigits === 'number')
    return formatDecimal(value, options.maximumFractionDigits);
  const locale = intlLocale();
  const key = `n|${locale}|${JSON.stringify(options)}`;
  let format = formatters.get(key) as Intl.NumberFormat | undefined;
  if (!format) formatters.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format.format(value);
}
