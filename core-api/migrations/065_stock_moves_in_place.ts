import { type Kysely, sql } from 'kysely';

// A sale's stock move rewrites its product row in place. Every order decrements stock (and a cancel or
// an expiry gives it back), and each such UPDATE was written as a new row version in all thirteen of
// the product's indexes, the two GIN indexes of search included (0.31 ms of the checkout's statements,
// the most of any). Two things kept PostgreSQL from updating in place (a heap-only tuple):
// - `products_related` indexed `(stock_quantity > 0)`, so stock was an indexed column. The related
//   products now read the in-stock ones first through an index without stock (catalog findRelated).
// - the `set_updated_at` trigger moved `updated_at` (indexed by `products_seller_status`) on every
//   update. It now leaves a stock-only move alone: `updated_at` is when the seller last changed the
//   listing, and a seller's own stock change sets it explicitly (seller service).
// A fill factor of 90 leaves each page room for the new versions.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index products_related`.execute(db);
  await sql`
    create index products_related on products (category, featured desc, rating desc, review_count desc, id)
  `.execute(db);
  await sql`drop trigger products_set_updated_at on products`.execute(db);
  await sql`
    create trigger products_set_updated_at before update on products
    for each row when (old.stock_quantity is not distinct from new.stock_quantity) execute function set_updated_at()
  `.execute(db);
  await sql`alter table products set (fillfactor = 90)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table products reset (fillfactor)`.execute(db);
  await sql`drop trigger products_set_updated_at on products`.execute(db);
  await sql`create trigger products_set_updated_at before update on products for each row execute function set_updated_at()`.execute(db);
  await sql`drop index products_related`.execute(db);
  await sql`
    create index products_related on products
      (category, (stock_quantity > 0) desc, featured desc, rating desc, review_count desc, id)
  `.execute(db);
}
