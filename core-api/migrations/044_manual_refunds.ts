import { type Kysely, sql } from 'kysely';

// A bank or card refund is paid by hand outside ShambaSoko (no B2C reaches a bank account or a card):
// an Admin records it settled with the bank's or gateway's reference, and the books move it from
// buyer:refund_due to the method's cash account. One row per part: the key refuses a second settle.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table manual_refunds (
      fulfilment_id uuid primary key references order_fulfilments (id) on delete restrict,
      order_id uuid not null references orders (id) on delete restrict,
      method text not null check (method in ('bank', 'card')),
      amount bigint not null check (amount > 0),
      reference text not null check (char_length(reference) between 1 and 100),
      note text not null default '' check (char_length(note) <= 500),
      settled_by uuid references users (id) on delete set null,
      settled_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`create index manual_refunds_settled on manual_refunds (settled_at desc)`.execute(db);
  await sql`alter table admin_actions drop constraint admin_actions_subject_kind_check`.execute(db);
  await sql`alter table admin_actions add constraint admin_actions_subject_kind_check check (subject_kind in ('account', 'product', 'seller', 'refund'))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table admin_actions drop constraint admin_actions_subject_kind_check`.execute(db);
  await sql`alter table admin_actions add constraint admin_actions_subject_kind_check check (subject_kind in ('account', 'product', 'seller'))`.execute(
    db,
  );
  await sql`drop table manual_refunds`.execute(db);
}
