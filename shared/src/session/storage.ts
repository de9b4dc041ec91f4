/**
 * The browser keys of what the session keeps across reloads: display data and ids only. No token is
 * stored here (any script on the page could read it): the access token lives in memory, the refresh
 * token in an HttpOnly cookie the page cannot read.
 */
export const STORAGE_KEYS = {
  userId: 'userId',
  accounts: 'accounts',
  currentUser: 'currentUser',
  role: 'role',
  deviceId: 'deviceId',
} as const;

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

export function readJson<T>(key: string, fallback: T): T {
  const raw = readString(key);
  if (raw === null) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

export function writeValue(key: string, value: unknown): void {
  const s = storage();
  if (!s) return;
  if (value === null || value === undefined) s.removeItem(key);
  else s.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
}

/** Where earlier versions kept tokens; removed at start so an upgraded browser holds none. */
export const LEGACY_TOKEN_KEYS = ['accessToken', 'refreshToken', 'tokenExpiresAt'] as const;

export function removeLegacyTokens(): void {
  for (const key of LEGACY_TOKEN_KEYS) writeValue(key, null);
}
