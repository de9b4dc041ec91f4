// The one translation runtime of the page (format-message.ts). It lives in @shambasoko/shared, the
// federation singleton, so the shell and every remote share one set of catalogs and one active language.
// Each remote brings its own namespace: English in its first chunk, Kiswahili as a chunk of its own,
// fetched only when Kiswahili is chosen.
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { currentLocale, rememberLocale, type Locale } from './locale';
import { formatMessage, type CompiledMessage } from './format-message';
import { translateMessage, type MessageDictionary } from '@shambasoko/contracts/i18n/messages';

/** A catalog: a flat map of key → ICU message ("{count, plural, one {# farm} other {# farms}}"). */
export type Catalog = Record<string, string>;
type CatalogModule = Catalog | { default: Catalog };
type Loader = () => Promise<CatalogModule>;

export type MessageValues = Record<string, string | number | null | undefined>;

/** A message as the build compiles it, or as written (tests import the catalogs without the build). */
type Message = CompiledMessage | string;
type Messages = Record<string, Message>;

/** Every namespace's messages per language, keyed "namespace:key". */
const messages: Record<Locale, Messages> = { en: Object.create(null) as Messages, sw: Object.create(null) as Messages };
let active: Locale = currentLocale();

const written = new Map<string, CompiledMessage>();
/** The tokens of a message. Only development and tests meet one as written: production never ships the compiler. */
function compiled(message: Message): CompiledMessage {
  if (typeof message !== 'string') return message;
  if (process.env.NODE_ENV === 'production') return [message];
  let tokens = written.get(message);
  if (!tokens) {
    tokens = compileMessage(message) as CompiledMessage;
    written.set(message, tokens);
  }
  return tokens;
}

interface Namespace {
  english: Messages;
  loaders: Partial<Record<Locale, Loader>>;
  loaded: Set<Locale>;
  pending: Partial<Record<Locale, Promise<void>>>;
}
const namespaces = new Map<string, Namespace>();
let version = 0;
const listeners = new Set<() => void>();

function changed() {
  version += 1;
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: bumps on every language switch and every catalog that arrives. */
export const subscribeI18n = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
export const i18nVersion = () => version;

const prefixed = (ns: string, catalog: Catalog): Messages =>
  Object.fromEntries(Object.entries(catalog).map(([key, message]) => [`${ns}:${key}`, message]));

const unwrap = (module: CatalogModule): Catalog =>
  ('default' in module && typeof module.default === 'object' ? module.default : module) as Catalog;

/** Registers a namespace once (a second registration from another copy of a remote adds nothing). */
export function registerNamespace(ns: string, english: Catalog, loaders: Partial<Record<Locale, Loader>>): void {
  if (namespaces.has(ns)) return;
  const entry: Namespace = { english: prefixed(ns, english), loaders, loaded: new Set(['en']), pending: {} };
  namespaces.set(ns, entry);
  Object.assign(messages.en, entry.english);
}

/** True when the namespace can be shown in the active language without waiting. */
export function isNamespaceReady(ns: string, locale: Locale = currentLocale()): boolean {
  const entry = namespaces.get(ns);
  return !entry || entry.loaded.has(locale) || !entry.loaders[locale];
}

/** Fetches a namespace's catalog for a language (once); failures fall back to English, never throw. */
export function loadNamespace(ns: string, locale: Locale = currentLocale()): Promise<void> {
  const entry = namespaces.get(ns);
  const loader = entry?.loaders[locale];
  if (!entry || !loader || entry.loaded.has(locale)) return Promise.resolve();
  entry.pending[locale] ??= loader()
    .then((module) => {
      Object.assign(messages[locale], prefixed(ns, unwrap(module)));
      entry.loaded.add(locale);
      changed();
    })
    .catch(() => {
      // Offline with the chunk never fetched: English stands in until the next try.
      delete entry.pending[locale];
    });
  return entry.pending[locale];
}

// The English-keyed dictionary of contract and API messages (see messages.ts), fetched with Kiswahili.
let swMessages: MessageDictionary | null = null;
let swMessagesPending: Promise<void> | null = null;
export function loadMessageDictionary(locale: Locale = currentLocale()): Promise<void> {
  if (locale !== 'sw' || swMessages) return Promise.resolve();
  swMessagesPending ??= import('@shambasoko/contracts/i18n/messages-sw.json')
    .then((module) => {
      swMessages = (module as { default?: MessageDictionary }).default ?? (module as unknown as MessageDictionary);
      changed();
    })
    .catch(() => {
      swMessagesPending = null;
    });
  return swMessagesPending;
}
export const isMessageDictionaryReady = (locale: Locale = currentLocale()) => locale !== 'sw' || swMessages !== null;

/** A validation or API message (written in English in the contracts) in the active language. */
export const translateMessageText = (english: string): string =>
  currentLocale() === 'sw' ? translateMessage(english, swMessages) : english;

/** Switches the whole page: every registered namespace is fetched first, so nothing flashes half-translated. */
export async function setLocale(locale: Locale): Promise<void> {
  await Promise.all([...[...namespaces.keys()].map((ns) => loadNamespace(ns, locale)), loadMessageDictionary(locale)]);
  rememberLocale(locale);
  active = locale;
  changed();
}

/** One message of a namespace in the active language; English when the translation is missing. */
export function translate(ns: string, key: string, values?: MessageValues): string {
  const id = `${ns}:${key}`;
  const own = Object.prototype.hasOwnProperty.call(messages[active], id) ? messages[active][id] : undefined;
  // An empty translation counts as missing, as a missing English message shows its id.
  const message = own || namespaces.get(ns)?.english[id];
  return message ? formatMessage(compiled(message), active, values) : id;
}
