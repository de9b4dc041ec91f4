import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AppRole } from '@shambasoko/contracts';
import { issueAccessToken } from '../auth/tokens';
import type { Database } from '../db/schema';

export interface TestUser {
  id: string;
  email: string;
  token: string;
  /** Ready to spread into a request's headers. */
  headers: { authorization: string };
}

let counter = 0;

/**
 * A signed-in user for API tests: a users row plus an access token, as a real sign-in would give,
 * without going through the identity provider.
 */
export async function createTestUser(
  db: Kysely<Database>,
  secret: string,
  /** emailVerified defaults to true, as after a verified sign-in (Google, or a confirmed address). */
  /** roles default to Farmer, as a sign-up without a choice. */
  fields: { email?: string; firstName?: string; lastName?: string; emailVerified?: boolean; roles?: AppRole[] } = {},
): Promise<TestUser> {
  counter += 1;
  const email = (fields.email ?? `user${counter}-${randomUUID().slice(0, 8)}@example.co.ke`).toLowerCase();
  const firstName = fields.firstName ?? 'Test';
  const lastName = fields.lastName ?? `User${counter}`;
  const row = await db
    .insertInto('users')
    .values({
      firebase_uid: `test-${randomUUID()}`,
      email,
      username: email.split('@')[0]!.replace(/[^a-z0-9]/g, ''),
      first_name: firstName,
      last_name: lastName,
      full_name: `${firstName} ${lastName}`.trim(),
      email_verified: fields.emailVerified ?? true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const roles = fields.roles ?? ['Farmer'];
  if (roles.length > 0)
    await db
      .insertInto('account_roles')
      .values(roles.map((role) => ({ user_id: row.id, role })))
      .execute();
  const token = await issueTestToken(db, secret, row.id);
  return { id: row.id, email, token, headers: { authorization: `Bearer ${token}` } };
}

/**
 * An access token for `userId` with a live session behind it, as a sign-in makes: every request
 * checks the token's session, so a token for a made-up session is refused.
 */
export async function issueTestToken(db: Kysely<Database>, secret: string, userId: string): Promise<string> {
  const session = await db
    .insertInto('auth_sessions')
    .values({ user_id: userId, provider: 'password', expires_at: new Date(Date.now() + 30 * 86_400_000) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await issueAccessToken(secret, { sub: userId, fam: session.id })).token;
}
