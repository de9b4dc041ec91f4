import { type Kysely, sql } from 'kysely';

// Share links (issue 40): a receipt or a month's statement opened without signing in, by a link its
// owner sent (WhatsApp). Only the token's SHA-256 is kept, so the table alone opens nothing.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table share_links (
      id uuid primary key default gen_random_uuid(),
      token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
      user_id uuid not null references users(id) on delete cascade,
      kind text not null check (kind in ('receipt', 'statement')),
      order_id uuid references orders(id) on delete cascade,
      month text check (month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
      expires_at timestamptz not null,
      created_at timestamptz not null default now(),
      check ((kind = 'receipt') = (order_id is not null)),
      check ((kind = 'statement') = (month is not null))
    )
  `.execute(db);
  await sql`create index share_links_user on share_links (user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table share_links`.execute(db);
}
