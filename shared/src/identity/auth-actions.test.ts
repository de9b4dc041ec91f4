import type { Provider } from './provider';
import { useSession } from '../session/store';
import { rememberLocale } from '../i18n/locale';
import { useCoreSessionStatus } from './core-status';
import {
  confirmPhoneCode,
  createGoogleAccount,
  createPhoneAccount,
  isNoAccount,
  restoreSession,
  sendPhoneCode,
  signInWithEmail,
  signInWithGoogle,
  signOut,
  signUpWithEmail,
  signUpWithGoogle,
  switchAccount,
} from './auth-actions';
import { CONFIRMATION_WAIT_MS } from './sign-in-actions';
import { stopTokenKeeper } from './token-keeper';

const user = {
  uid: 'fb-1',
  email: 'wanjiku.kamau@example.co.ke',
  displayName: 'Wanjiku Kamau',
  photoURL: null,
  emailVerified: false,
  getIdToken: jest.fn(async () => 'id-token'),
};
const phoneUser = {
  uid: 'fb-phone',
  email: null,
  phoneNumber: '+254712345678',
  displayName: null,
  photoURL: null,
  emailVerified: false,
  getIdToken: jest.fn(async () => 'phone-id-token'),
};
const NO_ACCOUNT = 'No ShambaSoko account uses this sign-in yet. Create an account first.';
const sdk = {
  createUserWithEmailAndPassword: jest.fn(async (): Promise<{ user: typeof user }> => ({ user })),
  RecaptchaVerifier: class {
    clear() {}
  },
  signInWithPhoneNumber: jest.fn(async () => ({ confirm: async () => ({ user: phoneUser }) })),
  signInWithEmailAndPassword: jest.fn(async () => ({ user })),
  signInWithPopup: jest.fn(async () => ({ user })),
  updateProfile: jest.fn(async () => undefined),
  sendEmailVerification: jest.fn(async () => undefined),
  signOut: jest.fn(async () => undefined),
  GoogleAuthProvider: class {
    setCustomParameters() {}
  },
};
jest.mock('./provider', () => ({
  loadProvider: async (): Promise<Partial<Provider>> => ({ auth: { authStateReady: async () => undefined } as never, sdk: sdk as never }),
}));

const coreOk = {
  auth: { accessToken: 'A1', expiresAt: 2_000_000_000 },
  user: { id: 'core-1', fullName: 'Wanjiku Kamau', email: user.email, roles: ['Supplier', 'Buyer'] },
};
type Reply = { status: number; body?: unknown; message?: string };
let replies: Reply[] = [];
const fetchMock = jest.fn(async (_url: string, _init: RequestInit) => {
  const r = replies.shift() ?? { status: 200, body: {} };
  const ok = r.status < 400;
  return {
    ok,
    status: r.status,
    statusText: '',
    json: async () => ({ header: { isSuccess: ok, customerMessage: r.message ?? '' }, body: r.body ?? null }),
  } as Response;
});
const call = (i: number) => {
  const [url, init] = fetchMock.mock.calls[i] ?? [];
  return {
    url,
    init,
    body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null,
    headers: (init?.headers ?? {}) as Record<string, string>,
  };
};

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.clearAllMocks();
  replies = [];
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  localStorage.clear();
  useSession.setState({ accounts: [] });
  useSession.getState().clearSession();
  useCoreSessionStatus.setState({ failure: null, retrying: false });
});
afterEach(() => stopTokenKeeper());

