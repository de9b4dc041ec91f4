import type { StateStorage } from 'zustand/middleware';

/**
 * The browser keys ShambaSoko keeps: the persisted session (display data and ids only) and the device
 * id. No token is stored (any script on the page could read it): the access token lives in memory, the
 * refresh token in an HttpOnly cookie the page cannot read.
 */
export const STORAGE_KEYS = {
  session: 'shambasoko.session',
  deviceId: 'deviceId',
} as const;

/** Where earlier versions kept the session, one key per field; read once and moved into the session key. */
const LEGACY_SESSION_KEYS = { userId: 'userId', accounts: 'accounts', user: 'currentUser', role: 'role' } as const;

/** Where earlier versions kept tokens; removed at start so an upgraded browser holds none. */
export const LEGACY_TOKEN_KEYS = ['accessToken', 'refreshToken', 'tokenExpiresAt'] as const;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled (private mode, policy): the session then lives in memory only
  }
}

export function readString(key: string): string | null {
  return storage()?.getItem(key) ?? null;
}

export function writeValue(key: string, value: string | null): void {
  const s = storage();
  if (!s) return;
  if (value === null) s.removeItem(key);
  else s.setItem(key, value);
}

function parseOr<T>(raw: string | null, fallback: T): T {
  if (raw === null) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

/** The persisted shape of an earlier version's keys, or null when it left none. Removes them. */
function takeLegacySession(): string | null {
  const keys = Object.values(LEGACY_SESSION_KEYS);
  if (keys.every((key) => readString(key) === null)) return null;
  const state = {
    user: parseOr(readString(LEGACY_SESSION_KEYS.user), null),
    userId: readString(LEGACY_SESSION_KEYS.userId),
    accounts: parseOr(readString(LEGACY_SESSION_KEYS.accounts), []),
    role: readString(LEGACY_SESSION_KEYS.role) ?? undefined,
  };
  for (const key of keys) writeValue(key, null);
  return JSON.stringify({ state, version: 0 });
}

/**
 * localStorage for zustand's persist, tolerant of a browser that refuses storage, and taking over what
 * an earlier version stored under separate keys, so an upgrade keeps the user signed in.
 */
export const sessionStorageAdapter: StateStorage = {
  getItem: (name) => readString(name) ?? (name === STORAGE_KEYS.session ? takeLegacySession() : null),
  setItem: (name, value) => writeValue(name, value),
  removeItem: (name) => writeValue(name, null),
};

export function removeLegacyTokens(): void {
  for (const key of LEGACY_TOKEN_KEYS) writeValue(key, null);
}
