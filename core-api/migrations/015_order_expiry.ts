import { type Kysely, sql } from 'kysely';

// Unpaid orders expire and give their stock back (the order-expiry job); promo codes get total and
// per-buyer limits, counted from promo_redemptions, which the order transaction writes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders drop constraint orders_status_check`.execute(db);
  await sql`
    alter table orders
      add constraint orders_status_check
        check (status in ('pending_payment', 'paid', 'shipped', 'delivered', 'cancelled', 'expired')),
      -- Set at placement from the payment method's window; null once the order no longer waits.
      add column payment_due_at timestamptz,
      add column expired_at timestamptz,
      -- Why the order is in its status, in words for the buyer ("Not paid within 72 hours; …").
      add column status_reason text
  `.execute(db);
  // Orders placed before this migration wait the default windows (72 h bank transfer, 1 h card).
  await sql`
    update orders
    set payment_due_at = created_at + case payment_method when 'bank' then interval '72 hours' else interval '1 hour' end
    where status = 'pending_payment'
  `.execute(db);
  // The job reads only the orders that still wait, oldest deadline first.
  await sql`create index orders_payment_due on orders (payment_due_at) where status = 'pending_payment'`.execute(db);

  await sql`
    alter table promos
      add column max_uses integer check (max_uses is null or max_uses > 0),
      add column max_uses_per_user integer check (max_uses_per_user is null or max_uses_per_user > 0)
  `.execute(db);
  await sql`
    create table promo_redemptions (
      -- One promo per order; an order that expires gives its redemption back (the row is deleted).
      order_id uuid primary key references orders(id) on delete cascade,
      promo_code text not null references promos(code),
      user_id uuid not null references users(id) on delete cascade,
      created_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`create index promo_redemptions_code_user on promo_redemptions (promo_code, user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table promo_redemptions`.execute(db);
  await sql`alter table promos drop column max_uses, drop column max_uses_per_user`.execute(db);
  await sql`drop index orders_payment_due`.execute(db);
  await sql`update orders set status = 'cancelled' where status = 'expired'`.execute(db);
  await sql`
    alter table orders
      drop column payment_due_at,
      drop column expired_at,
      drop column status_reason,
      drop constraint orders_status_check,
      add constraint orders_status_check check (status in ('pending_payment', 'paid', 'shipped', 'delivered', 'cancelled'))
  `.execute(db);
}