describe('signUpWithEmail', () => {
  it('creates the provider account, then the core account with the spec payload, and opens the session', async () => {
    replies = [{ status: 200, body: coreOk }];
    await signUpWithEmail({
      firstName: 'Wanjiku',
      lastName: 'Kamau',
      email: 'Wanjiku.Kamau@example.co.ke',
      phone: '0712 345 678',
      password: 'secret1',
      roles: ['Farmer'],
    });
    expect(sdk.updateProfile).toHaveBeenCalledWith(user, { displayName: 'Wanjiku Kamau' });
    const { url, body } = call(0);
    expect(url).toBe('/v1/auth/create-account');
    expect(body).toMatchObject({
      idToken: 'id-token',
      account: {
        firebaseRefId: 'fb-1',
        username: 'wanjikukamau',
        firstName: 'Wanjiku',
        lastName: 'Kamau',
        fullName: 'Wanjiku Kamau',
        msisdn: '0712 345 678',
        password: '',
        termsAccepted: true,
        termsVersion: '1.0.0',
        privacyPolicyAccepted: true,
        privacyPolicyVersion: '1.0.0',
        cookiePolicyAccepted: true,
        cookiePolicyVersion: '1.0.0',
        roles: ['Farmer'],
      },
    });
    const device = (body?.account as { device: Record<string, unknown> }).device;
    expect(device).toHaveProperty('make');
    expect(device).not.toHaveProperty('macAddress');
    expect(device).not.toHaveProperty('imei');
    const s = useSession.getState();
    expect(s).toMatchObject({ accessToken: 'A1', expiresAt: 2_000_000_000, userId: 'core-1' });
    expect(JSON.stringify({ ...localStorage })).not.toContain('A1');
    expect(s.user).toMatchObject({ uid: 'fb-1', displayName: 'Wanjiku Kamau' });
    expect(s.accounts[0]).toMatchObject({ uid: 'fb-1', email: user.email });
    // Farm invitations are claimed only for a confirmed address.
    expect(sdk.sendEmailVerification).toHaveBeenCalledWith(user);
  });

  it('sends the language chosen before signing up, so the new account starts in it', async () => {
    rememberLocale('sw');
    try {
      replies = [{ status: 200, body: coreOk }];
      await signUpWithEmail({
        firstName: 'Wanjiku',
        lastName: 'Kamau',
        email: 'w@example.co.ke',
        phone: '',
        password: 'secret1',
        roles: ['Buyer'],
      });
      expect(call(0).body).toMatchObject({ account: { language: 'sw' } });
    } finally {
      rememberLocale('en');
    }
  });

  it('keeps the new account when the confirmation e-mail cannot be sent', async () => {
    replies = [{ status: 200, body: coreOk }];
    sdk.sendEmailVerification.mockRejectedValueOnce(new Error('auth/network-request-failed'));
    await signUpWithEmail({ firstName: 'A', lastName: 'B', email: 'a@b.ke', password: 'secret1', roles: ['Farmer'] });
    await Promise.resolve();
    expect(useSession.getState().accessToken).toBe('A1');
    expect(sdk.signOut).not.toHaveBeenCalled();
  });

  it('finishes only once the confirmation e-mail request is taken, so a reload right after cannot cancel it', async () => {
    replies = [{ status: 200, body: coreOk }];
    let taken!: () => void;
    sdk.sendEmailVerification.mockImplementationOnce(() => new Promise<undefined>((resolve) => (taken = () => resolve(undefined))));
    let done = false;
    const signingUp = signUpWithEmail({ firstName: 'A', lastName: 'B', email: 'a@b.ke', password: 'secret1', roles: ['Farmer'] }).then(
      () => (done = true),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sdk.sendEmailVerification).toHaveBeenCalledWith(user);
    expect(done).toBe(false);
    taken();
    await signingUp;
    expect(done).toBe(true);
  });

  it('does not keep the new account waiting on a provider that never answers', async () => {
    replies = [{ status: 200, body: coreOk }];
    sdk.sendEmailVerification.mockImplementationOnce(() => new Promise<undefined>(() => undefined));
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      let done = false;
      const signingUp = signUpWithEmail({ firstName: 'A', lastName: 'B', email: 'a@b.ke', password: 'secret1', roles: ['Farmer'] }).then(
        () => (done = true),
      );
      await jest.advanceTimersByTimeAsync(CONFIRMATION_WAIT_MS - 1);
      expect(done).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      await signingUp;
      expect(useSession.getState().accessToken).toBe('A1');
    } finally {
      jest.useRealTimers();
    }
  });

  it('ends the provider session and says so when the core API fails', async () => {
    replies = [{ status: 500 }];
    await expect(
      signUpWithEmail({ firstName: 'A', lastName: 'B', email: 'a@b.ke', password: 'secret1', roles: ['Farmer'] }),
    ).rejects.toThrow('Failed to create account');
    expect(sdk.signOut).toHaveBeenCalled();
    expect(sdk.sendEmailVerification).not.toHaveBeenCalled();
    expect(useSession.getState().accessToken).toBeNull();
  });

  it("shows the core API's customer message", async () => {
    replies = [{ status: 429, message: 'Too many attempts. Please wait a minute and try again.' }];
    await expect(
      signUpWithEmail({ firstName: 'A', lastName: 'B', email: 'a@b.ke', password: 'secret1', roles: ['Farmer'] }),
    ).rejects.toThrow('Too many attempts');
  });
});

