import { LEGACY_TOKEN_KEYS, STORAGE_KEYS } from './storage';
import { useSession } from './store';

describe('session store', () => {
  beforeEach(() => {
    localStorage.clear();
    useSession.getState().clearSession();
  });

  it('keeps the access token in memory only; persists the user id and clears it on sign-out', () => {
    useSession.getState().setTokens({ accessToken: 'A', userId: 'u-1', expiresAt: 100 });
    expect(useSession.getState()).toMatchObject({ accessToken: 'A', expiresAt: 100 });
    for (let i = 0; i < localStorage.length; i += 1) expect(localStorage.getItem(localStorage.key(i)!)).not.toContain('A');
    for (const key of LEGACY_TOKEN_KEYS) expect(localStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userId)).toBe('u-1');
    useSession.getState().clearSession();
    expect(useSession.getState().accessToken).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userId)).toBeNull();
  });

  it('keeps remembered accounts (display data only) when the session is cleared', () => {
    useSession.getState().rememberAccount({ uid: 'u', email: 'u@x.ke', displayName: 'U', photoURL: null, lastUsed: 1 });
    useSession.getState().clearSession();
    const accounts = JSON.parse(localStorage.getItem(STORAGE_KEYS.accounts) ?? '[]') as object[];
    expect(accounts).toEqual([{ uid: 'u', email: 'u@x.ke', displayName: 'U', photoURL: null, lastUsed: 1 }]);
  });

  it('persists the chosen role', () => {
    useSession.getState().setRole('Supplier');
    expect(localStorage.getItem(STORAGE_KEYS.role)).toBe('Supplier');
  });

  it('follows another tab: its sign-out ends this session, its sign-in as someone else drops this token', () => {
    const fire = () => window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.currentUser, storageArea: localStorage }));
    useSession.setState({ user: { uid: 'a', displayName: 'A', email: 'a@x.ke' }, accessToken: 'TA' });
    localStorage.setItem(STORAGE_KEYS.currentUser, JSON.stringify({ uid: 'a', displayName: 'A renamed', email: 'a@x.ke' }));
    fire();
    expect(useSession.getState()).toMatchObject({ user: { displayName: 'A renamed' }, accessToken: 'TA' });
    localStorage.setItem(STORAGE_KEYS.currentUser, JSON.stringify({ uid: 'b', displayName: 'B', email: 'b@x.ke' }));
    fire();
    expect(useSession.getState()).toMatchObject({ user: { uid: 'b' }, accessToken: null });
    localStorage.removeItem(STORAGE_KEYS.currentUser);
    fire();
    expect(useSession.getState()).toMatchObject({ user: null, accessToken: null });
  });
});

describe('an upgraded browser', () => {
  it('removes the tokens earlier versions left in localStorage', () => {
    jest.isolateModules(() => {
      localStorage.setItem('accessToken', 'old-access');
      localStorage.setItem('refreshToken', 'old-refresh');
      localStorage.setItem('tokenExpiresAt', '123');
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { useSession: fresh } = require('./store') as typeof import('./store');
      expect(fresh.getState().accessToken).toBeNull();
      for (const key of LEGACY_TOKEN_KEYS) expect(localStorage.getItem(key)).toBeNull();
    });
  });
});
