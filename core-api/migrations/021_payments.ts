import { type Kysely, sql } from 'kysely';

// Payments (issue 16): M-Pesa joins card and bank transfer; every attempt to pay is a `payments` row
// and everything said about it (our request, the provider's answer, callbacks, status queries,
// notifications, a person marking it paid) is a `payment_events` row: the ledger.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders drop constraint orders_payment_method_check`.execute(db);
  await sql`alter table orders add constraint orders_payment_method_check check (payment_method in ('mpesa', 'card', 'bank'))`.execute(db);

  await sql`
    create table payments (
      id uuid primary key default gen_random_uuid(),
      order_id uuid not null references orders(id) on delete cascade,
      method text not null check (method in ('mpesa', 'card', 'bank')),
      status text not null default 'pending'
        check (status in ('pending', 'paid', 'declined', 'timed_out', 'failed', 'flagged')),
      -- What the order asked for when the attempt began (the order's total).
      amount int8 not null check (amount >= 0),
      -- What the provider reported paying, once it did.
      reported_amount int8,
      -- M-Pesa: the number prompted (+2547...).
      phone text,
      -- The provider's id for the attempt: Daraja's CheckoutRequestID, the card gateway's tracking id.
      provider_ref text,
      -- Ours as the provider knows it: Daraja's MerchantRequestID, the card gateway's merchant reference.
      merchant_ref text,
      -- M-Pesa receipt number, card confirmation code, bank reference.
      receipt text,
      result_code text,
      result_desc text,
      -- Card: the hosted page the buyer pays on; brand and last four digits as the provider reports them.
      redirect_url text,
      card_brand text,
      card_last4 text check (card_last4 is null or card_last4 ~ '^[0-9]{4}$'),
      flag_reason text,
      -- Who started it (the buyer), and for a bank transfer who marked it paid.
      created_by uuid references users(id) on delete set null,
      confirmed_by uuid references users(id) on delete set null,
      confirmed_role text,
      settled_at timestamptz,
      last_query_at timestamptz,
      query_count integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )
  `.execute(db);
  // A provider's reference names one attempt: a replayed callback finds the same row.
  await sql`create unique index payments_provider_ref on payments (method, provider_ref) where provider_ref is not null`.execute(db);
  // An order is paid once, whatever arrives twice.
  await sql`create unique index payments_one_paid_per_order on payments (order_id) where status = 'paid'`.execute(db);
  await sql`create index payments_order_created on payments (order_id, created_at desc)`.execute(db);
  // The reconcile job reads the attempts still waiting, oldest first; the Admin reads the flagged ones.
  await sql`create index payments_pending on payments (created_at) where status = 'pending'`.execute(db);
  await sql`create index payments_flagged on payments (created_at desc) where status = 'flagged'`.execute(db);

  await sql`
    create table payment_events (
      id bigserial primary key,
      payment_id uuid references payments(id) on delete cascade,
      order_id uuid references orders(id) on delete cascade,
      kind text not null
        check (kind in ('request', 'response', 'callback', 'query', 'notification', 'confirmation', 'manual', 'flag', 'error')),
      provider_ref text,
      amount int8,
      result_code text,
      -- The provider's words, with phone numbers masked; never card numbers (we never have them).
      detail jsonb not null default '{}'::jsonb,
      -- Set for what must be recorded once (a callback per CheckoutRequestID): a replay conflicts here.
      dedupe_key text unique,
      created_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`create index payment_events_payment on payment_events (payment_id, id)`.execute(db);
  await sql`create index payment_events_order on payment_events (order_id, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table payment_events`.execute(db);
  await sql`drop table payments`.execute(db);
  await sql`update orders set payment_method = 'bank' where payment_method = 'mpesa'`.execute(db);
  await sql`alter table orders drop constraint orders_payment_method_check`.execute(db);
  await sql`alter table orders add constraint orders_payment_method_check check (payment_method in ('card', 'bank'))`.execute(db);
}
