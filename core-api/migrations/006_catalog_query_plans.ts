import { type Kysely, sql } from 'kysely';

// Catalog query plans at 100k products (scripts/bench/market.mjs).
//
// pg_trgm declares `text <% text` (word_similarity_op) with cost 1, as cheap as an integer compare,
// while it really costs ~10 µs a row. The planner then prefers a parallel seq scan that runs it on
// every product (350 ms at 100k products) over the BitmapOr of the search GIN indexes (25 ms).
// A realistic cost makes the index plan win. Only the function's owner may alter it: on a server
// where the extension belongs to someone else the search stays correct, just slower, so that case
// is skipped rather than failing the migration.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    do $$
    begin
      alter function word_similarity_op(text, text) cost 100;
      alter function word_similarity_commutator_op(text, text) cost 100;
    exception when insufficient_privilege then
      raise notice 'pg_trgm functions belong to another role: search plan costs left as they are';
    end
    $$
  `.execute(db);
  // Related products (product page): same category, in stock first, featured, best rated. The
  // index serves that order, so the page reads 4 rows instead of sorting a whole category (46 ms → 0.3 ms).
  await sql`
    create index products_related on products
      (category, (stock_quantity > 0) desc, featured desc, rating desc, review_count desc, id)
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists products_related`.execute(db);
  await sql`
    do $$
    begin
      alter function word_similarity_op(text, text) cost 1;
      alter function word_similarity_commutator_op(text, text) cost 1;
    exception when insufficient_privilege then
      null;
    end
    $$
  `.execute(db);
}
