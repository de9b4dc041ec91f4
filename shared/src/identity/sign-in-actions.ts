// Sign-up, sign-in, password reset and account changes: the identity provider proves who the user is,
// then the core API opens its own session from the provider's ID token. Loaded when one of them first
// runs (auth-actions.ts), so a page that never signs anyone in does not download this code.
import type { ConfirmationResult, User } from 'firebase/auth';
import { PHONE_ACCOUNT_DOMAIN } from '@shambasoko/contracts/phone-account';
import type { SelfServiceRole } from '@shambasoko/contracts/role-values';
import { ApiError, SERVER_ERROR_MESSAGE, api } from '../api/client';
import { deviceInfo } from '../api/device';
import { currentLocale, type Locale } from '../i18n/locale';
import { accountDisplayName } from '../session/accounts';
import { signInRole, useSession } from '../session/store';
import { useCoreSessionStatus } from './core-status';
import { IDENTITY_MESSAGES, IdentityError, isNoAccount, providerErrorCode } from './errors';
import { accountNames, usernameFromEmail } from './naming';
import { loadProvider } from './provider';
import { startTokenKeeper } from './token-keeper';
import type { AccountPayload, CoreSignIn, Profile } from '@shambasoko/contracts/identity';
import { POLICY_VERSION } from './types';

/**
 * The core API's customer message when it sent one (or the client's "can't reach" words, which tell
 * the user what to do), else the spec's message for the action.
 */
function coreMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || !error.message) return fallback;
  if (error.message.startsWith('API request failed') || error.message === SERVER_ERROR_MESSAGE) return fallback;
  return error.message;
}

const statusOf = (error: unknown): number | undefined => (error instanceof ApiError ? error.status : undefined);

function sessionUserFrom(user: User, profile?: Profile) {
  const email = user.email ?? profile?.email ?? '';
  return {
    uid: user.uid,
    email,
    displayName: accountDisplayName(user.displayName || profile?.fullName, email),
    photoURL: user.photoURL ?? null,
  };
}

/** Stores the core session and the current user, remembers the account and keeps the tokens fresh. */
function openSession(body: CoreSignIn, user: User): void {
  const session = useSession.getState();
  const current = sessionUserFrom(user, body.user);
  session.setTokens({ ...body.auth, userId: body.user.id });
  session.setUser({ ...current, roles: body.user.roles });
  session.setRole(signInRole(body.user.roles));
  session.rememberAccount({ ...current, lastUsed: Date.now() });
  useCoreSessionStatus.setState({ failure: null, retrying: false });
  startTokenKeeper();
}

/** The policies a sign-up page shows, accepted by creating the account there. */
const ACCEPTED_POLICIES = {
  termsAccepted: true,
  termsVersion: POLICY_VERSION,
  privacyPolicyAccepted: true,
  privacyPolicyVersion: POLICY_VERSION,
  cookiePolicyAccepted: true,
  cookiePolicyVersion: POLICY_VERSION,
} as const;

async function coreLogin(user: User): Promise<Profile> {
  const idToken = await user.getIdToken();
  const body = await api.post<CoreSignIn>('/v1/auth/login', { idToken, device: deviceInfo(), webClient: true }, { auth: false });
  openSession(body, user);
  return body.user;
}

let phoneConfirmation: ConfirmationResult | null = null;

/**
 * Sends an SMS code to a +254… number. The invisible reCAPTCHA lives in `container`; against the
 * emulator, app verification is off (provider.ts), so no reCAPTCHA is loaded.
 */
export async function sendPhoneCode(phone: string, container: HTMLElement): Promise<void> {
  const { auth, sdk } = await loadProvider();
  const verifier = new sdk.RecaptchaVerifier(auth, container, { size: 'invisible' });
  try {
    phoneConfirmation = await sdk.signInWithPhoneNumber(auth, phone, verifier);
  } finally {
    verifier.clear();
  }
}

/** The confirmed phone sign-in that has no account yet, kept for createPhoneAccount. */
let phoneUser: User | null = null;

/**
 * Confirms the SMS code and opens the core session; answers whether the account still needs a name,
 * or whether the number has no account yet (then createPhoneAccount, once the person agreed, opens one).
 */
