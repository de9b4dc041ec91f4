import type { Envelope } from '@shambasoko/contracts/envelope';
import { useSession } from '../session/store';
import { identityHeaders } from './device';
import { intlLocale } from '../i18n/locale';
import { takeEarlyAnswer } from './early';

/** A failed core API call, carrying the message to show the user. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown = null,
    /** From the answer's Retry-After (a 429 or 503): how long to wait before asking again. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Retry-After in milliseconds: delay-seconds or an HTTP date; null when absent or unreadable. */
function parseRetryAfter(value: string | null | undefined, nowMs = Date.now()): number | null {
  const text = value?.trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}

/** The wait a failed call was told to observe (Retry-After), read by shape like isUnreachable. */
export function retryAfterOf(error: unknown): number | null {
  const value = (error as { retryAfterMs?: unknown } | null)?.retryAfterMs;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  params?: Record<string, QueryValue | QueryValue[]>;
  body?: unknown;
  /** Sent as it is (a photo upload), with this Content-Type, instead of `body` as JSON. */
  raw?: { data: Blob; contentType: string };
  /** Send the bearer access token (default true when one is stored). */
  auth?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Give up after this many ms (default REQUEST_TIMEOUT_MS); a hung server reads as unreachable. */
  timeoutMs?: number;
  /** A file download: a successful answer's body comes back as a Blob instead of an envelope. */
  file?: boolean;
  /**
   * A read the page makes twice as it starts (the profile's language, then the preferences hook): this
   * one takes a copy of the early answer and leaves it for the next reader of the address (./early.ts).
   */
  shareEarly?: boolean;
}

/** What every page shows when the core API cannot be reached (network down, timeout, gateway error). */
export const UNREACHABLE_MESSAGE = "We can't reach ShambaSoko right now. Check your connection and try again.";
/** A 5xx that brought no message of its own; the same words as the core API's generic error. */
export const SERVER_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';
export const REQUEST_TIMEOUT_MS = 30_000;

// The core API itself answers with an envelope; these statuses without one come from a proxy or gateway in front.
const GATEWAY_STATUSES = new Set([502, 503, 504]);

/**
 * True when the request may never have reached the core API, or its answer was lost: the input was
 * not refused, so pages keep it and offer a retry. Checked by shape, like query.ts, so a copy of
 * ApiError bundled elsewhere still counts.
 */
export function isUnreachable(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return (error as { name?: unknown } | null)?.name === 'ApiError' && (status === 0 || GATEWAY_STATUSES.has(status as number));
}

/** Status the core API answers for an expired access token. */
export const TOKEN_EXPIRED_STATUS = 407;

type Refresher = () => Promise<boolean>;
let refresher: Refresher | null = null;
let refreshing: Promise<boolean> | null = null;

/** The identity layer registers how to refresh tokens; the client calls it once on a 407. */
export function setTokenRefresher(fn: Refresher | null): void {
  refresher = fn;
}

function refreshOnce(): Promise<boolean> {
  if (!refresher) return Promise.resolve(false);
  // Concurrent 407s share one refresh call.
  refreshing ??= refresher().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

let baseUrl = '';
/** Core API origin; empty means same origin (the static servers proxy /v1 and /api). */
export function setApiBaseUrl(url: string): void {
  baseUrl = url.replace(/\/$/, '');
}

export function buildUrl(path: string, params?: RequestOptions['params']): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) if (v !== undefined && v !== null && v !== '') search.append(key, String(v));
  }
  const query = search.toString();
  return `${baseUrl}${path}${query ? `?${query}` : ''}`;
}

