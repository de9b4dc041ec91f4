import { sql } from 'kysely';
import { migrations } from '../../migrations';
import { openTestDatabase, type TestDatabase } from './test-database';

// A test app's database starts migrated, embedded (a copy of a migrated template folder) and on a
// PostgreSQL server (a copy of a migrated template database, `npm run test:postgres`), so no app
// start runs the migrations again.
describe('a migrated test database', () => {
  const opened: TestDatabase[] = [];
  afterAll(async () => {
    for (const database of opened) await database.dispose();
  });

  it('has every migration applied before anyone migrates it, and each copy is a database of its own', async () => {
    const first = await openTestDatabase({ migrated: true });
    opened.push(first);
    const second = await openTestDatabase({ migrated: true });
    opened.push(second);
    for (const database of [first, second]) {
      const applied = await sql<{ n: number }>`select count(*)::int as n from kysely_migration`.execute(database.handle.db);
      expect(applied.rows[0]?.n).toBe(Object.keys(migrations).length);
    }
    await sql`create table only_in_first (id int)`.execute(first.handle.db);
    const inSecond = await sql<{ n: number }>`
      select count(*)::int as n from information_schema.tables where table_name = 'only_in_first'
    `.execute(second.handle.db);
    expect(inSecond.rows[0]?.n).toBe(0);
  }, 120_000);
});
