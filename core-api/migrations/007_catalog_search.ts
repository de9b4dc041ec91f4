import { type Kysely, sql } from 'kysely';

// Catalog search under concurrency (scripts/bench/market.mjs, 100k products, 2 cores).
//
// A broad search ("maize": 4,000 matches) plans as a parallel bitmap heap scan with two workers.
// Alone it finishes a little sooner; under 50 concurrent requests on a small server each search then
// costs three processes, worker start-up included (EXPLAIN ANALYZE: 93 ms with workers, ~30 ms of
// one core without). Searches are many small queries, so they run best one process each.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table products set (parallel_workers = 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table products reset (parallel_workers)`.execute(db);
}
