import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Counts the rows committed transactions add to, change in or remove from `tables` (an update that
 * leaves a row as it was is not counted): row triggers add one to a table of their own, so "did this
 * request write anything?" is one row read before and after it, not a count or a hash of every table
 * (which took ~8 ms a request here). A row changed and changed back counts too. Tests only: it adds a
 * table, a function and triggers to the test's database. Answers the function that reads the count.
 */
export async function countWrites(db: Kysely<Database>, tables: readonly string[]): Promise<() => Promise<string>> {
  await sql`create table test_write_count (n int8 not null)`.execute(db);
  await sql`insert into test_write_count values (0)`.execute(db);
  await sql`create function test_count_write() returns trigger language plpgsql as $$
    begin update test_write_count set n = n + 1; return null; end $$`.execute(db);
  for (const name of tables) {
    await sql`create trigger test_count_added_or_removed after insert or delete on ${sql.table(name)}
      for each row execute function test_count_write()`.execute(db);
    await sql`create trigger test_count_changed after update on ${sql.table(name)}
      for each row when (old.* is distinct from new.*) execute function test_count_write()`.execute(db);
  }
  return async () => {
    const { rows } = await sql<{ n: string }>`select n from test_write_count`.execute(db);
    return String(rows[0]?.n);
  };
}
