import { type Kysely, Migrator, sql } from 'kysely';
import { migrations } from '../../migrations';
import type { Database } from './schema';

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  if (await allRun(db)) return;
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error !== undefined) {
    const which = failed === undefined ? '' : ` in ${failed.migrationName}`;
    throw new Error(`Database migration failed${which}: ${describe(error)}`, { cause: error });
  }
}

/**
 * True when Kysely's record of run migrations (its table `kysely_migration`) names exactly ours: every
 * start but a database's first or the one after a release with a new migration. Two small reads then,
 * where the Migrator reads the whole catalog to see that its tables exist (every table and column:
 * 70-150 ms on the embedded engine, for each start and each test app) and takes its lock. Migrations
 * are only ever added, so a database with all of them has nothing to run; anything else (a first
 * start, a new migration, a record this code does not know) goes to the Migrator as before, with its
 * lock for processes starting together.
 */
async function allRun(db: Kysely<Database>): Promise<boolean> {
  const table = await sql<{ found: boolean }>`select to_regclass('kysely_migration') is not null as found`.execute(db);
  if (table.rows[0]?.found !== true) return false;
  const run = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  const names = Object.keys(migrations);
  const recorded = new Set(run.rows.map((row) => row.name));
  return run.rows.length === names.length && names.every((name) => recorded.has(name));
}

function describe(error: unknown): string {
  return typeof error === 'object' && error !== null && 'message' in error ? String(error.message) : String(error);
}
