import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { notify } from '../notifications/service';

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
  const { rows } = await sql<{ farm_id: string; role: string; farm_name: string }>`
    update farm_members m
    set user_id = ${userId}, status = 'active'
    from farms f
    where f.id = m.farm_id
      and m.email = ${normalized}
      and m.status = 'invited'
      and m.user_id is null
      -- Someone already on the farm under another e-mail keeps that one membership.
      and not exists (select 1 from farm_members other where other.farm_id = m.farm_id and other.user_id = ${userId})
      and exists (select 1 from users u where u.id = ${userId} and u.email = ${normalized} and u.email_verified)
    returning m.farm_id, m.role, f.name as farm_name
  `.execute(db);
  for (const row of rows) {
    await notify(db, {
      userId,
      type: 'farm_member_added',
      title: `You joined ${row.farm_name}`,
      body: `Your role: ${row.role}`,
      link: `/farms/${row.farm_id}`,
    });
  }
  return rows.map((row) => row.farm_id);
}
