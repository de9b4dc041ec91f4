import { type Kysely, Migrator } from 'kysely';
import { migrations } from '../../migrations';
import type { Database } from './schema';

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error !== undefined) {
    const which = failed === undefined ? '' : ` in ${failed.migrationName}`;
    throw new Error(`Database migration failed${which}: ${describe(error)}`, { cause: error });
  }
}

function describe(error: unknown): string {
  return typeof error === 'object' && error !== null && 'message' in error ? String(error.message) : String(error);
}
