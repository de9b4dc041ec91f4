import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema';
import { seedHeroImages } from './hero-images';
import { seedMarketCatalog } from './market-catalog';
import { seedFarmDemo } from './farm-demo';

/** Reference data every environment needs; each seed is idempotent and safe at every start. */
export async function runSeeds(db: Kysely<Database>): Promise<void> {
  await seedHeroImages(db);
  await seedMarketCatalog(db);
  await seedFarmDemo(db);
}
