import { create } from 'zustand';
import { APP_ROLES, type AppRole } from '../contracts/remotes';
import { type RememberedAccount, upsertAccount } from './accounts';
import { STORAGE_KEYS, readJson, readString, removeLegacyTokens, writeValue } from './storage';

export interface SessionUser {
  uid: string;
  displayName: string;
  email: string;
  photoURL?: string | null;
}

export interface SessionTokens {
  accessToken: string;
  userId?: string | null;
  /** Epoch seconds of the access token's expiry. */
  expiresAt?: number | null;
}

export interface SessionState {
  user: SessionUser | null;
  /** In memory only: a reload gets a new one from /v1/auth/refresh (the refresh token is an HttpOnly cookie). */
  accessToken: string | null;
  /** Epoch seconds of the access token's expiry, or null when unknown. */
  expiresAt: number | null;
  userId: string | null;
  accounts: RememberedAccount[];
  role: AppRole;
  setUser(user: SessionUser | null): void;
  setTokens(tokens: SessionTokens): void;
  setUserId(userId: string | null): void;
  clearTokens(): void;
  /** Forgets the signed-in user and tokens; the remembered accounts stay. */
  clearSession(): void;
  rememberAccount(account: RememberedAccount): void;
  setRole(role: AppRole): void;
}

function storedRole(): AppRole {
  const value = readString(STORAGE_KEYS.role);
  return (APP_ROLES as readonly string[]).includes(value ?? '') ? (value as AppRole) : 'Farmer';
}

removeLegacyTokens();

/**
 * The one session store. It is created here, inside the shared singleton package, so the shell and
 * every remote get the same instance through module federation.
 */
export const useSession = create<SessionState>()((set) => ({
  user: readJson<SessionUser | null>(STORAGE_KEYS.currentUser, null),
  accessToken: null,
  expiresAt: null,
  userId: readString(STORAGE_KEYS.userId),
  accounts: readJson<RememberedAccount[]>(STORAGE_KEYS.accounts, []),
  role: storedRole(),
  setUser: (user) => set({ user }),
  setTokens: ({ accessToken, userId, expiresAt }) =>
    set((s) => ({ accessToken, expiresAt: expiresAt ?? null, userId: userId === undefined ? s.userId : userId })),
  setUserId: (userId) => set({ userId }),
  clearTokens: () => set({ accessToken: null, expiresAt: null, userId: null }),
  clearSession: () => set({ user: null, accessToken: null, expiresAt: null, userId: null }),
  rememberAccount: (account) => set((s) => ({ accounts: upsertAccount(s.accounts, account) })),
  setRole: (role) => set({ role }),
}));

// Persist the display data and ids, each under its own key, only when it changes. Never a token.
useSession.subscribe((state, prev) => {
  if (state.user !== prev.user) writeValue(STORAGE_KEYS.currentUser, state.user);
  if (state.userId !== prev.userId) writeValue(STORAGE_KEYS.userId, state.userId);
  if (state.accounts !== prev.accounts) writeValue(STORAGE_KEYS.accounts, state.accounts);
  if (state.role !== prev.role) writeValue(STORAGE_KEYS.role, state.role);
});

/**
 * Another tab signed in or out. Tabs share the refresh cookie, not the access token: a sign-out there
 * ends this tab's session; a sign-in as someone else drops this tab's token (the token keeper then
 * refreshes with the new cookie).
 */
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.storageArea !== window.localStorage) return;
    if (event.key === STORAGE_KEYS.accounts) {
      useSession.setState({ accounts: readJson<RememberedAccount[]>(STORAGE_KEYS.accounts, []) });
      return;
    }
    if (event.key !== STORAGE_KEYS.currentUser && event.key !== null) return;
    const user = readJson<SessionUser | null>(STORAGE_KEYS.currentUser, null);
    const current = useSession.getState().user;
    if (user === null) useSession.setState({ user: null, accessToken: null, expiresAt: null, userId: null });
    else if (current?.uid !== user.uid) useSession.setState({ user, accessToken: null, expiresAt: null, userId: readString(STORAGE_KEYS.userId) });
    else useSession.setState({ user });
  });
}

/**
 * Signed in as far as this page knows: a user is stored. The access token may not be in memory yet
 * (after a reload): the API client gets one through the refresh cookie before its first call, and a
 * refused refresh clears the user, which signs the page out.
 */
export const isSignedIn = (s: Pick<SessionState, 'user'>): boolean => s.user !== null;
