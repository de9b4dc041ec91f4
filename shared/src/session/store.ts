import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { APP_ROLES, type AppRole } from '@shambasoko/contracts/remotes';
import { isAppRole } from '@shambasoko/contracts/role-values';
import { type RememberedAccount, upsertAccount } from './accounts';
import { STORAGE_KEYS, removeLegacyTokens, sessionStorageAdapter } from './storage';

export interface SessionUser {
  uid: string;
  displayName: string;
  email: string;
  photoURL?: string | null;
  /** The roles the account holds (from the core API), in the switcher's order. Unknown until it answers. */
  roles?: AppRole[];
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
  /** Only a role the user holds (once the roles are known); anything else is ignored. */
  setRole(role: AppRole): void;
  /** The roles the server answered; the selected role moves to a held one if it is no longer held. */
  setRoles(roles: AppRole[]): void;
}

/** The role a fresh sign-in opens with: the first held of these. */
const SIGN_IN_ORDER: readonly AppRole[] = ['Farmer', 'Supplier', 'Retailer', 'Buyer', 'Admin'];
export function signInRole(roles: readonly AppRole[]): AppRole {
  return SIGN_IN_ORDER.find((r) => roles.includes(r)) ?? 'Farmer';
}

/** The roles the switcher offers: those held; before the server has said, the current one alone. */
export function heldRoles(s: Pick<SessionState, 'user' | 'role'>): AppRole[] {
  const roles = s.user?.roles;
  return roles && roles.length > 0 ? APP_ROLES.filter((r) => roles.includes(r)) : [s.role];
}

/** `role` if held, else the first held role (switcher order). */
function heldRole(role: AppRole, roles: readonly AppRole[] | undefined): AppRole {
  if (!roles || roles.length === 0 || roles.includes(role)) return role;
  return APP_ROLES.find((r) => roles.includes(r)) ?? role;
}

/** What survives a reload: display data and ids. Never a token. */
type PersistedSession = Pick<SessionState, 'user' | 'userId' | 'accounts' | 'role'>;

function knownRole(value: unknown): AppRole {
  return (APP_ROLES as readonly unknown[]).includes(value) ? (value as AppRole) : 'Farmer';
}

const isSessionUser = (value: unknown): value is SessionUser =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as SessionUser).uid === 'string' &&
  typeof (value as SessionUser).email === 'string' &&
  ((value as SessionUser).roles === undefined ||
    (Array.isArray((value as SessionUser).roles) && (value as SessionUser).roles!.every(isAppRole)));

/** A stored value is checked before use: another version or a hand edit may have left anything there. */
function restored(value: unknown): Partial<PersistedSession> {
  const stored = (typeof value === 'object' && value !== null ? value : {}) as Partial<Record<keyof PersistedSession, unknown>>;
  const user = isSessionUser(stored.user) ? stored.user : null;
  return {
    user,
    userId: typeof stored.userId === 'string' ? stored.userId : null,
    accounts: Array.isArray(stored.accounts) ? (stored.accounts as RememberedAccount[]) : [],
    role: heldRole(knownRole(stored.role), user?.roles),
  };
}

function parseState(raw: string | null): unknown {
  try {
    return raw === null ? null : (JSON.parse(raw) as { state?: unknown }).state;
  } catch {
    return null;
  }
}

removeLegacyTokens();

/**
 * The one session store. It is created here, inside the shared singleton package, so the shell and
 * every remote get the same instance through module federation. zustand's persist keeps the display
 * data and ids under one localStorage key (read synchronously, so the first render is signed in).
 */
export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      user: null,
      accessToken: null,
      expiresAt: null,
      userId: null,
      accounts: [],
      role: 'Farmer',
      setUser: (user) => set((s) => ({ user, role: heldRole(s.role, user?.roles) })),
      setTokens: ({ accessToken, userId, expiresAt }) =>
        set((s) => ({ accessToken, expiresAt: expiresAt ?? null, userId: userId === undefined ? s.userId : userId })),
      setUserId: (userId) => set({ userId }),
      clearTokens: () => set({ accessToken: null, expiresAt: null, userId: null }),
      clearSession: () => set({ user: null, accessToken: null, expiresAt: null, userId: null }),
      rememberAccount: (account) => set((s) => ({ accounts: upsertAccount(s.accounts, account) })),
      setRole: (role) => set((s) => (heldRole(role, s.user?.roles) === role ? { role } : {})),
      setRoles: (roles) =>
        set((s) =>
          s.user ? { user: { ...s.user, roles: APP_ROLES.filter((r) => roles.includes(r)) }, role: heldRole(s.role, roles) } : {},
        ),
    }),
    {
      name: STORAGE_KEYS.session,
      version: 1,
      storage: createJSONStorage(() => sessionStorageAdapter),
      partialize: ({ user, userId, accounts, role }): PersistedSession => ({ user, userId, accounts, role }),
      // Version 0 is the per-key layout of earlier releases, same fields: restored() checks them all.
      migrate: (persisted) => restored(persisted) as PersistedSession,
      merge: (persisted, current) => ({ ...current, ...restored(persisted) }),
    },
  ),
);

/**
 * Another tab signed in or out. Tabs share the refresh cookie, not the access token: a sign-out there
 * ends this tab's session; a sign-in as someone else drops this tab's token (the token keeper then
 * refreshes with the new cookie).
 */
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.storageArea !== window.localStorage) return;
    if (event.key !== STORAGE_KEYS.session && event.key !== null) return;
    // Take the other tab's whole persisted state, so the copy this tab writes back is identical and
    // fires no further event.
    const next = { ...useSession.getState(), ...restored(parseState(event.key === null ? null : event.newValue)) };
    const sameUser = next.user !== null && useSession.getState().user?.uid === next.user.uid;
    useSession.setState(sameUser ? next : { ...next, accessToken: null, expiresAt: null });
  });
}

/**
 * Signed in as far as this page knows: a user is stored. The access token may not be in memory yet
 * (after a reload): the API client gets one through the refresh cookie before its first call, and a
 * refused refresh clears the user, which signs the page out.
 */
export const isSignedIn = (s: Pick<SessionState, 'user'>): boolean => s.user !== null;
