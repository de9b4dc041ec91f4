import { type Kysely, sql } from 'kysely';

// The books carry money out as well as in (issue 40): a seller's earning moves from pending to
// available (the buyer confirmed delivery, or the window passed with no dispute), then out by payout;
// a buyer's refund moves from due to paid. New accounts:
//   seller:available   released earnings a seller may withdraw (seller_id)
//   seller:paying      a payout sent to the provider, not yet confirmed (seller_id)
//   buyer:refunding    a refund sent to the provider, not yet confirmed
// Every seller:* line names its seller.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_entries drop constraint ledger_entries_kind_check`.execute(db);
  await sql`alter table ledger_entries drop constraint ledger_entries_account_check`.execute(db);
  await sql`alter table ledger_entries drop constraint ledger_entries_check`.execute(db);
  await sql`
    alter table ledger_entries add constraint ledger_entries_kind_check check (kind in (
      'payment', 'commission', 'earning', 'delivery', 'refund', 'release', 'payout', 'payout_reversed',
      'refund_paid', 'refund_reversed', 'adjustment'
    ))
  `.execute(db);
  await sql`
    alter table ledger_entries add constraint ledger_entries_account_check check (account in (
      'cash:mpesa', 'cash:card', 'cash:bank', 'seller:pending', 'seller:available', 'seller:paying',
      'platform:commission', 'buyer:refund_due', 'buyer:refunding'
    ))
  `.execute(db);
  await sql`alter table ledger_entries add constraint ledger_entries_seller_named check ((account like 'seller:%') = (seller_id is not null))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_entries drop constraint ledger_entries_seller_named`.execute(db);
  await sql`alter table ledger_entries drop constraint ledger_entries_kind_check`.execute(db);
  await sql`alter table ledger_entries drop constraint ledger_entries_account_check`.execute(db);
  await sql`
    alter table ledger_entries add constraint ledger_entries_kind_check
    check (kind in ('payment', 'commission', 'earning', 'delivery', 'refund', 'payout', 'adjustment'))
  `.execute(db);
  await sql`
    alter table ledger_entries add constraint ledger_entries_account_check
    check (account in ('cash:mpesa', 'cash:card', 'cash:bank', 'seller:pending', 'platform:commission', 'buyer:refund_due'))
  `.execute(db);
  await sql`alter table ledger_entries add constraint ledger_entries_check check ((account = 'seller:pending') = (seller_id is not null))`.execute(
    db,
  );
}
