import { Fragment, cloneElement, isValidElement, useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import {
  i18nVersion,
  isMessageDictionaryReady,
  loadMessageDictionary,
  translateMessageText,
  isNamespaceReady,
  loadNamespace,
  registerNamespace,
  setLocale,
  subscribeI18n,
  translate,
  type Catalog,
  type MessageValues,
} from './catalog';
import { currentLocale, type Locale } from './locale';

type Loader = () => Promise<Catalog | { default: Catalog }>;
export type Translate<K extends string> = (key: K, values?: MessageValues) => string;

/**
 * Re-renders on every language switch or arriving catalog; the number changes each time, for memos
 * over text that other code words (route titles from a remote's handles).
 */
export function useI18nVersion(): number {
  return useSyncExternalStore(subscribeI18n, i18nVersion, i18nVersion);
}

/** The active language and a way to change it for the whole page. */
export function useLocale(): [Locale, (locale: Locale) => Promise<void>] {
  useI18nVersion();
  return [currentLocale(), setLocale];
}

/**
 * Declares a remote's (or a page's) namespace: its English catalog, bundled with its code, and its
 * Kiswahili catalog as a loader, so the translation is a chunk of its own that comes with the routes
 * that use it. Returns `useT` for components (it suspends until the catalog has arrived, so a page
 * never paints half-translated) and `t` for code outside render (toasts, titles).
 */
export function defineNamespace<C extends Catalog>(ns: string, english: C, sw: Loader) {
  registerNamespace(ns, english, { sw });
  const t: Translate<Extract<keyof C, string>> = (key, values) => translate(ns, key, values);
  // A new function per change, so memoised children that take `t` see the new language.
  let current = { version: -1, t };
  function useT(): Translate<Extract<keyof C, string>> {
    const version = useI18nVersion();
    if (!isNamespaceReady(ns)) throw loadNamespace(ns);
    if (current.version !== version) current = { version, t: (key, values) => t(key, values) };
    return current.t;
  }
  return { useT, t, ready: (locale?: Locale) => loadNamespace(ns, locale) };
}

/** Shows messages from the contracts and the API (English-keyed) in the active language. */
export function useMessageText(): (english: string) => string {
  useI18nVersion();
  if (!isMessageDictionaryReady()) throw loadMessageDictionary();
  return translateMessageText;
}

const TAG = /<(\w+)>(.*?)<\/\1>|<(\w+)\/>/gs;

/**
 * A translated message with elements inside: "Read the <terms>Terms</terms>" with
 * `components={{ terms: <Link to="/terms" /> }}`. The tags are the translator's to move; what they
 * wrap is theirs to word.
 */
export function Rich({ text, components }: { text: string; components: Record<string, ReactElement> }): ReactNode {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    const name = match[1] ?? match[3] ?? '';
    const element = components[name];
    const inner = match[2];
    if (isValidElement(element)) {
      parts.push(
        cloneElement(
          element as ReactElement<{ children?: ReactNode }>,
          { key: parts.length },
          inner ?? (element.props as { children?: ReactNode }).children,
        ),
      );
    } else parts.push(inner ?? '');
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <Fragment>{parts}</Fragment>;
}