export async function confirmPhoneCode(code: string): Promise<{ needsName: boolean; needsAccount: boolean }> {
  if (!phoneConfirmation) throw new IdentityError('Please ask for a new code.', 'provider');
  const { user } = await phoneConfirmation.confirm(code);
  phoneConfirmation = null;
  try {
    const profile = await coreLogin(user);
    return { needsName: !profile.firstName, needsAccount: false };
  } catch (error) {
    if (isNoAccount(error)) {
      phoneUser = user;
      return { needsName: true, needsAccount: true };
    }
    console.error('Core sign-in failed after phone sign-in', error);
    const failure = coreMessage(error, IDENTITY_MESSAGES.signIn);
    useCoreSessionStatus.setState({ failure, retrying: false });
    throw new IdentityError(failure, 'core');
  }
}

/** Creates the account of the phone sign-in confirmed last, with its name, the roles chosen and the policies accepted on the form. */
export async function createPhoneAccount(firstName: string, lastName: string, roles: SelfServiceRole[]): Promise<void> {
  const user = phoneUser;
  // The core API's stand-in address of a phone account (contracts' phoneAccountEmail; the provider's number is already +254…).
  const email = user?.phoneNumber ? `${user.phoneNumber.slice(1)}${PHONE_ACCOUNT_DOMAIN}` : null;
  if (!user || !email) throw new IdentityError('Please ask for a new code.', 'provider');
  const names = accountNames(firstName, lastName || firstName);
  const account: AccountPayload = {
    firebaseRefId: user.uid,
    username: usernameFromEmail(email),
    ...names,
    email,
    msisdn: user.phoneNumber,
    password: '',
    avatar: null,
    ...ACCEPTED_POLICIES,
    roles,
    device: deviceInfo(),
    // The landing page's language switch: the new account starts in it (SMS and e-mail too).
    language: currentLocale(),
  };
  try {
    const body = await api.post<CoreSignIn>('/v1/auth/create-account', { idToken: await user.getIdToken(), account }, { auth: false });
    phoneUser = null;
    openSession(body, user);
  } catch (error) {
    console.error('Core account creation failed after phone sign-in', error);
    throw new IdentityError(coreMessage(error, IDENTITY_MESSAGES.createAccount), 'core', statusOf(error));
  }
}

/** Asks whether the identity provider knows this e-mail (the get-started decision). */
export async function emailExists(email: string): Promise<boolean> {
  const body = await api.post<{ exists: boolean }>('/v1/auth/email-status', { email: email.trim() }, { auth: false });
  return body.exists;
}

export interface SignUpInput {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  password: string;
  /** The self-service roles the person chose ("I am a…"): a new account never gets a default. */
  roles: SelfServiceRole[];
}

/**
 * Creates the provider account, then the core account. A core failure ends the provider session.
 * Then asks the provider to send the address confirmation e-mail; once confirmed, the next sign-in
 * carries a verified ID token and the core API turns pending farm invitations into memberships.
 */
export async function signUpWithEmail({ firstName, lastName, email, phone = '', password, roles }: SignUpInput): Promise<void> {
  const { auth, sdk } = await loadProvider();
  const names = accountNames(firstName, lastName);
  const { user } = await sdk.createUserWithEmailAndPassword(auth, email.trim(), password).catch(async (error: unknown) => {
    // A provider account whose ShambaSoko account was never made (sign-up stopped half-way; sign-in
    // no longer makes one): its own password finishes the sign-up here.
    if (providerErrorCode(error) !== 'auth/email-already-in-use') throw error;
    return sdk.signInWithEmailAndPassword(auth, email.trim(), password).catch(() => {
      throw error;
    });
  });
  try {
    await sdk.updateProfile(user, { displayName: names.fullName });
    const account: AccountPayload = {
      firebaseRefId: user.uid,
      username: usernameFromEmail(email),
      ...names,
      email: email.trim(),
      msisdn: phone.trim() || null,
      password: '',
      avatar: user.photoURL ?? null,
      ...ACCEPTED_POLICIES,
      roles,
      device: deviceInfo(),
      language: currentLocale(),
    };
    const idToken = await user.getIdToken();
    const body = await api.post<CoreSignIn>('/v1/auth/create-account', { idToken, account }, { auth: false });
    openSession(body, user);
  } catch (error) {
    console.error('Core account creation failed', error);
    await sendConfirmationIfAsked(error, user);
    await sdk.signOut(auth).catch(() => undefined);
    throw new IdentityError(coreMessage(error, IDENTITY_MESSAGES.createAccount), 'core');
  }
  // Waited for, a few seconds at most, before the app moves on: a page reloaded or closed right after
  // sign-up would cancel the request, and the e-mail would never go. The account works without it.
  const sent = sdk.sendEmailVerification(user).catch((error: unknown) => console.warn('The confirmation e-mail was not sent', error));
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([sent, new Promise<void>((resolve) => (timer = setTimeout(resolve, CONFIRMATION_WAIT_MS)))]);
  clearTimeout(timer);
}

