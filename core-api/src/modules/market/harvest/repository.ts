import { type Kysely, sql } from 'kysely';
import { LISTING_UNIT_LABELS, type ListingUnit, type SellerListing } from '@shambasoko/shared/contracts';
import type { Database } from '../../../db/schema';

type Db = Kysely<Database>;

export async function findCrop(db: Db, cropId: string) {
  return db
    .selectFrom('crops as c')
    .select((eb) => [
      // The farm's location names the county the harvest is sold from, most of the time.
      eb.selectFrom('farms as f').select('f.location').whereRef('f.id', '=', 'c.farm_id').$asScalar().$notNull().as('location'),
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

export async function findSellerOfUser(db: Db, userId: string) {
  return db.selectFrom('sellers').select(['id', 'county', 'user_id as userId']).where('user_id', '=', userId).executeTakeFirst();
}

/** Units in fulfilments not yet dispatched, delivered, cancelled or expired. */
const reservedUnits = sql<number>`coalesce((
  select sum(oi.quantity) from order_items oi
  join order_fulfilments f on f.order_id = oi.order_id and f.seller_id = oi.seller_id
  where oi.product_id = p.id and f.status in ('awaiting_payment', 'paid', 'accepted', 'ready_to_dispatch')
), 0)::int`;

/** The crop's live (not deleted) listing, whoever's it is. */
export async function findCropListing(db: Db, cropId: string): Promise<SellerListing | undefined> {
  const row = await db
    .selectFrom('products as p')
    .select([
      'p.id',
      'p.name',
      'p.category',
      'p.unit_code',
      'p.unit',
      'p.price',
      'p.stock_quantity',
      'p.min_order',
      'p.description',
      'p.offers_pickup',
      'p.offers_delivery',
      'p.weight_kg',
      'p.status',
      'p.listing_type',
      'p.crop_id',
      sql<string | null>`to_char(p.available_from, 'YYYY-MM-DD')`.as('availableFrom'),
      reservedUnits.as('reserved'),
      'p.created_at',
      'p.updated_at',
    ])
    .where('p.crop_id', '=', cropId)
    .where('p.status', '<>', 'deleted')
    .executeTakeFirst();
  if (row === undefined) return undefined;
  return {
    id: row.id,
    title: row.name,
    category: row.category,
    unit: row.unit_code,
    unitLabel: row.unit_code === null ? row.unit : LISTING_UNIT_LABELS[row.unit_code],
    price: Number(row.price),
    stock: row.stock_quantity,
    minOrder: row.min_order,
    description: row.description,
    delivery: { pickup: row.offers_pickup, delivery: row.offers_delivery },
    weightKg: Number(row.weight_kg),
    status: row.status === 'paused' ? 'paused' : 'active',
    listingType: row.listing_type,
    cropId: row.crop_id,
    availableFrom: row.availableFrom,
    photos: [],
    reserved: Number(row.reserved),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** One unit's weight in kg, for the delivery fee; units that are not weights count as 1 kg. */
const UNIT_WEIGHT_KG: Record<ListingUnit, number> = { kg: 1, bag_90kg: 90, crate: 20, litre: 1, piece: 1, acre: 0 };

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
  const slug = `${row.title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60)}-${row.cropId.slice(0, 8)}`;
  const inserted = await db
    .insertInto('products')
    .values({
      slug,
      seller_id: row.sellerId,
      name: row.title,
      category: 'crops',
      description: row.description,
      price: row.price,
      county: row.county,
      stock_quantity: row.quantity,
      unit: LISTING_UNIT_LABELS[row.unit],
      unit_code: row.unit,
      weight_kg: UNIT_WEIGHT_KG[row.unit],
      listing_type: 'preorder',
      crop_id: row.cropId,
      available_from: row.availableFrom,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}
