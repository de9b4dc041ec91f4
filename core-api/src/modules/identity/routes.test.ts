import { phoneAccountEmail } from '@shambasoko/contracts';
import { accountFor } from './test-fixtures';
import { ACCEPTED_POLICIES } from '../../testing/accounts';
import { createTestUser } from '../../testing/auth';
import {
  emulatorGoogleSignIn,
  emulatorPhoneSignIn,
  emulatorSetDisabled,
  emulatorSignIn,
  emulatorSignUp,
  emulatorVerifyEmail,
} from '../../testing/auth-emulator';
import type { TestApp, TestResponse } from '../../testing/test-app';
import { useTestApp } from '../../testing/use-test-app';
import { hashToken } from './repository';
import { REFRESH_COOKIE } from './routes';
import { NO_ACCOUNT } from './service';

type AuthBody = {
  body: {
    auth: { accessToken: string; expiresAt: number };
    user: { id: string; email: string; username: string; firstName: string; lastName: string; msisdn: string | null };
  };
};
type Signed = AuthBody['body'] & { refreshToken: string };

let t: TestApp;
useTestApp((app) => (t = app), {
  env: {
    AUTH_RATE_LIMIT_PER_ACCOUNT: '4',
    AUTH_RATE_LIMIT_PER_IP: '1000',
    AUTH_RATE_LIMIT_PER_SESSION: '5',
    EMAIL_STATUS_RATE_LIMIT_PER_MINUTE: '4',
  },
  authEmulator: true,
});

/** The refresh cookie a response set (its value), with its attributes. */
function refreshCookie(res: TestResponse): { value: string; attributes: string } {
  const header = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith(`${REFRESH_COOKIE}=`));
  if (!header) throw new Error(`no refresh cookie in ${res.statusCode} ${res.payload}`);
  const [pair, ...attributes] = header.split(';');
  return { value: decodeURIComponent(pair!.slice(REFRESH_COOKIE.length + 1)), attributes: attributes.join(';').trim() };
}

/** A sign-in's answer plus the refresh token from its cookie. */
function signed(res: TestResponse): Signed {
  return { ...res.json<AuthBody>().body, refreshToken: refreshCookie(res).value };
}

async function signUp() {
  const account = await emulatorSignUp();
  const res = await t.request({
    method: 'POST',
    url: '/v1/auth/create-account',
    payload: { idToken: account.idToken, account: accountFor(account) },
  });
  expect(res.statusCode).toBe(201);
  const { auth, user, refreshToken } = signed(res);
  return { account, auth: { ...auth, refreshToken }, user };
}

/** A phone sign-in's account, made as the phone form's Create Account step makes it. */
async function phoneSignUp(phone: string, names = { firstName: 'Wafula', lastName: 'Chebet' }) {
  const { uid, idToken } = await emulatorPhoneSignIn(phone);
  return t.request({
    method: 'POST',
    url: '/v1/auth/create-account',
    payload: { idToken, account: accountFor({ uid, email: phoneAccountEmail(phone)! }, { ...names, fullName: undefined, msisdn: phone }) },
  });
}

/** What the Create Account page's Google step sends: the policies accepted there and the roles chosen. */
const GOOGLE_SIGN_UP = { ...ACCEPTED_POLICIES, roles: ['Farmer'] };

/** Google's first sign-in from the Create Account page: it carries the policies accepted there. */
const googleSignUp = (g: { uid: string; idToken: string }, extra: object = {}) =>
  t.request({
    method: 'POST',
    url: '/v1/auth/login/google',
    payload: { idToken: g.idToken, firebaseRefId: g.uid, signOutOtherSessions: false, signUp: GOOGLE_SIGN_UP, ...extra },
  });

const usersWithUid = async (uid: string) => (await t.db.selectFrom('users').select('id').where('firebase_uid', '=', uid).execute()).length;

const refreshWith = (refreshToken: string, accessToken?: string) =>
  t.request({
    method: 'POST',
    url: '/v1/auth/refresh',
    headers: {
      cookie: `${REFRESH_COOKIE}=${encodeURIComponent(refreshToken)}`,
      ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}),
    },
  });
