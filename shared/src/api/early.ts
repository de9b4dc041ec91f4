// Early answers. On a first visit to a signed-in page over a slow link, the page's own code (~150 kB)
// arrives last, and only then did the session refresh and the page's first reads go out, one round
// trip after the other. The server names those reads in the page it sends (scripts/page-hints.mjs);
// the shell's early script (shell/src/early.ts, a kilobyte, loaded beside the code) sends the refresh
// and then them as soon as the page is parsed, and the API client takes their answers (once, while
// they are fresh; a read marked `shareEarly` takes a copy) instead of asking again. Nothing here
// needs React, the store or the query library.

import { identityHeaders } from './device';
import { intlLocale } from '../i18n/locale';
import { hasSavedData } from '../page/saved-mark';
import { readString, STORAGE_KEYS } from '../session/storage';

/** The id of the page's data block naming the reads (scripts/page-hints.mjs writes it). */
export const EARLY_REQUESTS_ID = 'early-requests';
/**
 * The id of the data block naming public reads (the market's catalog): sent at once without a token,
 * for guests too, as the page itself sends them.
 */
export const EARLY_PUBLIC_REQUESTS_ID = 'early-public-requests';
/** The Web Lock every session refresh runs under, in every tab (identity/token-keeper.ts). */
export const REFRESH_LOCK = 'shambasoko-token-refresh';
/** The session refresh (identity/token-keeper.ts sends it the same way). */
export const REFRESH_PATH = '/v1/auth/refresh';
/** An answer not taken by then is dropped: a later read of the same address asks the server. */
export const EARLY_TTL_MS = 10_000;
/** At most this many reads are sent early, whatever the page names. */
const MAX_READS = 8;

const GLOBAL = '__shambasokoEarly';

interface Sent {
  /** The Authorization header sent (null for the refresh). */
  auth: string | null;
  response: Promise<Response>;
}

interface Entry {
  method: string;
  url: string;
  locale: string;
  /** Null when it was never sent (no session). */
  sent: Promise<Sent | null>;
}

export interface EarlyAnswers {
  /**
   * The early answer for this request, taken once (it rejects as `signal` aborts); null when there is
   * none, or it resolves to null when it no longer applies. With `share`, a GET's answer is not taken:
   * the caller gets a copy, and the next reader of the address the answer itself.
   */
  take(
    method: string,
    url: string,
    headers: Record<string, string>,
    signal?: AbortSignal,
    share?: boolean,
  ): Promise<Response | null> | null;
}

type Holder = { [GLOBAL]?: EarlyAnswers };

/**
 * Where the API client looks for early answers: all the main code carries. The page's first request
 * settles it: when the early script has not run by then, it never sends anything (the page asks itself).
 */
export const takeEarlyAnswer: EarlyAnswers['take'] = (method, url, headers, signal, share) =>
  ((globalThis as Holder)[GLOBAL] ??= { take: () => null }).take(method, url, headers, signal, share);

/** `answer`, unless `signal` aborts first (the caller gave up, or its deadline passed). */
function untilAborted<T>(answer: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return answer;
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason as Error);
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/** A read the page may name: a GET of the core API on this origin, nothing else. */
export const isEarlyRead = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= 200 && /^\/v1\/[\w\-./]*(\?[\w\-.=&%,]*)?$/.test(value) && !value.includes('..');

/** What the page's data block names (startEarlyRequests sends only what isEarlyRead allows of it). */
export function earlyReadsIn(doc: Pick<Document, 'getElementById'>, id: string = EARLY_REQUESTS_ID): unknown[] {
  try {
    const named: unknown = JSON.parse(doc.getElementById(id)?.textContent ?? '[]');
    return Array.isArray(named) ? named : [];
  } catch {
    return [];
  }
}

/**
 * The account signed in on this device (the persisted session's user), and whether the device keeps
 * its farm data: null when none is signed in.
 */
function deviceAccount(): { savedData: boolean } | null {
  try {
    const saved = JSON.parse(readString(STORAGE_KEYS.session) ?? 'null') as { state?: { user?: { uid?: unknown } | null } } | null;
    const uid = saved?.state?.user?.uid;
    return typeof uid === 'string' ? { savedData: hasSavedData(uid) } : null;
  } catch {
    return null;
  }
}

export interface EarlyEnvironment {
  fetch: typeof fetch;
  locks?: Pick<LockManager, 'request'>;
  now: () => number;
  account: () => { savedData: boolean } | null;
}

const browser = (): EarlyEnvironment => ({
  fetch: (input, init) => fetch(input, init),
  locks: typeof navigator === 'undefined' ? undefined : navigator.locks,
  now: () => Date.now(),
  account: deviceAccount,
});

