// Sign-out and session restore, which every signed-in page can run; the sign-in, sign-up, reset and
// account actions (sign-in-actions.ts, ~21 kB of source) load when one of them first runs, so the
// shell's first chunk, which offers this package to every remote, does not carry them.
import type { RememberedAccount } from '../session/accounts';
import { api } from '../api/client';
import { useSession } from '../session/store';
import { useCoreSessionStatus } from './core-status';
import { loadProvider } from './provider';
import { refreshTokens } from './token-keeper';
import type * as SignInActions from './sign-in-actions';

export { isNoAccount } from './errors';
export type { SignUpInput } from './sign-in-actions';

const signInActions = () => import(/* webpackChunkName: "sign-in-actions" */ './sign-in-actions');

type Actions = typeof SignInActions;
type AsyncAction = {
  [K in keyof Actions]: Actions[K] extends (...args: never[]) => Promise<unknown> ? K : never;
}[keyof Actions];

/** An action of sign-in-actions.ts, fetched with that file the first time it runs. */
function onDemand<K extends AsyncAction>(name: K): Actions[K] {
  const run = async (...args: unknown[]) => {
    const actions = await signInActions();
    return (actions[name] as (...a: unknown[]) => unknown)(...args);
  };
  return run as unknown as Actions[K];
}

export const sendPhoneCode = onDemand('sendPhoneCode');
export const confirmPhoneCode = onDemand('confirmPhoneCode');
export const createPhoneAccount = onDemand('createPhoneAccount');
export const emailExists = onDemand('emailExists');
export const signUpWithEmail = onDemand('signUpWithEmail');
export const signInWithEmail = onDemand('signInWithEmail');
export const retryCoreSession = onDemand('retryCoreSession');
export const signInWithGoogle = onDemand('signInWithGoogle');
export const signUpWithGoogle = onDemand('signUpWithGoogle');
export const createGoogleAccount = onDemand('createGoogleAccount');
export const sendPasswordReset = onDemand('sendPasswordReset');
export const updateDisplayName = onDemand('updateDisplayName');
export const hasPasswordSignIn = onDemand('hasPasswordSignIn');
export const changePassword = onDemand('changePassword');

const INTENT_EVENTS = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;

/**
 * Starts fetching the provider SDK once the visitor starts on a sign-in form (first tap, key or focus),
 * not on arrival: the page paints without it, and it is ready well within the browser's user-activation
 * window, so the Google popup still opens from the click. Use as an effect; it returns its cleanup.
 */
export function preloadIdentity(): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const start = () => {
    stop();
    loadProvider().catch((error: unknown) => console.warn('Identity provider not loaded yet', error));
    signInActions().catch((error: unknown) => console.warn('Sign-in code not loaded yet', error));
  };
  const stop = () => INTENT_EVENTS.forEach((name) => window.removeEventListener(name, start, true));
  INTENT_EVENTS.forEach((name) => window.addEventListener(name, start, { capture: true, passive: true }));
  return stop;
}

/**
 * What a new e-mail/password account is told (sign-up forms). The core API hands farm invitations
 * only to a confirmed address: anyone can open an account with someone else's e-mail.
 */
export const EMAIL_CONFIRMATION_NOTE =
  "We'll e-mail you a link to confirm this address. Farm invitations sent to it become active once you confirm it and sign in again.";

/**
 * Revokes the core sign-in (the refresh cookie goes by itself and is cleared by the answer), ends the
 * provider session and forgets tokens and user; remembered accounts stay.
 */
export async function signOut(): Promise<void> {
  const { accessToken } = useSession.getState();
  await api
    .post('/v1/auth/logout', undefined, { auth: false, headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {} })
    .catch((error: unknown) => console.warn('Logout at the core API failed', error));
  try {
    const { auth, sdk } = await loadProvider();
    await sdk.signOut(auth);
  } catch (error) {
    console.warn('Provider sign-out failed', error);
  }
  // Last, so guarded pages do not redirect to sign-in while the caller is still on its way out.
  useSession.getState().clearSession();
  useCoreSessionStatus.setState({ failure: null, retrying: false });
}

let restoring: Promise<void> | null = null;

/**
 * After a reload the access token (memory only) is gone: the refresh cookie gets a new one. Someone
 * who never signed in on this browser has no stored user and nothing is asked. A refused refresh
 * means the sign-in ended (signed out, revoked, 30 days up): the person signs in again; the provider's
 * own session is not used to open a new one behind their back.
 */
export function restoreSession(): Promise<void> {
  restoring ??= (async () => {
    const state = useSession.getState();
    if (state.accessToken || !state.user) return;
    try {
      const outcome = await refreshTokens();
      if (outcome === 'refreshed') useCoreSessionStatus.setState({ failure: null, retrying: false });
    } catch (error) {
      console.warn('Restoring the core session failed', error);
    }
  })().finally(() => {
    restoring = null;
  });
  return restoring;
}

/**
 * Switches to another remembered account: signs out of the provider and the core API, moves the
 * account to the front of the list; the caller then opens sign-in with its e-mail.
 */
export async function switchAccount(account: RememberedAccount): Promise<void> {
  await signOut();
  useSession.getState().rememberAccount({ ...account, lastUsed: Date.now() });
}