/** How long sign-up waits for the provider to take the confirmation e-mail request. */
export const CONFIRMATION_WAIT_MS = 4_000;

/**
 * The core API answers 403 to an unconfirmed address that would take over an account made for it
 * (a seeded or invited one), asking the person to open the confirmation link: send that link.
 */
async function sendConfirmationIfAsked(error: unknown, user: User): Promise<void> {
  if (!(error instanceof ApiError) || error.status !== 403 || user.emailVerified) return;
  try {
    const { sdk } = await loadProvider();
    await sdk.sendEmailVerification(user);
  } catch (cause) {
    console.warn('The confirmation e-mail was not sent', cause);
  }
}

/**
 * Signs in with e-mail and password. If the core API session fails, the user stays signed in with the
 * provider: the failure is recorded in useCoreSessionStatus and retryCoreSession() tries again.
 * Provider errors are thrown as they come (map them with identityErrorMessage).
 */
export async function signInWithEmail(email: string, password: string): Promise<void> {
  const { auth, sdk } = await loadProvider();
  const { user } = await sdk.signInWithEmailAndPassword(auth, email.trim(), password);
  useSession.getState().setUser(sessionUserFrom(user));
  try {
    await coreLogin(user);
  } catch (error) {
    console.error('Core sign-in failed after e-mail sign-in', error);
    if (isNoAccount(error)) {
      // Not a session to retry: there is no account. Signed out again, the person is sent to sign up.
      await sdk.signOut(auth).catch(() => undefined);
      useSession.getState().clearSession();
      throw new IdentityError(coreMessage(error, IDENTITY_MESSAGES.signIn), 'core', 404);
    }
    await sendConfirmationIfAsked(error, user);
    const failure = coreMessage(error, IDENTITY_MESSAGES.signIn);
    useCoreSessionStatus.setState({ failure, retrying: false });
    throw new IdentityError(failure, 'core');
  }
}

/** Opens the core session again for the user signed in with the provider (after a core failure). */
export async function retryCoreSession(): Promise<void> {
  const { auth } = await loadProvider();
  await auth.authStateReady();
  const user = auth.currentUser;
  if (!user) {
    useCoreSessionStatus.setState({ failure: null, retrying: false });
    useSession.getState().clearSession();
    throw new IdentityError('Your sign-in has expired. Please sign in again.', 'provider');
  }
  useCoreSessionStatus.setState({ retrying: true });
  try {
    await coreLogin(user);
  } catch (error) {
    const failure = coreMessage(error, IDENTITY_MESSAGES.signIn);
    useCoreSessionStatus.setState({ failure, retrying: false });
    throw new IdentityError(failure, 'core');
  }
}

async function googleLogin(
  user: User,
  signUp: (typeof ACCEPTED_POLICIES & { roles: SelfServiceRole[]; language: Locale }) | null,
): Promise<void> {
  const body = await api.post<CoreSignIn>(
    '/v1/auth/login/google',
    {
      idToken: await user.getIdToken(),
      firebaseRefId: user.uid,
      signOutOtherSessions: true,
      device: deviceInfo(),
      ...(signUp ? { signUp } : {}),
    },
    { auth: false },
  );
  openSession(body, user);
}

/** Any failure after the popup ends the provider session: the person starts again from the button. */
async function googleFailed(error: unknown, fallback: string): Promise<never> {
  console.error('Core sign-in failed after Google sign-in', error);
  const { auth, sdk } = await loadProvider();
  await sdk.signOut(auth).catch(() => undefined);
  throw new IdentityError(coreMessage(error, fallback), 'core', statusOf(error));
}