async function send(method: string, path: string, options: RequestOptions): Promise<Response> {
  const { accessToken } = useSession.getState();
  const headers: Record<string, string> = {
    ...identityHeaders(),
    accept: 'application/json',
    'accept-language': intlLocale(),
    ...options.headers,
  };
  if (options.raw) headers['content-type'] = options.raw.contentType;
  else if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.auth !== false && accessToken) headers.authorization = `Bearer ${accessToken}`;
  const url = buildUrl(path, options.params);
  // Sent already by the page's early script (./early.ts), when the page named it (a change drops them all).
  const early = takeEarlyAnswer(method, url, headers, options.signal, options.shareEarly === true);
  const answer = early && (await early);
  if (answer) return answer;
  return fetch(url, {
    method,
    headers,
    body: options.raw ? options.raw.data : options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
}

async function readEnvelope<T>(response: Response): Promise<Envelope<T> | null> {
  try {
    return (await response.json()) as Envelope<T>;
  } catch {
    return null;
  }
}

/** The caller's signal plus a deadline; `timedOut` tells our abort from the caller's. */
function withDeadline(signal: AbortSignal | undefined, ms: number) {
  const controller = new AbortController();
  let timedOut = false;
  let timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, ms);
  const follow = () => controller.abort();
  if (signal?.aborted) controller.abort();
  else signal?.addEventListener('abort', follow, { once: true });
  const arm = () =>
    setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, ms);
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    /** Waits for `task` outside the deadline: a session refresh may wait out a Retry-After. */
    async hold<T>(task: Promise<T>): Promise<T> {
      clearTimeout(timer);
      try {
        return await task;
      } finally {
        if (!timedOut) timer = arm();
      }
    },
    done: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', follow);
    },
  };
}

function failureMessage(status: number, statusText: string): string {
  if (GATEWAY_STATUSES.has(status)) return UNREACHABLE_MESSAGE;
  if (status >= 500) return SERVER_ERROR_MESSAGE;
  return `API request failed: ${status} ${statusText}`;
}

/** Calls the core API and returns the envelope's body, or throws ApiError with the customer message. */
export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const deadline = withDeadline(options.signal, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const sending = { ...options, signal: deadline.signal };
  let response: Response;
  let envelope: Envelope<T> | null;
  try {
    // After a reload the token is not in memory yet: get it through the refresh cookie first.
    const before = useSession.getState();
    if (options.auth !== false && before.accessToken === null && before.user !== null) await deadline.hold(refreshOnce());
    const sentBearer = options.auth !== false && useSession.getState().accessToken !== null;
    response = await send(method, path, sending);
    // 407: the token ran out. 401 with a token: its sign-in may have ended (signed out in another
    // tab, revoked); one refresh tells, and a refused refresh signs this tab out.
    if ((response.status === TOKEN_EXPIRED_STATUS || response.status === 401) && sentBearer && (await deadline.hold(refreshOnce()))) {
      response = await send(method, path, sending);
    }
    if (options.file && response.ok) return (await response.blob()) as T;
    envelope = await readEnvelope<T>(response);
  } catch (error) {
    if ((error as Error).name === 'AbortError' && !deadline.timedOut()) throw error;
    // fetch's own words ("Failed to fetch", "NetworkError…") mean nothing to a farmer.
    throw new ApiError(0, UNREACHABLE_MESSAGE);
  } finally {
    deadline.done();
  }
  // The deadline can also cut the body short, which readEnvelope reports as no envelope.
  if (deadline.timedOut()) throw new ApiError(0, UNREACHABLE_MESSAGE);
  // No envelope at all (an HTML error page from a proxy, say) is a failure, whatever the status.
  if (!response.ok || !envelope?.header || envelope.header.isSuccess === false) {
    const message = envelope?.header?.customerMessage || failureMessage(response.status, response.statusText);
    // Test doubles and some fetch polyfills answer without headers.
    const wait = parseRetryAfter((response.headers as Headers | undefined)?.get?.('retry-after'));
    throw new ApiError(response.status, message, envelope?.body ?? null, wait);
  }
  return (envelope?.body ?? null) as T;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
  /** GETs a file (a CSV export) with the access token a plain link could not send; refusals throw as usual. */
  download: (path: string, options?: RequestOptions) => request<Blob>('GET', path, { ...options, file: true }),
  /** POSTs a file as the raw request body (Content-Type: its type, or application/octet-stream). */
  upload: <T>(path: string, file: Blob, options?: RequestOptions) =>
    request<T>('POST', path, { ...options, raw: { data: file, contentType: file.type || 'application/octet-stream' } }),
};
