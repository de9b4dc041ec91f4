import type { Kysely } from 'kysely';
import type { Config } from '../src/config';
import type { Database } from '../src/db/schema';
import { seedHeroImages } from './hero-images';
import { seedMarketCatalog } from './market-catalog';
import { seedSellerAccounts } from './market-sellers';
import { seedDemoRoles, seedFarmDemo } from './farm-demo';
import { seedRemoteRegistry } from './remote-registry';

/**
 * Idempotent seeds, safe at every start. Reference data (hero images, the market catalog: sellers and
 * products, no accounts) goes everywhere. The demo personas and their farms only in development and
 * test: their users rows are placeholders anyone who proves the address could claim, and production
 * must hold no account it did not get from a person.
 */
export async function runSeeds(db: Kysely<Database>, nodeEnv: Config['nodeEnv'], remotesSeed?: string): Promise<void> {
  await seedHeroImages(db);
  // The remote registry's first manifest (only while the registry is empty).
  if (remotesSeed) await seedRemoteRegistry(db, remotesSeed);
  await seedMarketCatalog(db);
  if (nodeEnv !== 'production') {
    await seedFarmDemo(db);
    await seedDemoRoles(db);
    await seedSellerAccounts(db);
  }
}
