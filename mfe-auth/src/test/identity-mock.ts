import type * as Shared from '@shambasoko/shared';

/** @shambasoko/shared with every identity action a jest.fn(): the factory the page tests give jest.mock. */
export function sharedWithIdentityMocks() {
  return {
    ...jest.requireActual<typeof Shared>('@shambasoko/shared'),
    preloadIdentity: jest.fn(),
    emailExists: jest.fn(),
    sendPasswordReset: jest.fn(),
    signInWithEmail: jest.fn(),
    signInWithGoogle: jest.fn(),
    signUpWithEmail: jest.fn(),
    signUpWithGoogle: jest.fn(),
    createGoogleAccount: jest.fn(),
    sendPhoneCode: jest.fn(),
    confirmPhoneCode: jest.fn(),
    createPhoneAccount: jest.fn(),
    updateDisplayName: jest.fn(),
  };
}
