import { ApiError } from '../api/client';
import { IDENTITY_MESSAGES, IdentityError, identityErrorMessage, PROVIDER_ERROR_MESSAGES, providerErrorCode } from './errors';

const providerError = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code });

describe('identity error messages', () => {
  it.each([
    ['auth/wrong-password', 'Incorrect e-mail or password.'],
    ['auth/invalid-credential', 'Incorrect e-mail or password.'],
    ['auth/email-already-in-use', 'An account with this e-mail already exists. Sign in instead.'],
    ['auth/weak-password', 'Password must be at least 6 characters'],
    ['auth/too-many-requests', 'Too many attempts. Please wait a minute and try again.'],
  ])('maps %s', (code, message) => {
    expect(identityErrorMessage(providerError(code), IDENTITY_MESSAGES.signIn)).toBe(message);
  });

  it('has a clear message for every code the issue names', () => {
    for (const code of [
      'user-not-found',
      'invalid-email',
      'network-request-failed',
      'popup-closed-by-user',
      'popup-blocked',
      'cancelled-popup-request',
      'user-disabled',
    ]) {
      const message = PROVIDER_ERROR_MESSAGES[`auth/${code}`];
      expect(message).toBeTruthy();
      expect(message).not.toMatch(/firebase/i);
    }
  });

  it('never shows the SDK text for an unknown code: falls back to the spec message', () => {
    expect(identityErrorMessage(providerError('auth/brand-new-code'), IDENTITY_MESSAGES.googleSignIn)).toBe(
      'Failed to sign in with Google',
    );
    expect(identityErrorMessage(new Error('boom'), IDENTITY_MESSAGES.createAccount)).toBe('Failed to create account');
    expect(identityErrorMessage(undefined, IDENTITY_MESSAGES.signIn)).toBe('Failed to sign in');
  });

  it('shows the core API customer message and our own identity errors', () => {
    expect(identityErrorMessage(new ApiError(429, 'Too many attempts. Please wait a minute and try again.'), 'x')).toBe(
      'Too many attempts. Please wait a minute and try again.',
    );
    expect(identityErrorMessage(new IdentityError('Failed to create account', 'core'), 'x')).toBe('Failed to create account');
  });

  it('reads only auth/ codes', () => {
    expect(providerErrorCode({ code: 'auth/popup-blocked' })).toBe('auth/popup-blocked');
    expect(providerErrorCode({ code: 'ENOENT' })).toBeNull();
    expect(providerErrorCode('auth/x')).toBeNull();
  });
});
