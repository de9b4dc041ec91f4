import { runSeeds } from '../../../seed/run-seeds';
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