/**
 * Sends the public reads at once, without a token (a guest's page sends them so too); and with a
 * signed-in account on the device, the session refresh (under the tabs' refresh lock, as the token
 * keeper does) and, with its access token, the named reads. Keeps their answers for the API client.
 * The named reads only where the device does not keep the account's farm data: the page shows that
 * first and asks the server once it is up (offline/persist.ts). Returns the holder it installed
 * (tests), or null when there is nothing to send.
 */
export function startEarlyRequests(
  named: readonly unknown[],
  env: EarlyEnvironment = browser(),
  publicNamed: readonly unknown[] = [],
): EarlyAnswers | null {
  const holder = globalThis as Holder;
  const account = env.account();
  const publicReads = publicNamed.filter(isEarlyRead).slice(0, MAX_READS);
  if (holder[GLOBAL] || (!account && publicReads.length === 0)) return null;
  const headers: Record<string, string> = { ...identityHeaders(), accept: 'application/json', 'accept-language': intlLocale() };
  const locale = headers['accept-language']!;
  const until = env.now() + EARLY_TTL_MS;
  const entries: Entry[] = publicReads.map((url) => {
    const response = env.fetch(url, { headers });
    response.catch(() => undefined);
    return { method: 'GET', url, locale, sent: Promise.resolve({ auth: null, response }) };
  });
  let refreshing = false;
  const waiting = new AbortController();
  const take: EarlyAnswers['take'] = (method, url, sentHeaders, signal, share = false) => {
    // Too late (the page has long started), or a change that may alter what the reads answered:
    // none is used after that, and what was not taken is let go.
    if (env.now() > until || (method !== 'GET' && url !== REFRESH_PATH)) entries.length = 0;
    const index = entries.findIndex((e) => e.method === method && e.url === url);
    if (index < 0) return null;
    // Shared: the entry stays for the next reader, and this one reads a copy (the kept answer's body
    // is never read, so it can still be copied).
    const copy = share && method === 'GET';
    const entry = copy ? entries[index] : entries.splice(index, 1)[0];
    // The page asked for the refresh lock before ours and holds it now: ours would wait for the
    // page, and the page for ours. Ours gives up (the page sends its own), and so do the reads.
    if (url === REFRESH_PATH && !refreshing) {
      waiting.abort();
      return null;
    }
    // Asked in another language: the answer may not be what the page wants.
    if (!entry || entry.locale !== sentHeaders['accept-language']) return null;
    const auth = sentHeaders.authorization ?? null;
    // Asked with another token (another sign-in took over meanwhile), or with one where ours went
    // without: its own request, not ours.
    return untilAborted(
      entry.sent.then((sent) =>
        sent && sent.auth === auth ? (copy ? sent.response.then((response) => response.clone()) : sent.response) : null,
      ),
      signal,
    );
  };
  const answers: EarlyAnswers = { take };
  holder[GLOBAL] = answers;
  if (!account) return answers;
  const reads = account.savedData ? [] : named.filter(isEarlyRead).slice(0, MAX_READS);
  const send = () => {
    refreshing = true;
    return env.fetch(REFRESH_PATH, { method: 'POST', headers });
  };
  // The lock is held until the answer (and its new cookie) has arrived.
  const refresh = env.locks
    ? (env.locks.request(REFRESH_LOCK, { signal: waiting.signal }, send) as Promise<unknown> as Promise<Response>)
    : send();
  // Nobody may take it (the page never got that far): no unhandled rejection either way.
  refresh.catch(() => undefined);
  const token = refresh
    .then((response) => (response.ok ? response.clone().json() : null))
    .then((envelope: { body?: { auth?: { accessToken?: unknown } } } | null) => envelope?.body?.auth?.accessToken)
    .then((accessToken) => (typeof accessToken === 'string' ? accessToken : null))
    .catch(() => null);
  entries.push({ method: 'POST', url: REFRESH_PATH, locale, sent: Promise.resolve({ auth: null, response: refresh }) });
  for (const url of reads) {
    const sent = token.then((accessToken) => {
      if (!accessToken) return null;
      const auth = `Bearer ${accessToken}`;
      const response = env.fetch(url, { headers: { ...headers, authorization: auth } });
      response.catch(() => undefined);
      return { auth, response };
    });
    entries.push({ method: 'GET', url, locale, sent });
  }
  return answers;
}

/** For tests: forget the early answers. */
export function forgetEarlyAnswers(): void {
  delete (globalThis as Holder)[GLOBAL];
}
