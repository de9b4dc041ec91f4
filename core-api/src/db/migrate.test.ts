import { sql } from 'kysely';
import { migrations } from '../../migrations';
import { migrateToLatest } from './migrate';
import { StatementCounter } from './statement-counter';
import { useTestDatabase } from '../testing/test-database';

describe('migrateToLatest', () => {
  const database = useTestDatabase();

  it('runs every migration on a new database, then sees in two reads that there is nothing to run', async () => {
    const { db } = database().handle;
    const counter = new StatementCounter();
    const counted = db.withPlugin(counter);
    await migrateToLatest(counted);
    const run = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
    expect(run.rows.map((row) => row.name)).toEqual(Object.keys(migrations).sort());
    const first = counter.count;
    // The Migrator's own check reads the catalog and takes its lock: more than two statements.
    expect(first).toBeGreaterThan(Object.keys(migrations).length);

    expect(await counter.during(() => migrateToLatest(counted))).toBe(2);
  });

  it('hands a database missing a migration back to the Migrator, which runs just that one', async () => {
    const { db } = database().handle;
    await migrateToLatest(db);
    const names = Object.keys(migrations).sort();
    const last = names[names.length - 1]!;
    await sql`delete from kysely_migration where name = ${last}`.execute(db);
    await migrations[last]!.down!(db);
    await migrateToLatest(db);
    const run = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
    expect(run.rows.map((row) => row.name)).toEqual(names);
  });

  it('hands a record this code does not know (a newer release ran here) to the Migrator, which refuses it', async () => {
    const { db } = database().handle;
    await migrateToLatest(db);
    await sql`insert into kysely_migration (name, timestamp) values ('999_from_a_newer_release', now()::text)`.execute(db);
    await expect(migrateToLatest(db)).rejects.toThrow(/Database migration failed.*999_from_a_newer_release/);
    await sql`delete from kysely_migration where name = '999_from_a_newer_release'`.execute(db);
  });
});
