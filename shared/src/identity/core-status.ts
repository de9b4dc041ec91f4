import { create } from 'zustand';

/**
 * After an e-mail sign-in whose core API session failed, the user stays signed in with the
 * provider. This records that state so a page can say so and offer a retry.
 */
export interface CoreSessionStatus {
  /** The message to show while the core session is missing, else null. */
  failure: string | null;
  retrying: boolean;
}

export const useCoreSessionStatus = create<CoreSessionStatus>()(() => ({ failure: null, retrying: false }));
