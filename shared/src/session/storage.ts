/** The browser keys the session lives under (spec section 9: access token, refresh token, user id, accounts list). */
export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  /** Epoch seconds of the access token's expiry, stored with the tokens for the refresh schedule. */
  accessTokenExpiresAt: 'tokenExpiresAt',
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
