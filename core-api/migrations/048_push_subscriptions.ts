import { type Kysely, sql } from 'kysely';

// Web push (issue 41): a person's browsers that allowed notices, a third channel of the outbox beside
// SMS and e-mail, with its own switch. A push row's recipient is the subscription's id, so a
// subscription the push service forgets (404/410) is deleted and its queued rows fail, nothing else.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table push_subscriptions (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id) on delete cascade,
      endpoint text not null unique check (char_length(endpoint) between 10 and 1000),
      p256dh text not null check (char_length(p256dh) between 80 and 100),
      auth text not null check (char_length(auth) between 16 and 32),
      user_agent text not null default '' check (char_length(user_agent) <= 120),
      created_at timestamptz not null default now(),
      last_success_at timestamptz,
      failures integer not null default 0 check (failures >= 0)
    )
  `.execute(db);
  await sql`create index push_subscriptions_user on push_subscriptions (user_id)`.execute(db);
  await sql`alter table user_preferences add column push_enabled boolean not null default true`.execute(db);
  await sql`alter table notice_outbox drop constraint notice_outbox_channel_check`.execute(db);
  await sql`alter table notice_outbox add constraint notice_outbox_channel_check check (channel in ('sms', 'email', 'push'))`.execute(db);
  // The page a push notice opens; SMS and e-mail carry their link in the text.
  await sql`alter table notice_outbox add column url text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from notice_outbox where channel = 'push'`.execute(db);
  await sql`alter table notice_outbox drop column url`.execute(db);
  await sql`alter table notice_outbox drop constraint notice_outbox_channel_check`.execute(db);
  await sql`alter table notice_outbox add constraint notice_outbox_channel_check check (channel in ('sms', 'email'))`.execute(db);
  await sql`alter table user_preferences drop column push_enabled`.execute(db);
  await sql`drop table push_subscriptions`.execute(db);
}
