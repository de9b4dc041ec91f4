import { LEGACY_TOKEN_KEYS, STORAGE_KEYS } from './storage';
import { heldRoles, signInRole, useSession } from './store';

const persisted = () => (JSON.parse(localStorage.getItem(STORAGE_KEYS.session) ?? '{}') as { state?: Record<string, unknown> }).state ?? {};

describe('session store', () => {
  beforeEach(() => {
    localStorage.clear();
    useSession.getState().clearSession();
  });

  it('keeps the access token in memory only; persists the user id and clears it on sign-out', () => {
    useSession.getState().setTokens({ accessToken: 'A-token', userId: 'u-1', expiresAt: 100 });
    expect(useSession.getState()).toMatchObject({ accessToken: 'A-token', expiresAt: 100 });
    expect(JSON.stringify({ ...localStorage })).not.toContain('A-token');
    for (const key of LEGACY_TOKEN_KEYS) expect(localStorage.getItem(key)).toBeNull();
    expect(persisted()).toMatchObject({ userId: 'u-1' });
    expect(Object.keys(persisted()).sort()).toEqual(['accounts', 'role', 'user', 'userId']);
    useSession.getState().clearSession();
    expect(useSession.getState().accessToken).toBeNull();
    expect(persisted()).toMatchObject({ userId: null, user: null });
  });

  it('keeps remembered accounts (display data only) when the session is cleared', () => {
    useSession.getState().rememberAccount({ uid: 'u', email: 'u@x.ke', displayName: 'U', photoURL: null, lastUsed: 1 });
    useSession.getState().clearSession();
    expect(persisted().accounts).toEqual([{ uid: 'u', email: 'u@x.ke', displayName: 'U', photoURL: null, lastUsed: 1 }]);
  });

  it('persists the chosen role', () => {
    useSession.getState().setRole('Supplier');
    expect(persisted().role).toBe('Supplier');
  });

  it('follows another tab: its sign-out ends this session, its sign-in as someone else drops this token', () => {
    const fromOtherTab = (state: object | null) => {
      const newValue = state === null ? null : JSON.stringify({ state, version: 1 });
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.session, newValue, storageArea: localStorage }));
    };
    useSession.setState({ user: { uid: 'a', displayName: 'A', email: 'a@x.ke' }, userId: 'ua', accessToken: 'TA' });
    fromOtherTab({ user: { uid: 'a', displayName: 'A renamed', email: 'a@x.ke' }, userId: 'ua', accounts: [], role: 'Farmer' });
    expect(useSession.getState()).toMatchObject({ user: { displayName: 'A renamed' }, accessToken: 'TA' });
    fromOtherTab({ user: { uid: 'b', displayName: 'B', email: 'b@x.ke' }, userId: 'ub', accounts: [], role: 'Supplier' });
    expect(useSession.getState()).toMatchObject({ user: { uid: 'b' }, userId: 'ub', role: 'Supplier', accessToken: null });
    fromOtherTab(null);
    expect(useSession.getState()).toMatchObject({ user: null, userId: null, accessToken: null });
  });
});

describe('an upgraded browser', () => {
  const load = () => {
    let store!: typeof useSession;
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      store = (require('./store') as typeof import('./store')).useSession;
    });
    return store;
  };

  beforeEach(() => localStorage.clear());

  it('removes the tokens earlier versions left in localStorage', () => {
    localStorage.setItem('accessToken', 'old-access');
    localStorage.setItem('refreshToken', 'old-refresh');
    localStorage.setItem('tokenExpiresAt', '123');
    expect(load().getState().accessToken).toBeNull();
    for (const key of LEGACY_TOKEN_KEYS) expect(localStorage.getItem(key)).toBeNull();
  });

  it('keeps the user signed in from the per-key layout of earlier versions, and moves it to one key', () => {
    const account = { uid: 'u', email: 'u@x.ke', displayName: 'U', photoURL: null, lastUsed: 1 };
    localStorage.setItem('userId', 'u-1');
    localStorage.setItem('currentUser', JSON.stringify({ uid: 'u', displayName: 'U', email: 'u@x.ke' }));
    localStorage.setItem('accounts', JSON.stringify([account]));
    localStorage.setItem('role', 'Supplier');
    expect(load().getState()).toMatchObject({ user: { uid: 'u' }, userId: 'u-1', accounts: [account], role: 'Supplier' });
    for (const key of ['userId', 'currentUser', 'accounts', 'role']) expect(localStorage.getItem(key)).toBeNull();
    expect(persisted()).toMatchObject({ userId: 'u-1', role: 'Supplier' });
  });

  it('ignores what it cannot use: broken JSON, an unknown role, wrong types', () => {
    localStorage.setItem(
      STORAGE_KEYS.session,
      JSON.stringify({ state: { user: { name: 'no uid' }, userId: 7, accounts: {}, role: 'Root' }, version: 1 }),
    );
    expect(load().getState()).toMatchObject({ user: null, userId: null, accounts: [], role: 'Farmer' });
    localStorage.setItem(STORAGE_KEYS.session, '{not json');
    expect(load().getState()).toMatchObject({ user: null, role: 'Farmer' });
  });
});

describe('session roles', () => {
  const user = { uid: 'u-1', email: 'u@x.ke', displayName: 'U' };
  beforeEach(() => {
    localStorage.clear();
    useSession.setState({ user: null, role: 'Farmer' });
  });

  it('keeps the roles the server answered, in the switcher order, and persists them', () => {
    useSession.getState().setUser({ ...user, roles: ['Farmer'] });
    useSession.getState().setRoles(['Buyer', 'Admin', 'Supplier']);
    expect(useSession.getState().user?.roles).toEqual(['Admin', 'Supplier', 'Buyer']);
    expect((persisted().user as { roles: string[] }).roles).toEqual(['Admin', 'Supplier', 'Buyer']);
    expect(heldRoles(useSession.getState())).toEqual(['Admin', 'Supplier', 'Buyer']);
  });

  it('never selects a role the user does not hold; a dropped role falls back to the first held', () => {
    useSession.getState().setUser({ ...user, roles: ['Buyer', 'Supplier'] });
    expect(useSession.getState().role).toBe('Supplier');
    useSession.getState().setRole('Admin');
    expect(useSession.getState().role).toBe('Supplier');
    useSession.getState().setRole('Buyer');
    expect(useSession.getState().role).toBe('Buyer');
    useSession.getState().setRoles(['Retailer']);
    expect(useSession.getState().role).toBe('Retailer');
  });

  it('a sign-in opens with the first held of Farmer, Supplier, Retailer, Buyer, Admin', () => {
    expect(signInRole(['Admin', 'Buyer', 'Retailer'])).toBe('Retailer');
    expect(signInRole(['Admin', 'Farmer'])).toBe('Farmer');
    expect(signInRole(['Admin'])).toBe('Admin');
  });

  it('before the server has said, offers only the current role', () => {
    useSession.getState().setUser(user);
    expect(heldRoles(useSession.getState())).toEqual(['Farmer']);
  });
});
