import { createHash } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { SELF_SERVICE_ROLES, type SelfServiceRole } from '@shambasoko/contracts';
import type { Database, UsersTable } from '../../db/schema';
import { catalogued } from '../../http/language';

export type UserRow = Selectable<UsersTable>;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Rows created before their owner first signed in (seeded demo users, invitations) carry a placeholder uid. */
export const PLACEHOLDER_UID = /^(seed|invite):/;

export function findUserByUid(db: Kysely<Database>, uid: string) {
  return db.selectFrom('users').selectAll().where('firebase_uid', '=', uid).executeTakeFirst();
}

export function findUserByEmail(db: Kysely<Database>, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export function findUserById(db: Kysely<Database>, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function createSession(
  db: Kysely<Database>,
  userId: string,
  provider: 'password' | 'google',
  device: unknown,
  expiresAt: Date,
): Promise<string> {
  const row = await db
    .insertInto('auth_sessions')
    .values({ user_id: userId, provider, device: JSON.stringify(device ?? {}), expires_at: expiresAt, provider_checked_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function storeRefreshToken(db: Kysely<Database>, sessionId: string, token: string, expiresAt: Date): Promise<void> {
  await db
    .insertInto('refresh_tokens')
    .values({ token_hash: hashToken(token), session_id: sessionId, expires_at: expiresAt })
    .execute();
}

/** The revoke functions answer the ids they revoked, for the in-process session cache. */
export async function revokeSession(db: Kysely<Database>, sessionId: string, reason: string): Promise<string[]> {
  const rows = await db
    .updateTable('auth_sessions')
    .set({ revoked_at: new Date(), revoked_reason: reason })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Every live session of the user but `keepSessionId` (none kept when it is null). */
export async function revokeOtherSessions(
  db: Kysely<Database>,
  userId: string,
  keepSessionId: string | null,
  reason = catalogued('signed out by a new sign-in'),
): Promise<string[]> {
  let query = db
    .updateTable('auth_sessions')
    .set({ revoked_at: new Date(), revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepSessionId !== null) query = query.where('id', '!=', keepSessionId);
  const rows = await query.returning('id').execute();
  return rows.map((r) => r.id);
}

/**
 * Makes the account's self-service roles exactly `roles`; Admin is left as it is (granted by an
 * Admin only). Roles already held keep their grant record.
 */
export async function setSelfServiceRoles(db: Kysely<Database>, userId: string, roles: readonly SelfServiceRole[]): Promise<void> {
  const dropped = SELF_SERVICE_ROLES.filter((r) => !roles.includes(r));
  if (dropped.length > 0) await db.deleteFrom('account_roles').where('user_id', '=', userId).where('role', 'in', dropped).execute();
  if (roles.length === 0) return;
  await db
    .insertInto('account_roles')
    .values(roles.map((role) => ({ user_id: userId, role, granted_by: userId })))
    .onConflict((oc) => oc.columns(['user_id', 'role']).doNothing())
    .execute();
}
