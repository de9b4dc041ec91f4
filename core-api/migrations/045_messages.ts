import { type Kysely, sql } from 'kysely';

// Messages (issue 41). A buyer–seller conversation is unique per buyer, seller and subject, so starting
// it again reopens it; a farm has one conversation whose readers are its active members (checked live,
// so no participant rows are kept for farm members who leave). seller_id is the shop, seller_user_id
// the account that runs it and reads its messages. Stream tickets: only the SHA-256 is kept.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table conversations (
      id uuid primary key default gen_random_uuid(),
      kind text not null check (kind in ('product', 'order', 'storefront', 'farm')),
      buyer_id uuid references users(id) on delete cascade,
      seller_id uuid references sellers(id) on delete cascade,
      seller_user_id uuid references users(id) on delete cascade,
      product_id uuid references products(id) on delete set null,
      order_id uuid references orders(id) on delete set null,
      farm_id uuid references farms(id) on delete cascade,
      subject_title text not null default '',
      subject_photo text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check ((kind = 'farm') = (farm_id is not null)),
      check (kind = 'farm' or (buyer_id is not null and seller_user_id is not null and buyer_id <> seller_user_id))
    )
  `.execute(db);
  await sql`create unique index conversations_farm on conversations (farm_id) where kind = 'farm'`.execute(db);
  await sql`
    create unique index conversations_pair_subject on conversations
      (buyer_id, seller_id, kind, coalesce(product_id, order_id, '00000000-0000-0000-0000-000000000000'::uuid))
      where kind <> 'farm'
  `.execute(db);
  await sql`create index conversations_seller_user on conversations (seller_user_id)`.execute(db);
  await sql`
    create table conversation_reads (
      conversation_id uuid not null references conversations(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      last_read_at timestamptz not null,
      primary key (conversation_id, user_id)
    )
  `.execute(db);
  await sql`
    create table messages (
      id uuid primary key default gen_random_uuid(),
      conversation_id uuid not null references conversations(id) on delete cascade,
      sender_id uuid not null references users(id) on delete cascade,
      text text not null check (char_length(text) <= 2000),
      photos text[] not null default '{}' check (cardinality(photos) <= 3),
      client_key text,
      created_at timestamptz not null default clock_timestamp(),
      unique (sender_id, client_key)
    )
  `.execute(db);
  await sql`create index messages_conversation on messages (conversation_id, created_at desc)`.execute(db);
  await sql`
    create table user_blocks (
      blocker_id uuid not null references users(id) on delete cascade,
      blocked_id uuid not null references users(id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (blocker_id, blocked_id),
      check (blocker_id <> blocked_id)
    )
  `.execute(db);
  await sql`
    create table message_reports (
      id uuid primary key default gen_random_uuid(),
      conversation_id uuid not null references conversations(id) on delete cascade,
      reporter_id uuid references users(id) on delete set null,
      reason text not null check (reason in ('spam', 'abuse', 'fraud', 'other')),
      note text not null default '' check (char_length(note) <= 1000),
      status text not null default 'open' check (status in ('open', 'resolved')),
      resolved_by uuid references users(id) on delete set null,
      resolved_at timestamptz,
      resolution text,
      created_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`create index message_reports_status on message_reports (status, created_at desc)`.execute(db);
  await sql`
    create table message_stream_tickets (
      token_hash text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
      user_id uuid not null references users(id) on delete cascade,
      session_family text not null,
      expires_at timestamptz not null
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table message_stream_tickets, message_reports, user_blocks, messages, conversation_reads, conversations`.execute(db);
}