describe('signInWithEmail', () => {
  it('signs in at the core API as a web client', async () => {
    replies = [{ status: 200, body: coreOk }];
    await signInWithEmail('wanjiku.kamau@example.co.ke', 'secret1');
    expect(call(0)).toMatchObject({ url: '/v1/auth/login', body: { idToken: 'id-token', webClient: true } });
    expect(useSession.getState().accessToken).toBe('A1');
    // The roles come with the sign-in; it opens with the first held of Farmer, Supplier, Retailer, Buyer, Admin.
    expect(useSession.getState()).toMatchObject({ user: { roles: ['Supplier', 'Buyer'] }, role: 'Supplier' });
  });

  it('keeps the provider session on a core failure and records it for a retry', async () => {
    replies = [{ status: 500 }];
    await expect(signInWithEmail('a@b.ke', 'secret1')).rejects.toThrow('Failed to sign in');
    expect(sdk.signOut).not.toHaveBeenCalled();
    expect(useSession.getState().user?.uid).toBe('fb-1');
    expect(useCoreSessionStatus.getState().failure).toBe('Failed to sign in');
  });

  it('sends the confirmation link when the core API asks for a confirmed address first', async () => {
    const message = 'Please confirm your e-mail address first: open the link we sent to a@b.ke, then sign in again.';
    replies = [{ status: 403, message }];
    await expect(signInWithEmail('a@b.ke', 'secret1')).rejects.toThrow(message);
    expect(sdk.sendEmailVerification).toHaveBeenCalledWith(user);
  });
});

describe('an identity with no ShambaSoko account (only sign-up opens one)', () => {
  it('e-mail sign-in: says so with the 404, signs out of the provider and records no session to retry', async () => {
    replies = [{ status: 404, message: NO_ACCOUNT }];
    const failure = await signInWithEmail('a@b.ke', 'secret1').catch((error: unknown) => error);
    expect(failure).toMatchObject({ message: NO_ACCOUNT, status: 404 });
    expect(isNoAccount(failure)).toBe(true);
    expect(sdk.signOut).toHaveBeenCalled();
    expect(useSession.getState().user).toBeNull();
    expect(useCoreSessionStatus.getState().failure).toBeNull();
  });

  it('Google: the sign-up button asks first; a new identity is kept until its roles are chosen, then sent with the policies', async () => {
    replies = [
      { status: 404, message: NO_ACCOUNT },
      { status: 404, message: NO_ACCOUNT },
      { status: 200, body: coreOk },
    ];
    const failure = await signInWithGoogle().catch((error: unknown) => error);
    expect(isNoAccount(failure)).toBe(true);
    expect(call(0).body).not.toHaveProperty('signUp');
    await expect(signUpWithGoogle()).resolves.toEqual({ needsAccount: true });
    expect(call(1).body).not.toHaveProperty('signUp');
    expect(useSession.getState().accessToken).toBeNull();
    await createGoogleAccount(['Buyer']);
    expect(call(2).body).toMatchObject({
      signUp: { termsAccepted: true, privacyPolicyAccepted: true, cookiePolicyAccepted: true, termsVersion: '1.0.0', roles: ['Buyer'] },
    });
    expect(useSession.getState().accessToken).toBe('A1');
  });

  it('Google: the sign-up button signs an existing account straight in', async () => {
    replies = [{ status: 200, body: coreOk }];
    await expect(signUpWithGoogle()).resolves.toEqual({ needsAccount: false });
    expect(useSession.getState().accessToken).toBe('A1');
  });

  it('phone: a number without an account is asked to create one, with its name and the policies', async () => {
    await sendPhoneCode('+254712345678', document.createElement('div'));
    replies = [
      { status: 404, message: NO_ACCOUNT },
      { status: 200, body: coreOk },
    ];
    await expect(confirmPhoneCode('123456')).resolves.toEqual({ needsName: true, needsAccount: true });
    await createPhoneAccount('Wafula', 'Chebet', ['Buyer', 'Retailer']);
    expect(call(1)).toMatchObject({
      url: '/v1/auth/create-account',
      body: {
        idToken: 'phone-id-token',
        account: {
          firebaseRefId: 'fb-phone',
          email: '254712345678@phone.shambasoko.invalid',
          firstName: 'Wafula',
          lastName: 'Chebet',
          msisdn: '+254712345678',
          termsAccepted: true,
          privacyPolicyAccepted: true,
          cookiePolicyAccepted: true,
          roles: ['Buyer', 'Retailer'],
        },
      },
    });
    expect(useSession.getState().accessToken).toBe('A1');
  });

  it('sign-up finishes a provider account whose ShambaSoko account was never made, with its own password', async () => {
    sdk.createUserWithEmailAndPassword.mockRejectedValueOnce(Object.assign(new Error('exists'), { code: 'auth/email-already-in-use' }));
    replies = [{ status: 200, body: coreOk }];
    await signUpWithEmail({ firstName: 'Wanjiku', lastName: 'Kamau', email: user.email, password: 'secret1', roles: ['Farmer'] });
    expect(sdk.signInWithEmailAndPassword).toHaveBeenCalledWith(expect.anything(), user.email, 'secret1');
    expect(call(0).url).toBe('/v1/auth/create-account');
    expect(useSession.getState().accessToken).toBe('A1');
  });
});

