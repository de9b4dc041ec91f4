import { type Kysely, sql } from 'kysely';

// Announcements (issue 41): an Admin's to roles and counties, or a seller's to their followers.
// Delivery walks recipients by user id in batches; `delivered_through` is the last one notified, so a
// batch that fails or a second process never notifies anyone twice.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table announcements (
      id uuid primary key default gen_random_uuid(),
      author_id uuid references users (id) on delete set null,
      seller_id uuid references sellers (id) on delete cascade,
      title_en text not null check (char_length(title_en) between 1 and 120),
      body_en text not null check (char_length(body_en) between 1 and 2000),
      title_sw text not null check (char_length(title_sw) between 1 and 120),
      body_sw text not null check (char_length(body_sw) between 1 and 2000),
      roles text[] not null default '{}',
      counties text[] not null default '{}',
      publish_at timestamptz not null default now(),
      delivered_through uuid,
      delivered_at timestamptz,
      reach integer not null default 0 check (reach >= 0),
      created_at timestamptz not null default now(),
      check ((seller_id is null) = (cardinality(roles) > 0))
    )
  `.execute(db);
  await sql`create index announcements_publish on announcements (publish_at desc)`.execute(db);
  await sql`create index announcements_undelivered on announcements (publish_at) where delivered_at is null`.execute(db);
  await sql`create index announcements_seller on announcements (seller_id, created_at desc) where seller_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table announcements`.execute(db);
}
