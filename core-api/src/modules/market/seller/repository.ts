import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../db/schema';

const SELLER_COLUMNS = [
  'id',
  'name',
  'kind',
  'county',
  'phone',
  'whatsapp',
  'pickup_location',
  'description',
  'verified',
  'review_count',
  'member_since',
] as const;

export interface SellerRow {
  id: string;
  name: string;
  kind: string;
  county: string;
  phone: string;
  whatsapp: string | null;
  pickup_location: string;
  description: string;
  verified: boolean;
  review_count: number;
  member_since: number;
  rating: number;
}

const ratingColumn = sql<number>`rating::float8`.as('rating');

export async function findSellerByUser(db: Kysely<Database>, userId: string): Promise<SellerRow | undefined> {
  return db
    .selectFrom('sellers')
    .select([...SELLER_COLUMNS, ratingColumn])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** An open shop: a closed one (its account erased) has no public page. */
export async function findSellerById(db: Kysely<Database>, id: string): Promise<SellerRow | undefined> {
  return db
    .selectFrom('sellers')
    .select([...SELLER_COLUMNS, ratingColumn])
    .where('id', '=', id)
    .where('closed_at', 'is', null)
    .executeTakeFirst();
}

export interface ListingRow {
  id: string;
  name: string;
  title_sw: string | null;
  category: 'crops' | 'equipment' | 'supplies' | 'services';
  unit: string;
  unit_code: 'kg' | 'bag_90kg' | 'crate' | 'litre' | 'piece' | 'acre' | null;
  price: number;
  stock_quantity: number;
  min_order: number;
  description: string;
  offers_pickup: boolean;
  offers_delivery: boolean;
  weight_kg: number;
  kind: string | null;
  status: 'active' | 'paused' | 'deleted';
  listing_type: 'stock' | 'preorder';
  crop_id: string | null;
  available_from: string | null;
  reserved: number;
  taken_down_at: Date | null;
  take_down_reason: string | null;
  created_at: Date;
  updated_at: Date;
}

/** Units in this seller's fulfilments not yet dispatched or ended. */
const RESERVED = sql<number>`(
  select coalesce(sum(oi.quantity), 0)::int from order_items oi
  join order_fulfilments f on f.order_id = oi.order_id and f.seller_id = oi.seller_id
  where oi.product_id = p.id and f.status in ('awaiting_payment', 'paid', 'accepted', 'ready_to_dispatch')
)`;

const LISTING_COLUMNS = sql`
  p.id, p.name, p.title_sw, p.category, p.unit, p.unit_code, p.price, p.stock_quantity, p.min_order, p.description,
  p.offers_pickup, p.offers_delivery, p.weight_kg::float8 as weight_kg, p.kind, p.status, p.listing_type, p.crop_id,
  to_char(p.available_from, 'YYYY-MM-DD') as available_from, ${RESERVED} as reserved, p.taken_down_at, p.take_down_reason,
  p.created_at, p.updated_at
`;

export interface ListingFilters {
  q?: string | undefined;
  status: 'all' | 'active' | 'paused';
  stock: 'all' | 'in' | 'low' | 'out';
}

/** Low stock: at most this many left. */
const LOW_STOCK = 10;

function listingWhere(sellerId: string, f: ListingFilters) {
  const conditions = [sql`p.seller_id = ${sellerId}::uuid`, sql`p.status <> 'deleted'`];
  if (f.q?.trim()) conditions.push(sql`p.name ilike ${`%${f.q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  if (f.status !== 'all') conditions.push(sql`p.status = ${f.status}`);
  if (f.stock === 'in') conditions.push(sql`p.stock_quantity > 0`);
  if (f.stock === 'low') conditions.push(sql`p.stock_quantity between 1 and ${LOW_STOCK}`);
  if (f.stock === 'out') conditions.push(sql`p.stock_quantity <= 0`);
  return sql.join(conditions, sql` and `);
}

export async function listListings(
  db: Kysely<Database>,
  sellerId: string,
  filters: ListingFilters,
  limit: number,
  offset: number,
): Promise<{ rows: ListingRow[]; total: number }> {
  const where = listingWhere(sellerId, filters);
  const [{ rows }, count] = await Promise.all([
    sql<ListingRow>`
      select ${LISTING_COLUMNS} from products p where ${where}
      order by p.updated_at desc, p.id limit ${limit} offset ${offset}
    `.execute(db),
    sql<{ n: number }>`select count(*)::int as n from products p where ${where}`.execute(db),
  ]);
  return { rows, total: count.rows[0]?.n ?? 0 };
}

/** One of the seller's listings (never a deleted one), or undefined: another seller's is "not found". */
export async function findListing(db: Kysely<Database>, sellerId: string, id: string): Promise<ListingRow | undefined> {
  const { rows } = await sql<ListingRow>`
    select ${LISTING_COLUMNS} from products p
    where p.id = ${id}::uuid and p.seller_id = ${sellerId}::uuid and p.status <> 'deleted'
  `.execute(db);
  return rows[0];
}

/** The crop's live (not deleted) listing, whoever's it is: one per crop (a partial unique index). */
export async function findListingByCrop(db: Kysely<Database>, cropId: string): Promise<ListingRow | undefined> {
  const { rows } = await sql<ListingRow>`
    select ${LISTING_COLUMNS} from products p where p.crop_id = ${cropId}::uuid and p.status <> 'deleted'
  `.execute(db);
  return rows[0];
}

export interface PhotoRow {
  id: number;
  product_id: string;
  path: string;
}

export async function findPhotos(db: Kysely<Database>, productIds: readonly string[]): Promise<PhotoRow[]> {
  if (productIds.length === 0) return [];
  return db
    .selectFrom('product_images')
    .select(['id', 'product_id', 'path'])
    .where('product_id', 'in', productIds)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

/** A new listing's own fields; its seller and county come from the caller's shop. */
export interface NewListingFields {
  slug: string;
  name: string;
  titleSw: string | null;
  category: string;
  description: string;
  price: number;
  stock: number;
  unit: string;
  unitCode: string;
  minOrder: number;
  weightKg: number;
  kind: string | null;
  pickup: boolean;
  delivery: boolean;
  status: string;
}

export interface InsertedListing {
  id: string;
  seller_id: string;
  county: string;
  created_at: Date;
  updated_at: Date;
}

/**
 * Lists a product in the shop `userId` runs, reading the shop (its id and county) in the same
 * statement: no shop, no row. One fixed text, so it is built without the query builder (which cost
 * ~50 µs of the event loop a listing) and stays prepared by name. Parameters in a select list are
 * text unless cast: the columns of other types say theirs.
 */
export async function insertListing(db: Kysely<Database>, userId: string, f: NewListingFields): Promise<InsertedListing | undefined> {
  const { rows } = await sql<InsertedListing>`
    insert into products (slug, seller_id, name, title_sw, category, description, price, county, stock_quantity, unit,
      unit_code, specifications, min_order, weight_kg, kind, offers_pickup, offers_delivery, status)
    select ${f.slug}, s.id, ${f.name}, ${f.titleSw}::text, ${f.category}, ${f.description}, ${f.price}::integer, s.county,
      ${f.stock}::integer, ${f.unit}, ${f.unitCode}, '[]'::jsonb, ${f.minOrder}::integer, ${f.weightKg}::numeric,
      ${f.kind}::text, ${f.pickup}::boolean, ${f.delivery}::boolean, ${f.status}
    from sellers s
    where s.user_id = ${userId}
    returning id, seller_id, county, created_at, updated_at`.execute(db);
  return rows[0];
}
