import { ApiError } from '../api/client';

/** Fallback messages, used when an error carries no message worth showing. */
export const IDENTITY_MESSAGES = {
  signIn: 'Failed to sign in',
  createAccount: 'Failed to create account',
  googleSignIn: 'Failed to sign in with Google',
  googleSignUp: 'Failed to sign up with Google',
} as const;

/**
 * Identity provider error codes → what the user reads. The SDK's own messages ("Firebase: Error
 * (auth/…)") mean nothing to a farmer, so every code we can meet is listed here; unknown codes fall
 * back to the action's spec message.
 */
export const PROVIDER_ERROR_MESSAGES: Readonly<Record<string, string>> = {
  'auth/wrong-password': 'Incorrect e-mail or password.',
  'auth/invalid-credential': 'Incorrect e-mail or password.',
  'auth/invalid-login-credentials': 'Incorrect e-mail or password.',
  'auth/user-not-found': 'We could not find an account with this e-mail. Check it or create an account.',
  'auth/email-already-in-use': 'An account with this e-mail already exists. Sign in instead.',
  'auth/credential-already-in-use': 'This Google account is already linked to another ShambaSoko account.',
  'auth/account-exists-with-different-credential':
    'An account with this e-mail already exists. Sign in with your e-mail and password instead.',
  'auth/weak-password': 'Password must be at least 6 characters',
  'auth/password-does-not-meet-requirements': 'This password does not meet the password rules. Choose a stronger one.',
  'auth/missing-password': 'Enter your password.',
  'auth/invalid-email': 'Enter a valid e-mail address.',
  'auth/missing-email': 'Enter your e-mail address.',
  'auth/network-request-failed': 'We could not reach the sign-in service. Check your connection and try again.',
  'auth/timeout': 'The sign-in service took too long to answer. Check your connection and try again.',
  'auth/popup-closed-by-user': 'The Google sign-in window was closed before you finished. Try again.',
  'auth/popup-blocked': 'Your browser blocked the Google sign-in window. Allow pop-ups for ShambaSoko and try again.',
  'auth/cancelled-popup-request': 'Another sign-in window is already open. Finish or close it, then try again.',
  'auth/too-many-requests': 'Too many attempts. Please wait a minute and try again.',
  'auth/user-disabled': 'This account has been disabled. Contact ShambaSoko support.',
  'auth/user-token-expired': 'Your sign-in has expired. Please sign in again.',
  'auth/invalid-user-token': 'Your sign-in has expired. Please sign in again.',
  'auth/requires-recent-login': 'For your security, please sign in again and retry.',
  'auth/user-mismatch': 'That is a different account from the one signed in. Choose the same account.',
  'auth/unauthorized-domain': 'Sign-in is not enabled for this web address.',
  'auth/operation-not-allowed': 'This sign-in method is not enabled.',
  'auth/expired-action-code': 'This link has expired. Ask for a new one.',
  'auth/invalid-action-code': 'This link is not valid any more. Ask for a new one.',
  'auth/web-storage-unsupported': 'Your browser blocks the storage sign-in needs. Turn off private mode or allow site data.',
  'auth/internal-error': 'The sign-in service had a problem. Please try again.',
};

/** The provider's error code (`auth/…`) when the error has one. */
export function providerErrorCode(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && code.startsWith('auth/') ? code : null;
}

/**
 * The message to show for a failed identity action: a mapped provider code, else the core API's
 * customer message, else our own Error's message, else the spec's fallback for the action.
 */
export function identityErrorMessage(error: unknown, fallback: string): string {
  const code = providerErrorCode(error);
  if (code) return PROVIDER_ERROR_MESSAGES[code] ?? fallback;
  if (error instanceof ApiError) return error.message || fallback;
  if (error instanceof IdentityError) return error.message;
  return fallback;
}

/** An identity failure whose message is already fit to show. */
export class IdentityError extends Error {
  constructor(
    message: string,
    /** 'core' when the provider step worked but the core API session did not open. */
    readonly stage: 'provider' | 'core',
    /** The core API's status, when it answered (404: no account for this sign-in). */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'IdentityError';
  }
}

/** The core API's answer to signing in with an identity that has no account: only sign-up opens one. */
export const isNoAccount = (error: unknown): boolean =>
  (error instanceof ApiError || error instanceof IdentityError) && error.status === 404;
