import { type Kysely, sql } from 'kysely';

// After delivery (issue 40): the buyer confirms a part (its earnings are released) or, within the
// dispute window, reports a problem; the seller answers and an Admin decides (refund or release).
// A part's earnings stay held while it has an open dispute; one open dispute per part.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table order_fulfilments
      add column confirmed_at timestamptz,
      add column confirmed_by uuid references users(id) on delete set null,
      add column released_at timestamptz
  `.execute(db);
  // The release job reads delivered parts not yet released, oldest delivery first.
  await sql`create index order_fulfilments_to_release on order_fulfilments (delivered_at) where status = 'delivered' and released_at is null`.execute(
    db,
  );
  await sql`
    create table disputes (
      id uuid primary key default gen_random_uuid(),
      order_id uuid not null references orders(id) on delete restrict,
      fulfilment_id uuid not null references order_fulfilments(id) on delete restrict,
      seller_id uuid not null references sellers(id) on delete restrict,
      buyer_id uuid references users(id) on delete set null,
      reason text not null check (reason in ('not_received', 'not_as_described', 'damaged')),
      note text not null check (length(note) <= 1000),
      photos text[] not null default '{}' check (cardinality(photos) <= 3),
      seller_note text check (length(seller_note) <= 1000),
      seller_photos text[] not null default '{}' check (cardinality(seller_photos) <= 3),
      seller_answered_at timestamptz,
      status text not null default 'open' check (status in ('open', 'refunded', 'released')),
      refund_amount bigint check (refund_amount >= 0),
      decision_reason text check (length(decision_reason) <= 1000),
      decided_by uuid references users(id) on delete set null,
      decided_at timestamptz,
      created_at timestamptz not null default now(),
      check ((status = 'open') = (decided_at is null))
    )
  `.execute(db);
  await sql`create unique index disputes_one_open on disputes (fulfilment_id) where status = 'open'`.execute(db);
  await sql`create index disputes_queue on disputes (status, created_at)`.execute(db);
  await sql`create index disputes_order on disputes (order_id)`.execute(db);
  await sql`create index disputes_seller on disputes (seller_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table disputes`.execute(db);
  await sql`drop index order_fulfilments_to_release`.execute(db);
  await sql`alter table order_fulfilments drop column confirmed_at, drop column confirmed_by, drop column released_at`.execute(db);
}
