import { type Kysely, sql } from 'kysely';

// The books (issue 40): double entry, one row per line, each transaction's lines summing to zero,
// checked by the database for every statement that writes lines (a transaction is written in one
// statement). Amounts in shillings, signed: positive is a debit, negative a credit. Accounts:
//   cash:mpesa | cash:card | cash:bank   money held for the market (the paybill, the card gateway, the bank)
//   seller:pending                        what a seller has earned (seller_id), not yet available
//   platform:commission                   ShambaSoko's commission on goods
//   buyer:refund_due                      what is owed back to a buyer for a paid part that was cancelled
// Commission rates per category in basis points; a category without a row takes the default (5 %).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table commission_rates (
      category text primary key check (category in ('crops', 'equipment', 'supplies', 'services')),
      rate_bp integer not null check (rate_bp between 0 and 5000),
      updated_by uuid references users(id) on delete set null,
      updated_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`
    create table ledger_entries (
      id bigint generated always as identity primary key,
      txn_id uuid not null,
      kind text not null check (kind in ('payment', 'commission', 'earning', 'delivery', 'refund', 'payout', 'adjustment')),
      account text not null check (account in ('cash:mpesa', 'cash:card', 'cash:bank', 'seller:pending', 'platform:commission', 'buyer:refund_due')),
      amount bigint not null check (amount <> 0),
      seller_id uuid references sellers(id) on delete restrict,
      order_id uuid references orders(id) on delete restrict,
      fulfilment_id uuid references order_fulfilments(id) on delete restrict,
      payment_id uuid references payments(id) on delete restrict,
      created_at timestamptz not null default now(),
      check ((account = 'seller:pending') = (seller_id is not null))
    )
  `.execute(db);
  await sql`create index ledger_entries_order on ledger_entries (order_id)`.execute(db);
  await sql`create index ledger_entries_seller on ledger_entries (seller_id, account) where seller_id is not null`.execute(db);
  await sql`create index ledger_entries_txn on ledger_entries (txn_id)`.execute(db);
  await sql`
    create function ledger_balanced() returns trigger language plpgsql as $$
    declare bad uuid;
    begin
      select txn_id into bad from (
        select n.txn_id, (select sum(e.amount) from ledger_entries e where e.txn_id = n.txn_id) as total
        from (select distinct txn_id from new_lines) n
      ) t where t.total <> 0 limit 1;
      if bad is not null then
        raise exception 'ledger transaction % does not sum to zero', bad using errcode = '23514';
      end if;
      return null;
    end $$
  `.execute(db);
  await sql`
    create trigger ledger_balanced after insert on ledger_entries
    referencing new table as new_lines for each statement execute function ledger_balanced()
  `.execute(db);
  await sql`
    create function ledger_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'ledger lines are never changed or removed; post a correcting transaction' using errcode = '23514';
    end $$
  `.execute(db);
  await sql`create trigger ledger_append_only before update or delete on ledger_entries for each row execute function ledger_append_only()`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table ledger_entries`.execute(db);
  await sql`drop function ledger_balanced()`.execute(db);
  await sql`drop function ledger_append_only()`.execute(db);
  await sql`drop table commission_rates`.execute(db);
}
