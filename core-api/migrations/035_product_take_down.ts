import { type Kysely, sql } from 'kysely';

// An Admin takes a listing down with a reason the seller is told. The listing is paused as well,
// so every place that shows only active listings (catalog, search, storefront, cart, checkout)
// leaves it out without knowing about take-downs; taken_down_at is what stops the seller
// re-publishing it, and restored_status what a restore puts back.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table products
      add column taken_down_at timestamptz,
      add column taken_down_by uuid references users (id) on delete set null,
      add column take_down_reason text check (char_length(take_down_reason) <= 500),
      add column status_before_take_down text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table products
      drop column taken_down_at, drop column taken_down_by, drop column take_down_reason, drop column status_before_take_down`.execute(db);
}
