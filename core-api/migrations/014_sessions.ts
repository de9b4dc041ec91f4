import { type Kysely, sql } from 'kysely';

// Sessions end: every sign-in gets an absolute expiry (30 days from sign-in, never extended by
// refresh-token rotation), and refresh records when it last asked the identity provider whether
// the account still exists and is enabled. users.identity_providers remembers which sign-in
// methods the provider had linked at the last sign-in: a change revokes earlier sessions.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table auth_sessions add column expires_at timestamptz`.execute(db);
  await sql`update auth_sessions set expires_at = created_at + interval '30 days'`.execute(db);
  await sql`alter table auth_sessions alter column expires_at set not null`.execute(db);
  await sql`alter table auth_sessions add column provider_checked_at timestamptz`.execute(db);
  await sql`alter table users add column identity_providers text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop column identity_providers`.execute(db);
  await sql`alter table auth_sessions drop column provider_checked_at`.execute(db);
  await sql`alter table auth_sessions drop column expires_at`.execute(db);
}
