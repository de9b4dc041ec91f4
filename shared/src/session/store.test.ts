import { STORAGE_KEYS } from './storage';
import { useSession } from './store';

describe('session store', () => {
  beforeEach(() => {
    localStorage.clear();
    useSession.getState().clearSession();
  });

  it('persists tokens and user id under the spec keys and clears them on sign-out', () => {
    useSession.getState().setTokens({ accessToken: 'A', refreshToken: 'R', userId: 'u-1' });
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('A');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('R');
    expect(localStorage.getItem(STORAGE_KEYS.userId)).toBe('u-1');
    useSession.getState().clearSession();
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userId)).toBeNull();
  });

  it('keeps remembered accounts when the session is cleared', () => {
    useSession.getState().rememberAccount({ uid: 'u', email: 'u@x.ke', displayName: 'U', photoURL: null, lastUsed: 1 });
    useSession.getState().clearSession();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.accounts) ?? '[]')).toHaveLength(1);
  });

  it('persists the chosen role', () => {
    useSession.getState().setRole('Supplier');
    expect(localStorage.getItem(STORAGE_KEYS.role)).toBe('Supplier');
  });
});
