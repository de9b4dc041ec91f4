import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { notify } from '../../notifications';
import { claimInvitedMemberships, findInvitationsTo, findTiesToOthersFarms } from './repository';

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

/**
 * The invitations waiting for the user's address, for their data export. None while the address is
 * unverified: whoever signed up with someone else's e-mail must not read what was sent to it.
 */
export async function invitationsFor(db: Kysely<Database>, user: { email: string; email_verified: boolean }) {
  return user.email_verified ? findInvitationsTo(db, user.email.trim().toLowerCase()) : [];
}

/**
 * Account erasure, in its transaction: withdraws the invitations waiting for the user's verified
 * address (an unverified one leaves them to the address's real owner) and tells the Owner of every
 * farm the user belonged to or was invited to. The memberships go with the users row.
 */
export async function endFarmTies(trx: Kysely<Database>, user: { id: string; email: string; email_verified: boolean }): Promise<void> {
  const invited = user.email_verified ? user.email.trim().toLowerCase() : null;
  const ties = await findTiesToOthersFarms(trx, user.id, invited);
  for (const tie of ties) {
    if (tie.owner_id === null) continue;
    const who = tie.name.trim() || tie.email;
    await notify(trx, {
      userId: tie.owner_id,
      type: 'farm_member_left',
      title: tie.user_id === null ? 'Invitation to {farm} ended' : 'A user left {farm}',
      body:
        tie.user_id === null
          ? '{name} deleted their ShambaSoko account, so the invitation to {farm} has ended.'
          : '{name} deleted their ShambaSoko account, so their access to {farm} has ended.',
      values: { name: who, farm: tie.farm_name },
      link: '/users',
    });
  }
  const withdrawn = ties.filter((tie) => tie.user_id === null).map((tie) => tie.id);
  if (withdrawn.length > 0) await trx.deleteFrom('farm_members').where('id', 'in', withdrawn).execute();
}
