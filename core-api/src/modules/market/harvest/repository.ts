import { type Kysely, sql } from 'kysely';
import { LISTING_UNIT_LABELS, LISTING_UNIT_WEIGHT_KG, type ListingUnit } from '@shambasoko/contracts';
import type { Database } from '../../../db/schema';
import { uniqueSlug } from '../seller/service';

type Db = Kysely<Database>;

export async function findCrop(db: Db, cropId: string) {
  return db
    .selectFrom('crops as c')
    .select((eb) => [
      // The farm's county (migration 024), else its older free text, which names it most of the time.
      eb
        .selectFrom('farms as f')
        .select(sql<string>`coalesce(f.county, f.location)`.as('location'))
        .whereRef('f.id', '=', 'c.farm_id')
        .$asScalar()
        .$notNull()
        .as('location'),
      'c.id',
      'c.name',
      'c.area',
      'c.yield_per_hectare as yieldPerHectare',
      sql<string>`to_char(c.expected_harvest, 'YYYY-MM-DD')`.as('expectedHarvest'),
      'c.status',
    ])
    .where('c.id', '=', cropId)
    .executeTakeFirst();
}

export async function insertPreorderListing(
  db: Db,
  row: {
    sellerId: string;
    cropId: string;
    county: string;
    title: string;
    quantity: number;
    unit: ListingUnit;
    price: number;
    availableFrom: string;
    description: string;
  },
): Promise<string> {
  const inserted = await db
    .insertInto('products')
    .values({
      slug: uniqueSlug(row.title),
      seller_id: row.sellerId,
      name: row.title,
      category: 'crops',
      description: row.description,
      price: row.price,
      county: row.county,
      stock_quantity: row.quantity,
      unit: LISTING_UNIT_LABELS[row.unit],
      unit_code: row.unit,
      weight_kg: LISTING_UNIT_WEIGHT_KG[row.unit],
      listing_type: 'preorder',
      crop_id: row.cropId,
      available_from: row.availableFrom,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}
