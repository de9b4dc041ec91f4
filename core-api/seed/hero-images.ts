import type { Kysely } from 'kysely';
import type { Database, NewHeroImage } from '../src/db/schema';

/** Raise when the list below changes, so existing databases receive the new set once. */
const HERO_SEED_VERSION = '1';
const SEED_KEY = 'seed.hero_images';

export const HERO_IMAGES: readonly NewHeroImage[] = [
  {
    title: 'Tea terraces in the highlands',
    image_path: 'hero/tea-terraces.svg',
    alt: 'Rows of green tea bushes on terraced hills under a clear sky',
    sort_order: 1,
  },
  {
    title: 'Maize at sunrise',
    image_path: 'hero/maize-sunrise.svg',
    alt: 'A field of tall maize plants in front of a rising sun',
    sort_order: 2,
  },
  {
    title: 'Fresh produce at the market',
    image_path: 'hero/market-produce.svg',
    alt: 'Market stall with crates of tomatoes, sukuma wiki, mangoes and bananas',
    sort_order: 3,
  },
];

/**
 * Runs at every start but writes only when the seed version changes: afterwards the rows belong
 * to the editors, so a hidden or re-ordered image is not brought back by a restart.
 */
export async function seedHeroImages(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const applied = await trx.selectFrom('app_meta').select('value').where('key', '=', SEED_KEY).executeTakeFirst();
    if (applied?.value === HERO_SEED_VERSION) return;

    await trx
      .insertInto('hero_images')
      .values([...HERO_IMAGES])
      .onConflict((oc) => oc.column('image_path').doNothing())
      .execute();
    await trx
      .insertInto('app_meta')
      .values({ key: SEED_KEY, value: HERO_SEED_VERSION })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: HERO_SEED_VERSION }))
      .execute();
  });
}
