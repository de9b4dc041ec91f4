import type { Envelope } from '../contracts/envelope';
import { useSession } from '../session/store';
import { identityHeaders } from './device';

/** A failed core API call, carrying the message to show the user (spec section 8). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  params?: Record<string, QueryValue | QueryValue[]>;
  body?: unknown;
  /** Send the bearer access token (default true when one is stored). */
  auth?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Status the core API answers for an expired access token (spec section 7). */
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
  const headers: Record<string, string> = { ...identityHeaders(), accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.auth !== false && accessToken) headers.authorization = `Bearer ${accessToken}`;
  return fetch(buildUrl(path, options.params), {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
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

/** Calls the core API and returns the envelope's body, or throws ApiError with the customer message. */
export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  let response: Response;
  try {
    response = await send(method, path, options);
    if (response.status === TOKEN_EXPIRED_STATUS && options.auth !== false && (await refreshOnce())) {
      response = await send(method, path, options);
    }
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'Cannot reach ShambaSoko right now. Check your connection and try again.');
  }
  const envelope = await readEnvelope<T>(response);
  // No envelope at all (an HTML error page from a proxy, say) is a failure, whatever the status.
  if (!response.ok || !envelope?.header || envelope.header.isSuccess === false) {
    const message = envelope?.header?.customerMessage || `API request failed: ${response.status} ${response.statusText}`;
    throw new ApiError(response.status, message, envelope?.body ?? null);
  }
  return (envelope?.body ?? null) as T;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};