const statusWith = async (accessToken: string) =>
  (await t.request({ method: 'GET', url: '/v1/profile/status', headers: { authorization: `Bearer ${accessToken}` } })).statusCode;

describe('identity', () => {
  it('creates an account from a verified identity and answers the profile status', async () => {
    const { account, auth, user } = await signUp();
    expect(user).toMatchObject({ email: account.email, firstName: 'Achieng', lastName: 'Otieno' });
    expect(user.username).toBe(account.email.split('@')[0]!.replace(/[^a-z0-9]/g, ''));
    expect(auth.expiresAt).toBeGreaterThan(Date.now() / 1000);
    const status = await t.request({ method: 'GET', url: '/v1/profile/status', headers: { authorization: `Bearer ${auth.accessToken}` } });
    expect(status.json<{ body: { user: { id: string } } }>().body.user.id).toBe(user.id);
    const stored = await t.db
      .selectFrom('users')
      .select(['terms_version', 'cookie_policy_accepted'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ terms_version: '1.0.0', cookie_policy_accepted: true });
  });

  it('never accepts a password and refuses an account that does not match the identity', async () => {
    const account = await emulatorSignUp();
    const withPassword = await t.request({
      method: 'POST',
      url: '/v1/auth/create-account',
      payload: { idToken: account.idToken, account: accountFor(account, { password: 'secret-123' }) },
    });
    expect(withPassword.statusCode).toBe(400);
    expect(withPassword.json().header.customerMessage).toMatch(/password/);
    const other = await t.request({
      method: 'POST',
      url: '/v1/auth/create-account',
      payload: { idToken: account.idToken, account: accountFor({ uid: 'someone-else', email: account.email }) },
    });
    expect(other.statusCode).toBe(400);
  });

  it.each([
    ['garbage', 'x'.repeat(40)],
    [
      'forged (unsigned, edited)',
      `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"evil","email":"evil@x.ke"}').toString('base64url')}.`,
    ],
  ])('refuses a %s identity token with 401 in the envelope', async (_name, idToken) => {
    const res = await t.request({ method: 'POST', url: '/v1/auth/login', payload: { idToken } });
    expect(res.statusCode).toBe(401);
    expect(res.json().header.isSuccess).toBe(false);
  });

  it('refuses to sign in an identity that never signed up: 404, no account, no consent recorded', async () => {
    const account = await emulatorSignUp();
    const res = await t.request({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { idToken: await emulatorSignIn(account.email, account.password), webClient: true },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ header: { isSuccess: false, customerMessage: NO_ACCOUNT }, body: null });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await usersWithUid(account.uid)).toBe(0);
    // Creating the account is the way in; after it, sign-in works.
    await t.request({
      method: 'POST',
      url: '/v1/auth/create-account',
      payload: { idToken: account.idToken, account: accountFor(account) },
    });
    const again = await t.request({ method: 'POST', url: '/v1/auth/login', payload: { idToken: account.idToken } });
    expect(again.statusCode).toBe(200);
    expect(again.json<AuthBody>().body.user.email).toBe(account.email);
  });

  it('a Google sign-in without sign-up is refused (404); from Create Account it opens the account and records the consent', async () => {
    const g = await emulatorGoogleSignIn(`google-new${Date.now()}@example.co.ke`, 'Kip Keino');
    const plain = await t.request({
      method: 'POST',
      url: '/v1/auth/login/google',
      payload: { idToken: g.idToken, firebaseRefId: g.uid, signOutOtherSessions: false },
    });
    expect(plain.statusCode).toBe(404);
    expect(plain.json().header.customerMessage).toBe(NO_ACCOUNT);
    expect(await usersWithUid(g.uid)).toBe(0);
    const unaccepted = await googleSignUp(g, { signUp: { ...GOOGLE_SIGN_UP, termsAccepted: false } });
    expect(unaccepted.statusCode).toBe(400);
    expect(await usersWithUid(g.uid)).toBe(0);

    const created = await googleSignUp(g);
    expect(created.statusCode).toBe(200);
    const stored = await t.db
      .selectFrom('users')
      .select(['terms_accepted', 'terms_version', 'privacy_policy_accepted', 'cookie_policy_accepted'])
      .where('firebase_uid', '=', g.uid)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ terms_accepted: true, terms_version: '1.0.0', privacy_policy_accepted: true, cookie_policy_accepted: true });
    // Once it exists, Google signs in without the consent again.
    const later = await t.request({ method: 'POST', url: '/v1/auth/login/google', payload: { idToken: g.idToken, firebaseRefId: g.uid } });
    expect(later.statusCode).toBe(200);
  });

  it('signs in with a phone number and SMS code once the number has an account made through Create Account', async () => {
    const phone = `+2547${String(Date.now()).slice(-8)}`;
    const login = async () =>
      t.request({
        method: 'POST',
        url: '/v1/auth/login',
        payload: { idToken: (await emulatorPhoneSignIn(phone)).idToken, webClient: true },
      });
    const unknown = await login();
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().header.customerMessage).toBe(NO_ACCOUNT);

    const created = await phoneSignUp(phone);
    expect(created.statusCode).toBe(201);
    const user = created.json<AuthBody>().body.user;
    expect(user).toMatchObject({ msisdn: phone, firstName: 'Wafula', lastName: 'Chebet', email: phoneAccountEmail(phone) });
    // Signing in again opens the same account.
    expect((await login()).json<AuthBody>().body.user.id).toBe(user.id);
  });

  it('an e-mail sign-up may not take the address reserved for a phone account', async () => {
    const account = await emulatorSignUp(`254700000001@phone.shambasoko.invalid`);
    const res = await t.request({ method: 'POST', url: '/v1/auth/login', payload: { idToken: account.idToken, webClient: true } });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ header: { isSuccess: boolean } }>().header.isSuccess).toBe(false);
  });

  it.each(['seed', 'invite'])(
    'refuses an unverified claim of a %s placeholder row; a verified one links it and keeps its names and phone',
    async (kind) => {
      const email = `${kind}ed${Date.now()}@example.co.ke`;
      const placeholder = await t.db
        .insertInto('users')
        .values({
          firebase_uid: `${kind}:someone`,
          email,
          username: 'seeded',
          first_name: 'Seeded',
          last_name: 'Farmer',
          full_name: 'Seeded Farmer',
          msisdn: '+254 700 123 456',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Anyone can open a provider account for the address without controlling it.
      const account = await emulatorSignUp(email);
      const unverified = await t.request({ method: 'POST', url: '/v1/auth/login', payload: { idToken: account.idToken } });
      expect(unverified.statusCode).toBe(403);
      expect(unverified.json().header.customerMessage).toMatch(/confirm your e-mail address first/);
      expect(unverified.headers['set-cookie']).toBeUndefined();
      const asSignUp = await t.request({
        method: 'POST',
        url: '/v1/auth/create-account',
        payload: { idToken: account.idToken, account: accountFor(account) },
      });
      expect(asSignUp.statusCode).toBe(403);
      const untouched = await t.db.selectFrom('users').selectAll().where('id', '=', placeholder.id).executeTakeFirstOrThrow();
      expect(untouched).toMatchObject({
        firebase_uid: `${kind}:someone`,
        first_name: 'Seeded',
        last_name: 'Farmer',
        msisdn: '+254 700 123 456',
      });

      await emulatorVerifyEmail(account.uid);
      const verified = await t.request({
        method: 'POST',
        url: '/v1/auth/create-account',
        payload: { idToken: await emulatorSignIn(email, account.password), account: accountFor(account) },
      });
      expect(verified.statusCode).toBe(201);
      expect(verified.json<AuthBody>().body.user).toMatchObject({
        id: placeholder.id,
        firstName: 'Seeded',
        lastName: 'Farmer',
        msisdn: '+254 700 123 456',
      });
      const claimed = await t.db
        .selectFrom('users')
        .select(['firebase_uid', 'full_name'])
        .where('id', '=', placeholder.id)
        .executeTakeFirstOrThrow();
      expect(claimed).toEqual({ firebase_uid: account.uid, full_name: 'Seeded Farmer' });
    },
  );

  it('a verified plain sign-in still claims a seeded row, without recording a consent nobody gave', async () => {
    const email = `claimed${Date.now()}@example.co.ke`;
    const placeholder = await t.db
      .insertInto('users')
      .values({
        firebase_uid: 'seed:claim-test',
        email,
        username: 'seeded',
        first_name: 'Seeded',
        last_name: 'Farmer',
        full_name: 'Seeded Farmer',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const account = await emulatorSignUp(email);
    await emulatorVerifyEmail(account.uid);
    const res = await t.request({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { idToken: await emulatorSignIn(email, account.password) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<AuthBody>().body.user.id).toBe(placeholder.id);
    const stored = await t.db
      .selectFrom('users')
      .select(['firebase_uid', 'terms_accepted', 'privacy_policy_accepted', 'cookie_policy_accepted'])
      .where('id', '=', placeholder.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      firebase_uid: account.uid,
      terms_accepted: false,
      privacy_policy_accepted: false,
      cookie_policy_accepted: false,
    });
  });

  it('a seeded demo persona cannot be taken over by an unverified sign-up', async () => {
    const email = 'peter.otieno@demo.shambasoko.co.ke';
    const before = await t.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    const account = await emulatorSignUp(email);
    const res = await t.request({ method: 'POST', url: '/v1/auth/login', payload: { idToken: account.idToken } });
    expect(res.statusCode).toBe(403);
    expect(await t.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow()).toEqual(before);
  });

  it('rotates refresh tokens, and reuse of an old one revokes the whole sign-in', async () => {
    const { auth } = await signUp();
    const first = await refreshWith(auth.refreshToken, auth.accessToken);
    expect(first.statusCode).toBe(200);
    const rotated = { ...first.json<{ body: { auth: { accessToken: string } } }>().body.auth, refreshToken: refreshCookie(first).value };
    expect(rotated.refreshToken).not.toBe(auth.refreshToken);
    expect(await statusWith(rotated.accessToken)).toBe(200);

    // Past the grace window for a lost answer (see the next test), a replay is a copy.
    await t.db
      .updateTable('refresh_tokens')
      .set({ used_at: new Date(Date.now() - 60_000) })
      .where('token_hash', '=', hashToken(auth.refreshToken))
      .execute();
    const replay = await refreshWith(auth.refreshToken);
    expect(replay.statusCode).toBe(401);
    // The family is gone: even the newest token no longer works, and its access tokens end at once.
    expect((await refreshWith(rotated.refreshToken)).statusCode).toBe(401);
    expect(await statusWith(rotated.accessToken)).toBe(401);
    expect(await statusWith(auth.accessToken)).toBe(401);
  });

  it('a token sent again right after its use (the answer was lost in a navigation) rotates again; the lost successor is then spent', async () => {
    const { auth } = await signUp();
    const first = await refreshWith(auth.refreshToken);
    expect(first.statusCode).toBe(200);
    const again = await refreshWith(auth.refreshToken);
    expect(again.statusCode).toBe(200);
    expect(await statusWith(again.json<AuthBody>().body.auth.accessToken)).toBe(200);
    // Presenting the lost successor is reuse: the whole sign-in ends.
    await t.db
      .updateTable('refresh_tokens')
      .set({ used_at: new Date(Date.now() - 60_000) })
      .where('token_hash', '=', hashToken(refreshCookie(first).value))
      .execute();
    expect((await refreshWith(refreshCookie(first).value)).statusCode).toBe(401);
    expect((await refreshWith(refreshCookie(again).value)).statusCode).toBe(401);
    expect(await statusWith(again.json<AuthBody>().body.auth.accessToken)).toBe(401);
  });

  it('keeps the refresh token out of every body, in an HttpOnly SameSite=Strict cookie on /v1/auth', async () => {
    const account = await emulatorSignUp();
    const res = await t.request({
      method: 'POST',
      url: '/v1/auth/create-account',
      payload: { idToken: account.idToken, account: accountFor(account) },
    });
    const { value, attributes } = refreshCookie(res);
    expect(res.payload).not.toContain(value);
    expect(res.json<{ body: { auth: object } }>().body.auth).not.toHaveProperty('refreshToken');
    expect(attributes).toMatch(/HttpOnly/);
    expect(attributes).toMatch(/SameSite=Strict/);
    expect(attributes).toMatch(/Path=\/v1\/auth(;|$)/);
    expect(attributes).not.toMatch(/Secure/); // only in production
    // The old header is no longer read.
    const viaHeader = await t.request({ method: 'POST', url: '/v1/auth/refresh', headers: { 'x-refresh-token': value } });
    expect(viaHeader.statusCode).toBe(401);
    const refreshed = await refreshWith(value);
    expect(refreshed.payload).not.toContain(refreshCookie(refreshed).value);
  });

  it('a sign-in lasts at most 30 days from sign-in, however often it is refreshed', async () => {
    const { auth } = await signUp();
    const session = await t.db
      .selectFrom('auth_sessions')
      .select(['id', 'expires_at', 'created_at'])
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const days = (session.expires_at.getTime() - session.created_at.getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThanOrEqual(30.01);
    const rotated = await refreshWith(auth.refreshToken);
    expect(rotated.statusCode).toBe(200);
    // Rotation does not move the end: the new cookie and the new token stop at the same instant.
    const maxAge = Number(/Max-Age=(\d+)/.exec(refreshCookie(rotated).attributes)?.[1]);
    expect(maxAge).toBeLessThanOrEqual(Math.ceil((session.expires_at.getTime() - Date.now()) / 1000));
    const tokens = await t.db.selectFrom('refresh_tokens').select('expires_at').where('session_id', '=', session.id).execute();
    for (const token of tokens) expect(token.expires_at.getTime()).toBe(session.expires_at.getTime());

    // Its 30 days are up: the latest access token and refresh token both stop.
    await t.db
      .updateTable('auth_sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', session.id)
      .execute();
    const latest = rotated.json<AuthBody>().body.auth.accessToken;
    expect(await statusWith(latest)).toBe(401);
    expect((await refreshWith(refreshCookie(rotated).value)).statusCode).toBe(401);
  });

  it('stores refresh tokens only as hashes', async () => {
    const { auth } = await signUp();
    const rows = await t.db.selectFrom('refresh_tokens').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === auth.refreshToken)).toBe(false);
  });

  it('refuses a refresh whose access token belongs to another sign-in', async () => {
    const a = await signUp();
    const b = await signUp();
    expect((await refreshWith(a.auth.refreshToken, b.auth.accessToken)).statusCode).toBe(401);
  });

  it('logs out: the refresh token and the access token stop working at once, and the cookie is cleared', async () => {
    const { auth } = await signUp();
    expect(await statusWith(auth.accessToken)).toBe(200); // now in the session cache
    const out = await t.request({
      method: 'POST',
      url: '/v1/auth/logout',
      headers: { authorization: `Bearer ${auth.accessToken}`, cookie: `${REFRESH_COOKIE}=${encodeURIComponent(auth.refreshToken)}` },
    });
    expect(out.statusCode).toBe(200);
    expect(refreshCookie(out)).toMatchObject({ value: '' });
    expect(await statusWith(auth.accessToken)).toBe(401);
    expect((await refreshWith(auth.refreshToken)).statusCode).toBe(401);
  });

  it('logs out with the cookie alone (no access token at hand)', async () => {
    const { auth } = await signUp();
    expect(await statusWith(auth.accessToken)).toBe(200);
    await t.request({
      method: 'POST',
      url: '/v1/auth/logout',
      headers: { cookie: `${REFRESH_COOKIE}=${encodeURIComponent(auth.refreshToken)}` },
    });
    expect(await statusWith(auth.accessToken)).toBe(401);
  });

  it('refuses a disabled account at sign-in, and ends its sign-ins at the next provider check', async () => {
    const { account, auth } = await signUp();
    await emulatorSetDisabled(account.uid, true);
    const res = await t.request({ method: 'POST', url: '/v1/auth/login', payload: { idToken: account.idToken } });
    expect(res.statusCode).toBe(403);
    expect(res.json().header.customerMessage).toMatch(/disabled/);
    expect(res.headers['set-cookie']).toBeUndefined();
    // Refresh asks the provider at most every few minutes: make this sign-in's check due.
    await t.db
      .updateTable('auth_sessions')
      .set({ provider_checked_at: null })
      .where(
        'user_id',
        '=',
        (await t.db.selectFrom('users').select('id').where('firebase_uid', '=', account.uid).executeTakeFirstOrThrow()).id,
      )
      .execute();
    expect((await refreshWith(auth.refreshToken)).statusCode).toBe(401);
    expect(await statusWith(auth.accessToken)).toBe(401);
  });

  it('a change of sign-in method (Google taking over an unconfirmed password account) revokes earlier sign-ins', async () => {
    const { account, auth } = await signUp();
    expect(await statusWith(auth.accessToken)).toBe(200);
    const g = await emulatorGoogleSignIn(account.email, 'Achieng Otieno');
    const res = await t.request({
      method: 'POST',
      url: '/v1/auth/login/google',
      payload: { idToken: g.idToken, firebaseRefId: g.uid, signOutOtherSessions: false },
    });
    expect(res.statusCode).toBe(200);
    expect(await statusWith(auth.accessToken)).toBe(401);
    expect((await refreshWith(auth.refreshToken)).statusCode).toBe(401);
  });

  it('a sign-in method linked to a confirmed account (same verified status) revokes earlier sign-ins', async () => {
    const { account } = await signUp();
    await emulatorVerifyEmail(account.uid);
    const verified = await t.request({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { idToken: await emulatorSignIn(account.email, account.password) },
    });
    const before = verified.json<AuthBody>().body.auth.accessToken;
    expect(await statusWith(before)).toBe(200);
    const g = await emulatorGoogleSignIn(account.email, 'Achieng Otieno');
    const res = await t.request({
      method: 'POST',
      url: '/v1/auth/login/google',
      payload: { idToken: g.idToken, firebaseRefId: g.uid, signOutOtherSessions: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<AuthBody>().body.user.id).toBe(verified.json<AuthBody>().body.user.id);
    expect(await statusWith(before)).toBe(401);
  });

  it('a change of verified status revokes the sign-ins opened before it', async () => {
    const { account, auth } = await signUp();
    expect(await statusWith(auth.accessToken)).toBe(200);
    await emulatorVerifyEmail(account.uid);
    const again = await t.request({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { idToken: await emulatorSignIn(account.email, account.password) },
    });
    expect(again.statusCode).toBe(200);
    expect(await statusWith(auth.accessToken)).toBe(401);
    expect((await refreshWith(auth.refreshToken)).statusCode).toBe(401);
    expect(await statusWith(again.json<AuthBody>().body.auth.accessToken)).toBe(200);
  });

  it('Google sign-up creates the account, and a later Google sign-in can sign out other sessions', async () => {
    const email = `google${Date.now()}@example.co.ke`;
    const g1 = await emulatorGoogleSignIn(email, 'Kip Keino');
    const first = await googleSignUp(g1);
    expect(first.statusCode).toBe(200);
    expect(first.json<AuthBody>().body.user).toMatchObject({ firstName: 'Kip', lastName: 'Keino' });
    const firstAccess = first.json<AuthBody>().body.auth.accessToken;
    expect(await statusWith(firstAccess)).toBe(200);
    const g2 = await emulatorGoogleSignIn(email, 'Kip Keino');
    const second = await t.request({
      method: 'POST',
      url: '/v1/auth/login/google',
      payload: { idToken: g2.idToken, firebaseRefId: g2.uid, signOutOtherSessions: true },
    });
    expect(second.statusCode).toBe(200);
    expect(await statusWith(firstAccess)).toBe(401);
    expect((await refreshWith(refreshCookie(first).value)).statusCode).toBe(401);
    expect((await refreshWith(refreshCookie(second).value)).statusCode).toBe(200);
  });

  it('tells whether an e-mail has an account, with a budget per address of its own (429 with Retry-After)', async () => {
    const account = await emulatorSignUp();
    // Each from another address: the per-address budget is not what this is about.
    let from = 0;
    const ask = (email: string) =>
      t.request({
        method: 'POST',
        url: '/v1/auth/email-status',
        headers: { 'x-forwarded-for': `10.77.0.${(from += 1)}` },
        payload: { email },
      });
    expect((await ask(account.email)).json<{ body: { exists: boolean } }>().body.exists).toBe(true);
    const stranger = `nobody${Date.now()}@example.co.ke`;
    expect((await ask(stranger)).json<{ body: { exists: boolean } }>().body.exists).toBe(false);
    for (let i = 0; i < 3; i += 1) await ask(stranger);
    const limited = await ask(stranger);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().header.customerMessage).toBe('Too many attempts. Please wait a minute and try again.');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it("asking about a phone account's stand-in address tells nothing, even when the number has an account", async () => {
    const phone = `+2547${String(Date.now() + 7).slice(-8)}`;
    expect((await phoneSignUp(phone)).statusCode).toBe(201);
    const res = await t.request({
      method: 'POST',
      url: '/v1/auth/email-status',
      headers: { 'x-forwarded-for': '10.77.1.1' },
      payload: { email: phoneAccountEmail(phone) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ body: { exists: boolean } }>().body.exists).toBe(false);
  });

  it("nobody can spend an account's sign-in budget: e-mail checks and unverified tokens naming it do not count", async () => {
    const { account } = await signUp();
    const claimingIt = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ email: account.email })).toString('base64url')}.`;
    for (let i = 0; i < 14; i += 1) {
      await t.request({ method: 'POST', url: '/v1/auth/email-status', payload: { email: account.email } });
      await t.request({ method: 'POST', url: '/v1/auth/login', payload: { idToken: claimingIt } });
    }
    const own = await t.request({ method: 'POST', url: '/v1/auth/login', payload: { idToken: account.idToken } });
    expect(own.statusCode).toBe(200);
  });

  it('counts verified sign-ins per account: past the limit, 429 with Retry-After', async () => {
    const { account } = await signUp(); // the first of 4
    const statuses: number[] = [];
    let last: TestResponse | undefined;
    for (let i = 0; i < 4; i += 1) {
      last = await t.request({ method: 'POST', url: '/v1/auth/login', payload: { idToken: account.idToken } });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits refreshes per sign-in, not per address: another sign-in from the same address still refreshes', async () => {
    const a = await signUp();
    const b = await signUp();
    let token = a.auth.refreshToken;
    for (let i = 0; i < 5; i += 1) {
      const res = await refreshWith(token);
      expect(res.statusCode).toBe(200);
      token = refreshCookie(res).value;
    }
    const limited = await refreshWith(token);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Refused, not ended: the cookie stays for the retry.
    expect(limited.headers['set-cookie']).toBeUndefined();
    expect((await refreshWith(b.auth.refreshToken)).statusCode).toBe(200);
  });

  it('updates the profile name and phone', async () => {
    const { auth } = await signUp();
    const res = await t.request({
      method: 'PATCH',
      url: '/v1/profile',
      headers: { authorization: `Bearer ${auth.accessToken}` },
      payload: { firstName: 'Wanjiru', msisdn: '+254 700 111 222' },
    });
    expect(res.json<AuthBody>().body.user).toMatchObject({ firstName: 'Wanjiru', lastName: 'Otieno' });
  });

  it('hands the front end the identity provider settings, with no secret', async () => {
    const res = await t.request({ method: 'GET', url: '/v1/config' });
    expect(res.json<{ body: { firebase: { projectId: string } } }>().body.firebase.projectId).toBe('demo-shambasoko');
  });
});

/** A farm of a (verified) owner, through the API as the app would create it. */
async function ownerWithFarm() {
  const owner = await createTestUser(t.db, t.config.jwtSecret);
  const farm = await t.request({
    method: 'POST',
    url: '/v1/farms',
    headers: owner.headers,
    payload: { name: 'Invite Test Farm', location: 'Nakuru', totalSize: 10, owner: 'Test Owner' },
  });
  expect(farm.statusCode).toBe(201);
  return { owner, farmId: farm.json<{ body: { id: string } }>().body.id };
}

describe('farm invitations need a verified e-mail', () => {
  const addUser = (owner: { headers: { authorization: string } }, farmId: string, email: string) =>
    t.request({
      method: 'POST',
      url: `/v1/farms/${farmId}/users`,
      headers: owner.headers,
      payload: { name: 'Invited Person', email, phone: '+254 700 000 000', role: 'Viewer' },
    });
  const login = async (idToken: string) => {
    const res = await t.request({ method: 'POST', url: '/v1/auth/login', payload: { idToken } });
    expect(res.statusCode).toBe(200);
    return res.json<AuthBody>().body;
  };
  const create = async (account: { uid: string; email: string; idToken: string }) => {
    const res = await t.request({
      method: 'POST',
      url: '/v1/auth/create-account',
      payload: { idToken: account.idToken, account: accountFor(account) },
    });
    expect(res.statusCode).toBe(201);
    return res.json<AuthBody>().body;
  };
  const farmStatus = async (accessToken: string, farmId: string) =>
    (await t.request({ method: 'GET', url: `/v1/farms/${farmId}`, headers: { authorization: `Bearer ${accessToken}` } })).statusCode;

  it('an unverified sign-in does not claim an invitation; a verified one does', async () => {
    const { owner, farmId } = await ownerWithFarm();
    const email = `invitee${Date.now()}@example.co.ke`;
    expect((await addUser(owner, farmId, email)).json()).toMatchObject({ body: { userId: null, status: 'invited' } });

    // Someone opens an e-mail/password account for that address without controlling it.
    const account = await emulatorSignUp(email);
    const unverified = await create(account);
    expect(await farmStatus(unverified.auth.accessToken, farmId)).toBe(404);
    const stored = await t.db.selectFrom('users').select('email_verified').where('id', '=', unverified.user.id).executeTakeFirstOrThrow();
    expect(stored.email_verified).toBe(false);

    await emulatorVerifyEmail(account.uid);
    const verified = await login(await emulatorSignIn(email, account.password));
    expect(verified.user.id).toBe(unverified.user.id);
    expect(await farmStatus(verified.auth.accessToken, farmId)).toBe(200);
  });

  it('Add User records an invitation for an unverified account, claimed at its next verified sign-in', async () => {
    const { owner, farmId } = await ownerWithFarm();
    const account = await emulatorSignUp();
    const first = await create(account);

    const added = await addUser(owner, farmId, account.email);
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ body: { userId: null, status: 'invited' } });
    expect(await farmStatus(first.auth.accessToken, farmId)).toBe(404);

    await emulatorVerifyEmail(account.uid);
    const again = await login(await emulatorSignIn(account.email, account.password));
    expect(await farmStatus(again.auth.accessToken, farmId)).toBe(200);
    const member = await t.request({
      method: 'GET',
      url: `/v1/farm-users/${added.json<{ body: { id: string } }>().body.id}`,
      headers: owner.headers,
    });
    expect(member.json()).toMatchObject({ body: { userId: first.user.id, status: 'active' } });
  });

  it('Google sign-in (verified) claims at once', async () => {
    const { owner, farmId } = await ownerWithFarm();
    const email = `google-invitee${Date.now()}@example.co.ke`;
    await addUser(owner, farmId, email);
    const g = await emulatorGoogleSignIn(email, 'Akinyi Odera');
    const res = await googleSignUp(g);
    expect(await farmStatus(res.json<AuthBody>().body.auth.accessToken, farmId)).toBe(200);
  });
});

describe('farm invitations by phone', () => {
  it('Add User by a Kenyan number invites; only a phone sign-in with that verified number joins the farm', async () => {
    const { owner, farmId } = await ownerWithFarm();
    const digits = String(Date.now()).slice(-8);
    const add = (email: string, phone: string) =>
      t.request({
        method: 'POST',
        url: `/v1/farms/${farmId}/users`,
        headers: owner.headers,
        payload: { name: 'Wafula', email, phone, role: 'Field Worker' },
      });

    const neither = await add('', '12345');
    expect(neither.statusCode).toBe(400);
    expect(neither.json<{ header: { customerMessage: string } }>().header.customerMessage).toMatch(
      /e-mail address or a Kenyan phone number/,
    );
    const invited = await add('', `07${digits}`);
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({ body: { userId: null, status: 'invited' } });
    expect((await add('', `+254 7${digits}`)).statusCode).toBe(409);

    const farmStatus = async (phone: string) => {
      const res = await phoneSignUp(phone);
      const token = res.json<AuthBody>().body.auth.accessToken;
      return (await t.request({ method: 'GET', url: `/v1/farms/${farmId}`, headers: { authorization: `Bearer ${token}` } })).statusCode;
    };
    // Another number does not join; the invited one does.
    expect(await farmStatus(`+2541${digits}`)).toBe(404);
    expect(await farmStatus(`+2547${digits}`)).toBe(200);
  });
});