async function googlePopup(): Promise<User> {
  const { auth, sdk } = await loadProvider();
  const provider = new sdk.GoogleAuthProvider();
  provider.setCustomParameters({ prompt: 'select_account' });
  return (await sdk.signInWithPopup(auth, provider)).user;
}

export async function signInWithGoogle(): Promise<void> {
  const user = await googlePopup();
  await googleLogin(user, null).catch((error: unknown) => googleFailed(error, IDENTITY_MESSAGES.googleSignIn));
}

/** The Google sign-in of Create Account that has no account yet, kept for createGoogleAccount. */
let googleUser: User | null = null;

/**
 * Create Account's Google button: an identity that already has an account signs in; a new one is
 * kept until the person has chosen its roles (`needsAccount`), and createGoogleAccount opens it.
 */
export async function signUpWithGoogle(): Promise<{ needsAccount: boolean }> {
  const user = await googlePopup();
  try {
    await googleLogin(user, null);
    return { needsAccount: false };
  } catch (error) {
    if (!isNoAccount(error)) return googleFailed(error, IDENTITY_MESSAGES.googleSignUp);
    googleUser = user;
    return { needsAccount: true };
  }
}

/** Opens the account of the Google sign-up kept last, with the roles chosen and the policies accepted on Create Account. */
export async function createGoogleAccount(roles: SelfServiceRole[]): Promise<void> {
  const user = googleUser;
  if (!user) throw new IdentityError(IDENTITY_MESSAGES.googleSignUp, 'provider');
  try {
    await googleLogin(user, { ...ACCEPTED_POLICIES, roles, language: currentLocale() });
    googleUser = null;
  } catch (error) {
    googleUser = null;
    return googleFailed(error, IDENTITY_MESSAGES.googleSignUp);
  }
}

/**
 * Sends the provider's password-reset e-mail. An unknown e-mail is not reported: the page says "if an
 * account exists", so the form cannot be used to learn who has an account.
 */
export async function sendPasswordReset(email: string): Promise<void> {
  const { auth, sdk } = await loadProvider();
  try {
    await sdk.sendPasswordResetEmail(auth, email.trim());
  } catch (error) {
    if (providerErrorCode(error) === 'auth/user-not-found') return;
    throw error;
  }
}

/** Saves a new name at the provider and in the session (the core profile is saved by the caller's PATCH). */
export async function updateDisplayName(firstName: string, lastName: string): Promise<void> {
  const { fullName } = accountNames(firstName, lastName);
  const session = useSession.getState();
  if (session.user) {
    const user = { ...session.user, displayName: fullName };
    session.setUser(user);
    const remembered = session.accounts.find((a) => a.uid === user.uid);
    if (remembered) session.rememberAccount({ ...remembered, displayName: fullName });
  }
  const { auth, sdk } = await loadProvider();
  await auth.authStateReady();
  if (auth.currentUser) await sdk.updateProfile(auth.currentUser, { displayName: fullName });
}

/** Whether the signed-in provider account has a password to change (a phone- or Google-only one has none). */
export async function hasPasswordSignIn(): Promise<boolean> {
  const { auth } = await loadProvider();
  await auth.authStateReady();
  return auth.currentUser?.providerData.some((p) => p.providerId === 'password') ?? false;
}

const WRONG_CURRENT = new Set(['auth/wrong-password', 'auth/invalid-credential', 'auth/invalid-login-credentials']);

/**
 * Changes the password at the provider: it asks for a recent sign-in, so the current password is
 * checked first (reauthentication); a wrong one gets its own message rather than "e-mail or password".
 */
export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  const { auth, sdk } = await loadProvider();
  await auth.authStateReady();
  const user = auth.currentUser;
  if (!user?.email) throw new IdentityError('Please sign in again to change your password.', 'provider');
  try {
    await sdk.reauthenticateWithCredential(user, sdk.EmailAuthProvider.credential(user.email, currentPassword));
  } catch (error) {
    const code = providerErrorCode(error);
    if (code && WRONG_CURRENT.has(code)) throw new IdentityError('Your current password is incorrect.', 'provider');
    throw error;
  }
  await sdk.updatePassword(user, newPassword);
}
