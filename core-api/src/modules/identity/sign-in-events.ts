import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Run after every successful sign-in or sign-up (e.g. turning farm invitations for this e-mail into memberships). */
export type SignInListener = (db: Kysely<Database>, user: { id: string; email: string }) => Promise<void>;

export function createSignInEvents() {
  const listeners: SignInListener[] = [];
  return {
    on(listener: SignInListener) {
      listeners.push(listener);
    },
    async emit(db: Kysely<Database>, user: { id: string; email: string }) {
      for (const listener of listeners) await listener(db, user);
    },
  };
}
export type SignInEvents = ReturnType<typeof createSignInEvents>;
