import { type Kysely, sql } from 'kysely';

// Money out by M-Pesa B2C (issue 40): one row per payout to a seller or refund to a buyer. The
// originator conversation id is ours, sent with the request: Daraja echoes it in the result, and a
// second send of the same row reuses it, so it is the idempotency key. Sellers may name a payout phone
// and opt in to automatic daily payouts.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table disbursements (
      id uuid primary key default gen_random_uuid(),
      purpose text not null check (purpose in ('payout', 'refund')),
      seller_id uuid references sellers(id) on delete restrict,
      order_id uuid references orders(id) on delete restrict,
      fulfilment_id uuid references order_fulfilments(id) on delete restrict,
      user_id uuid references users(id) on delete set null,
      phone text not null,
      amount bigint not null check (amount > 0),
      status text not null default 'pending' check (status in ('pending', 'sent', 'paid', 'failed')),
      originator_id text not null unique,
      request_key text,
      conversation_id text,
      transaction_id text,
      receipt text,
      result_code text,
      result_desc text,
      attempts integer not null default 0,
      last_error text,
      last_query_at timestamptz,
      sent_at timestamptz,
      settled_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check ((purpose = 'payout') = (seller_id is not null)),
      check ((purpose = 'refund') = (fulfilment_id is not null and order_id is not null))
    )
  `.execute(db);
  await sql`create index disbursements_seller on disbursements (seller_id, created_at desc) where seller_id is not null`.execute(db);
  await sql`create index disbursements_open on disbursements (status) where status in ('pending', 'sent')`.execute(db);
  await sql`create index disbursements_fulfilment on disbursements (fulfilment_id) where fulfilment_id is not null`.execute(db);
  // A seller's Idempotency-Key names one payout.
  await sql`create unique index disbursements_request_key on disbursements (seller_id, request_key) where request_key is not null`.execute(
    db,
  );
  // Which disbursement a line of money out belongs to, so the books and the rows can be held together.
  await sql`alter table ledger_entries add column disbursement_id uuid references disbursements(id) on delete restrict`.execute(db);
  await sql`create index ledger_entries_disbursement on ledger_entries (disbursement_id) where disbursement_id is not null`.execute(db);
  await sql`
    create table seller_payout_settings (
      seller_id uuid primary key references sellers(id) on delete cascade,
      phone text,
      automatic boolean not null default false,
      last_automatic_day date,
      updated_at timestamptz not null default now()
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table seller_payout_settings`.execute(db);
  await sql`alter table ledger_entries drop column disbursement_id`.execute(db);
  await sql`drop table disbursements`.execute(db);
}
