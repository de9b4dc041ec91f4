import { createHash } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, UsersTable } from '../../db/schema';

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

export async function createSession(db: Kysely<Database>, userId: string, provider: 'password' | 'google', device: unknown): Promise<string> {
  const row = await db
    .insertInto('auth_sessions')
    .values({ user_id: userId, provider, device: JSON.stringify(device ?? {}) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function storeRefreshToken(db: Kysely<Database>, sessionId: string, token: string, expiresAt: Date): Promise<void> {
  await db.insertInto('refresh_tokens').values({ token_hash: hashToken(token), session_id: sessionId, expires_at: expiresAt }).execute();
}

export async function revokeSession(db: Kysely<Database>, sessionId: string, reason: string): Promise<void> {
  await db.updateTable('auth_sessions').set({ revoked_at: new Date(), revoked_reason: reason }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

export async function revokeOtherSessions(db: Kysely<Database>, userId: string, keepSessionId: string): Promise<void> {
  await db
    .updateTable('auth_sessions')
    .set({ revoked_at: new Date(), revoked_reason: 'signed out by a new sign-in' })
    .where('user_id', '=', userId)
    .where('id', '!=', keepSessionId)
    .where('revoked_at', 'is', null)
    .execute();
}
