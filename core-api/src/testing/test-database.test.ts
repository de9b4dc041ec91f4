import { sql } from 'kysely';
import { runSeeds } from '../../seed/run-seeds';
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

// A test app's database is a copy of one the seeds already ran on, so its start skips them (a second
// run would find nothing to do: identity/seeds.test.ts). Each copy still holds the catalog and the
// demo farms, and is its own database.
describe('a seeded test database', () => {
  const opened: TestDatabase[] = [];
  afterAll(async () => {
    for (const database of opened) await database.dispose();
  });

  it('holds the seeded catalog and demo farms before the app starts', async () => {
    const database = await openTestDatabase({ migrated: true, seeded: true });
    opened.push(database);
    const count = async (table: 'products' | 'farms' | 'hero_images'): Promise<number> =>
      (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(database.handle.db)).rows[0]?.n ?? 0;
    const seeded = { products: await count('products'), farms: await count('farms'), heroes: await count('hero_images') };
    expect(seeded.products).toBeGreaterThan(0);
    expect(seeded.farms).toBeGreaterThan(0);
    expect(seeded.heroes).toBeGreaterThan(0);

    // The app's own run of the seeds adds nothing: the copy is what a fresh seeding gives.
    const fresh = await openTestDatabase({ migrated: true });
    opened.push(fresh);
    await runSeeds(fresh.handle.db, 'test');
    await runSeeds(database.handle.db, 'test');
    for (const table of ['products', 'farms', 'hero_images', 'users', 'farm_members', 'sellers', 'activities'] as const) {
      const [a, b] = await Promise.all(
        [database, fresh].map(
          async (d) => (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(d.handle.db)).rows[0]?.n,
        ),
      );
      expect({ table, n: a }).toEqual({ table, n: b });
    }
  }, 180_000);
});

// Embedded, a worker process prepares PGlite once (jest-environment.cjs) and each test database starts
// from that preparation, with a small shared buffer pool.
const embedded = process.env.DATABASE_URL === undefined || process.env.DATABASE_URL === '';
(embedded ? describe : describe.skip)('an embedded test database', () => {
  it('starts from PGlite as the worker process prepared it, with 16 MB of shared buffers', async () => {
    const prepare = globalThis.shambasokoEmbeddedEngine;
    expect(prepare).toBeDefined();
    const prepared = await prepare?.();
    expect(await prepare?.()).toBe(prepared);
    expect(Object.prototype.toString.call(prepared?.wasmModule)).toBe('[object WebAssembly.Module]');
    expect(prepared?.fsBundle?.byteLength).toBeGreaterThan(1_000_000);

    const database = await openTestDatabase({ migrated: true });
    try {
      const shown = await sql<{ shared_buffers: string }>`show shared_buffers`.execute(database.handle.db);
      expect(shown.rows[0]?.shared_buffers).toBe('16MB');
      const similar = await sql<{ s: number }>`select similarity('sukuma wiki', 'sukuma') as s`.execute(database.handle.db);
      expect(similar.rows[0]?.s).toBeGreaterThan(0.5);
    } finally {
      await database.dispose();
    }
  });
});
