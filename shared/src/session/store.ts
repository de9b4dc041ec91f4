import { create } from 'zustand';
import { APP_ROLES, type AppRole } from '../contracts/remotes';
import { type RememberedAccount, upsertAccount } from './accounts';
import { STORAGE_KEYS, readJson, readString, writeValue } from './storage';

export interface SessionUser {
  uid: string;
  displayName: string;
  email: string;
  photoURL?: string | null;
}

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
  userId?: string | null;
  /** Epoch seconds of the access token's expiry. */
  expiresAt?: number | null;
}

export interface SessionState {
  user: SessionUser | null;
  accessToken: string | null;
  refreshToken: string | null;
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

function storedExpiry(): number | null {
  const value = Number(readString(STORAGE_KEYS.accessTokenExpiresAt));
  return Number.isFinite(value) && value > 0 ? value : null;
}

function storedRole(): AppRole {
  const value = readString(STORAGE_KEYS.role);
  return (APP_ROLES as readonly string[]).includes(value ?? '') ? (value as AppRole) : 'Farmer';
}

/**
 * The one session store. It is created here, inside the shared singleton package, so the shell and
 * every remote get the same instance through module federation.
 */
export const useSession = create<SessionState>()((set) => ({
  user: readJson<SessionUser | null>(STORAGE_KEYS.currentUser, null),
  accessToken: readString(STORAGE_KEYS.accessToken),
  refreshToken: readString(STORAGE_KEYS.refreshToken),
  expiresAt: storedExpiry(),
  userId: readString(STORAGE_KEYS.userId),
  accounts: readJson<RememberedAccount[]>(STORAGE_KEYS.accounts, []),
  role: storedRole(),
  setUser: (user) => set({ user }),
  setTokens: ({ accessToken, refreshToken, userId, expiresAt }) =>
    set((s) => ({ accessToken, refreshToken, expiresAt: expiresAt ?? null, userId: userId === undefined ? s.userId : userId })),
  setUserId: (userId) => set({ userId }),
  clearTokens: () => set({ accessToken: null, refreshToken: null, expiresAt: null, userId: null }),
  clearSession: () => set({ user: null, accessToken: null, refreshToken: null, expiresAt: null, userId: null }),
  rememberAccount: (account) => set((s) => ({ accounts: upsertAccount(s.accounts, account) })),
  setRole: (role) => set({ role }),
}));

// Persist each field under its own key, only when it changes.
useSession.subscribe((state, prev) => {
  if (state.user !== prev.user) writeValue(STORAGE_KEYS.currentUser, state.user);
  if (state.accessToken !== prev.accessToken) writeValue(STORAGE_KEYS.accessToken, state.accessToken);
  if (state.refreshToken !== prev.refreshToken) writeValue(STORAGE_KEYS.refreshToken, state.refreshToken);
  if (state.expiresAt !== prev.expiresAt) writeValue(STORAGE_KEYS.accessTokenExpiresAt, state.expiresAt === null ? null : String(state.expiresAt));
  if (state.userId !== prev.userId) writeValue(STORAGE_KEYS.userId, state.userId);
  if (state.accounts !== prev.accounts) writeValue(STORAGE_KEYS.accounts, state.accounts);
  if (state.role !== prev.role) writeValue(STORAGE_KEYS.role, state.role);
});

// Another tab signed in or out: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.storageArea !== window.localStorage) return;
    if (event.key === STORAGE_KEYS.accessToken || event.key === STORAGE_KEYS.currentUser || event.key === null) {
      useSession.setState({
        user: readJson<SessionUser | null>(STORAGE_KEYS.currentUser, null),
        accessToken: readString(STORAGE_KEYS.accessToken),
        refreshToken: readString(STORAGE_KEYS.refreshToken),
        expiresAt: storedExpiry(),
        userId: readString(STORAGE_KEYS.userId),
      });
    }
  });
}

export const isSignedIn = (s: Pick<SessionState, 'user' | 'accessToken'>): boolean => s.user !== null && s.accessToken !== null;
