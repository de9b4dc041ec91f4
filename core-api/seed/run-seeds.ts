import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema';
import { seedHeroImages } from './hero-images';

/** Reference data every environment needs; each seed is idempotent and safe at every start. */
export async function runSeeds(db: Kysely<Database>): Promise<void> {
  await seedHeroImages(db);
}
