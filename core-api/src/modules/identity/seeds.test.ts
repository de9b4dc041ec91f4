import { sql } from 'kysely';
import { runSeeds } from '../../../seed/run-seeds';
import { accountRoles } from '../../auth/roles';
import { migrateToLatest } from '../../db/migrate';
import { openTestDatabase, type TestDatabase } from '../../testing/test-database';
import { PLACEHOLDER_UID } from './repository';

// The demo personas are placeholder users rows anyone who proves the address could claim, with farms
// and memberships: they exist only where they are wanted, never in production.
let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
  await migrateToLatest(database.handle.db);
}, 60_000);
afterAll(async () => database?.dispose());

it('seeds no persona and no farm in production, but the market catalog', async () => {
  const { db } = database.handle;
  await runSeeds(db, 'production');
  const users = await db.selectFrom('users').select('firebase_uid').execute();
  expect(users.filter((u) => PLACEHOLDER_UID.test(u.firebase_uid))).toEqual([]);
  expect(await db.selectFrom('farms').select('id').execute()).toEqual([]);
  expect((await db.selectFrom('products').select('id').execute()).length).toBeGreaterThan(0);

  await runSeeds(db, 'development');
  const seeded = await db.selectFrom('users').select('email').where('firebase_uid', 'like', 'seed:%').execute();
  expect(seeded.map((u) => u.email)).toContain('peter.otieno@demo.shambasoko.co.ke');
});

it('gives the demo account Admin and Farmer in development, and every persona at least one role', async () => {
  const { db } = database.handle;
  await runSeeds(db, 'development');
  const demo = await db.selectFrom('users').select('id').where('email', '=', 'demo@shambasoko.co.ke').executeTakeFirstOrThrow();
  expect(await accountRoles(db, demo.id)).toEqual(['Admin', 'Farmer']);
  const personas = await db.selectFrom('users').select('id').where('firebase_uid', 'like', 'seed:%').execute();
  for (const p of personas) expect((await accountRoles(db, p.id)).length).toBeGreaterThan(0);
});

it('finds nothing to do on a database they already ran on, as at every start after the first', async () => {
  // The test apps start from a copy the seeds ran on and skip them (testing/test-app.ts): that holds
  // only while a second run changes nothing, in any table.
  const seeded = await openTestDatabase({ migrated: true, seeded: true });
  try {
    const { db } = seeded.handle;
    const tables = await db
      .selectFrom('information_schema.tables' as never)
      .select(sql<string>`table_name`.as('name'))
      .where(sql<boolean>`table_schema = 'public' and table_type = 'BASE TABLE'`)
      .execute();
    const contents = async () => {
      const all: Record<string, string> = {};
      for (const { name } of tables) {
        const { rows } = await sql<{
          digest: string | null;
        }>`select md5(string_agg(t::text, ',' order by t::text)) as digest from ${sql.table(name)} t`.execute(db);
        all[name] = rows[0]?.digest ?? 'empty';
      }
      return all;
    };
    const before = await contents();
    expect(Object.keys(before).length).toBeGreaterThan(20);
    expect(before.products).not.toBe('empty');
    await runSeeds(db, 'test');
    expect(await contents()).toEqual(before);
  } finally {
    await seeded.dispose();
  }
});
