import { sql } from 'kysely';
import { FARM_VERSIONED, SELLER_VERSIONED } from '../../migrations/062_data_versions';
import { migrateToLatest } from './migrate';
import { openTestDatabase, type TestDatabase } from '../testing/test-database';

// Cached answers are only as fresh as the data versions of migration 062: every table that holds a
// farm's or a shop's rows must bump them, or an answer could outlive a write. A new table with a
// farm_id or seller_id column fails here until it gets the triggers or a reason to be left out.

/** Tables with a farm or seller column that no cached answer reads, and why their writes may skip the bump. */
const NOT_VERSIONED: Record<string, string> = {
  farm_stats: 'written only by the triggers of the tables it sums (008), which bump in the same statement',
  products: 'listings: the Sales list reads order lines (copies), not products; creating a listing stays one lock lighter',
  stock_adjustments: 'stock history: no cached answer',
  service_requests: 'service requests: no cached answer',
  ledger_entries: 'the books: no cached answer (balances are queries)',
  disbursements: 'payouts: no cached answer',
  seller_payout_settings: 'payout settings: no cached answer',
  conversations: 'messages: no cached answer',
  announcements: 'announcements: no cached answer',
};

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
  await migrateToLatest(database.handle.db);
}, 60_000);
afterAll(async () => database?.dispose());

it('every table with a farm_id or seller_id column bumps the data versions on insert, update and delete', async () => {
  const db = database.handle.db;
  const { rows: scoped } = await sql<{ table: string }>`
    select distinct c.table_name as "table" from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
    where c.table_schema = current_schema() and c.column_name in ('farm_id', 'seller_id') order by 1`.execute(db);
  const { rows: triggers } = await sql<{ table: string; name: string }>`
    select c.relname as "table", t.tgname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
    where not t.tgisinternal and t.tgname like '%\\_data\\_version\\_%'`.execute(db);
  const has = (table: string) =>
    ['insert', 'update', 'delete'].every((event) => triggers.some((t) => t.table === table && t.name === `${table}_data_version_${event}`));
  const missing = scoped.map((r) => r.table).filter((table) => !has(table) && NOT_VERSIONED[table] === undefined);
  expect(missing).toEqual([]);
  // And the tables a cached answer reads through others (an order's parts, a part's timeline, the shop itself).
  for (const table of [...Object.keys(FARM_VERSIONED), ...Object.keys(SELLER_VERSIONED)])
    expect([table, has(table)]).toEqual([table, true]);
  // No exemption for a table that has the triggers after all, or that no longer exists.
  for (const table of Object.keys(NOT_VERSIONED))
    expect([table, scoped.some((r) => r.table === table) && !has(table)]).toEqual([table, true]);
});

it('bumps a farm, its members and the people stamp in the writing statement', async () => {
  const db = database.handle.db;
  const version = async (scope: string) =>
    Number(
      (await sql<{ v: number | null }>`select (select version from data_versions where scope = ${scope}) as v`.execute(db)).rows[0]?.v ?? 0,
    );
  const user = (
    await sql<{
      id: string;
    }>`insert into users (firebase_uid, email, username) values ('v-uid', 'versions@example.com', 'versions') returning id`.execute(db)
  ).rows[0]!.id;
  const farm = (await sql<{ id: string }>`insert into farms (name) values ('V') returning id`.execute(db)).rows[0]!.id;
  await sql`insert into farm_members (farm_id, user_id, email, name, role, status) values (${farm}, ${user}, 'versions@example.com', 'V', 'Owner', 'active')`.execute(
    db,
  );
  const [f0, u0] = [await version(`f:${farm}`), await version(`u:${user}`)];
  await sql`insert into fields (farm_id, name, size) values (${farm}, 'Block', 1)`.execute(db);
  expect([await version(`f:${farm}`), await version(`u:${user}`)]).toEqual([f0 + 1, u0 + 1]);
  // A member removed is told too (no longer among the farm's members when the trigger runs).
  await sql`delete from farm_members where farm_id = ${farm}`.execute(db);
  expect(await version(`u:${user}`)).toBe(u0 + 2);
  const people = await version('g:people');
  await sql`update users set updated_at = now() where id = ${user}`.execute(db);
  expect(await version('g:people')).toBe(people);
  await sql`update users set full_name = 'Renamed' where id = ${user}`.execute(db);
  expect(await version('g:people')).toBe(people + 1);
});
