import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { openTestDatabase, type TestDatabase } from './test-database';
import { countWrites } from './write-counter';

// The write check of the hostile-input sweep and the tenant-isolation matrix: it must see every kind
// of committed write, and nothing else.
let database: TestDatabase;
let db: Kysely<Database>;
let writes: () => Promise<string>;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.handle.db;
  await sql`create table watched (id int primary key, name text)`.execute(db);
  await sql`create table unwatched (id int)`.execute(db);
  writes = await countWrites(db, ['watched']);
}, 120_000);
afterAll(async () => database.dispose());

/** How many writes `work` adds to the count. */
async function counted(work: () => Promise<unknown>): Promise<number> {
  const before = Number(await writes());
  await work().catch(() => undefined);
  return Number(await writes()) - before;
}

it('counts each row added, changed or removed by a committed transaction', async () => {
  expect(await counted(() => sql`insert into watched values (1, 'a'), (2, 'b')`.execute(db))).toBe(2);
  expect(await counted(() => sql`update watched set name = 'c' where id = 1`.execute(db))).toBe(1);
  expect(await counted(() => sql`delete from watched where id = 2`.execute(db))).toBe(1);
});

it('counts no update that leaves a row as it was, no rolled-back write, and no table it does not watch', async () => {
  expect(await counted(() => sql`update watched set name = name`.execute(db))).toBe(0);
  expect(
    await counted(() =>
      db.transaction().execute(async (trx) => {
        await sql`insert into watched values (3, 'd')`.execute(trx);
        throw new Error('rolled back');
      }),
    ),
  ).toBe(0);
  expect(await counted(() => sql`insert into unwatched values (1)`.execute(db))).toBe(0);
});