describe('core API unreachable', () => {
  it('says so in plain words and keeps the provider session for a retry', async () => {
    globalThis.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await expect(signInWithEmail('a@b.ke', 'secret1')).rejects.toThrow("We can't reach ShambaSoko right now");
    expect(sdk.signOut).not.toHaveBeenCalled();
    expect(useCoreSessionStatus.getState().failure).toMatch(/^We can't reach ShambaSoko/);
  });
});

describe('Google', () => {
  it('signs in with signOutOtherSessions and ends the provider session on a core failure', async () => {
    replies = [{ status: 500 }];
    await expect(signInWithGoogle()).rejects.toThrow('Failed to sign in with Google');
    expect(call(0)).toMatchObject({ url: '/v1/auth/login/google', body: { firebaseRefId: 'fb-1', signOutOtherSessions: true } });
    expect(sdk.signOut).toHaveBeenCalled();
  });
});

describe('signOut and switching', () => {
  it('revokes the sign-in (bearer; the cookie goes by itself), signs out of the provider, clears the session and keeps remembered accounts', async () => {
    replies = [
      { status: 200, body: coreOk },
      { status: 200, body: {} },
    ];
    await signInWithEmail('wanjiku.kamau@example.co.ke', 'secret1');
    await signOut();
    expect(call(1)).toMatchObject({ url: '/v1/auth/logout', headers: { authorization: 'Bearer A1' } });
    expect(call(1).headers).not.toHaveProperty('x-refresh-token');
    expect(sdk.signOut).toHaveBeenCalled();
    const s = useSession.getState();
    expect(s).toMatchObject({ user: null, accessToken: null, userId: null });
    expect(s.accounts).toHaveLength(1);
    expect(Object.keys(s.accounts[0]!).sort()).toEqual(['displayName', 'email', 'lastUsed', 'photoURL', 'uid']);
  });

  it('moves the chosen account to the front when switching', async () => {
    const old = { uid: 'other', email: 'o@x.ke', displayName: 'O', photoURL: null, lastUsed: 1 };
    useSession.setState({ accounts: [{ ...old, uid: 'first', lastUsed: 5 }, old] });
    await switchAccount(old);
    expect(useSession.getState().accounts.map((a) => a.uid)).toEqual(['other', 'first']);
    expect(useSession.getState().accounts[0]?.lastUsed).toBeGreaterThan(5);
  });
});

describe('restoreSession (after a reload)', () => {
  it('gets a new access token through the refresh cookie for a stored user', async () => {
    useSession.getState().setUser({ uid: 'fb-1', displayName: 'W', email: user.email });
    replies = [{ status: 200, body: { auth: { accessToken: 'A9', expiresAt: 2_000_000_000 }, roles: ['Retailer', 'Admin'] } }];
    await restoreSession();
    expect(call(0).url).toBe('/v1/auth/refresh');
    // The roles refresh with the tokens: a role granted or removed elsewhere shows up in the switcher.
    expect(useSession.getState()).toMatchObject({ accessToken: 'A9', user: { uid: 'fb-1', roles: ['Admin', 'Retailer'] }, role: 'Admin' });
  });

  it('signs out locally when the sign-in has ended, without opening a new one from the provider', async () => {
    useSession.getState().setUser({ uid: 'fb-1', displayName: 'W', email: user.email });
    replies = [{ status: 401, message: 'Your session has ended. Please sign in again.' }];
    await restoreSession();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(useSession.getState()).toMatchObject({ user: null, accessToken: null });
  });

  it('asks nothing for a visitor who never signed in here', async () => {
    await restoreSession();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
