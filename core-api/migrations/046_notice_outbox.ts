import { type Kysely, sql } from 'kysely';

// Notices outside the app (issue 41): per-kind and per-channel switches next to the 023 ones, quiet
// hours (21:00–07:00 Nairobi, off by default), and an outbox written in the event's transaction so an
// SMS or e-mail goes out only for what committed; the drain job sends each row once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table user_preferences
      add column notify_invitations boolean not null default true,
      add column notify_messages boolean not null default true,
      add column notify_announcements boolean not null default true,
      add column sms_enabled boolean not null default true,
      add column email_enabled boolean not null default true,
      add column quiet_hours boolean not null default false
  `.execute(db);
  await sql`
    create table notice_outbox (
      id uuid primary key default gen_random_uuid(),
      user_id uuid references users (id) on delete cascade,
      channel text not null check (channel in ('sms', 'email')),
      recipient text not null check (char_length(recipient) between 3 and 320),
      subject text not null default '',
      body text not null,
      html text,
      status text not null default 'pending' check (status in ('pending', 'sending', 'sent', 'delivered', 'failed')),
      attempts integer not null default 0 check (attempts >= 0),
      next_attempt_at timestamptz not null default now(),
      provider_id text,
      last_error text,
      created_at timestamptz not null default now(),
      sent_at timestamptz,
      delivered_at timestamptz
    )
  `.execute(db);
  await sql`create index notice_outbox_due on notice_outbox (next_attempt_at) where status in ('pending', 'sending')`.execute(db);
  await sql`create index notice_outbox_provider_id on notice_outbox (provider_id) where provider_id is not null`.execute(db);
  await sql`create index notice_outbox_user on notice_outbox (user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table notice_outbox`.execute(db);
  await sql`
    alter table user_preferences
      drop column notify_invitations, drop column notify_messages, drop column notify_announcements,
      drop column sms_enabled, drop column email_enabled, drop column quiet_hours
  `.execute(db);
}
