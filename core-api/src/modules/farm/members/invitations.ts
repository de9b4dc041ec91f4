import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { notify } from '../../notifications/service';
import { claimInvitedMemberships } from './repository';

/**
 * Turns the farm invitations recorded for `email` (Add User with an e-mail that had no account yet)
 * into active memberships of `userId`. The identity module calls it at sign-up and sign-in; it is
 * idempotent, so calling it at every sign-in is safe. Pass a transaction to commit with the caller.
 * Returns the farm ids joined.
 *
 * Only for the user's own, verified address (users.email_verified, from the ID token): anyone can
 * open an e-mail/password account for someone else's address, and must not get their invitations.
 */
export async function claimInvitations(db: Kysely<Database>, userId: string, email: string): Promise<string[]> {
  const normalized = email.trim().toLowerCase();
  if (normalized === '') return [];
  const rows = await claimInvitedMemberships(db, userId, normalized);
  for (const row of rows) {
    await notify(db, {
      userId,
      type: 'farm_member_added',
      title: 'You joined {farm}',
      body: 'Your role: {role}',
      values: { farm: row.farm_name },
      words: { role: row.role },
      link: `/farms/${row.farm_id}`,
    });
  }
  return rows.map((row) => row.farm_id);
}
