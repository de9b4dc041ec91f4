import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The signed-in user. `emailVerified` comes from the verified ID token: an e-mail/password account
 * can be opened for anyone's address, so only a verified address may be trusted as the person's own.
 */
export interface SignedInUser {
  id: string;
  email: string;
  emailVerified: boolean;
}

/** Run after every successful sign-in or sign-up (e.g. turning farm invitations for this e-mail into memberships). */
export type SignInListener = (db: Kysely<Database>, user: SignedInUser) => Promise<void>;

export function createSignInEvents() {
  const listeners: SignInListener[] = [];
  return {
    on(listener: SignInListener) {
      listeners.push(listener);
    },
    async emit(db: Kysely<Database>, user: SignedInUser) {
      for (const listener of listeners) await listener(db, user);
    },
  };
}
export type SignInEvents = ReturnType<typeof createSignInEvents>;
