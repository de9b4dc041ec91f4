import { type Kysely, sql } from 'kysely';

// Whether the identity provider has confirmed that the user controls their e-mail (the ID token's
// email_verified, refreshed at every sign-in). Anyone can open an e-mail/password account for an
// address they do not own, so farm invitations sent to an address are claimed, and Add User links
// an existing account, only when that address is verified. Existing rows start unverified and
// become verified at their next sign-in with a verified token.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column email_verified boolean not null default false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop column email_verified`.execute(db);
}
