import { randomBytes } from 'node:crypto';
import { type Kysely, type Updateable, sql } from 'kysely';
import {
  type InventoryPage,
  LISTING_UNIT_LABELS,
  type ListingPhoto,
  MAX_PHOTOS_PER_LISTING,
  type PublicStorefrontSeller,
  type SellerKind,
  type SellerListing,
  type SellerListingPage,
  type SellerProfile,
  type StockAdjustment,
  type StockReason,
  createListingSchema,
  isProductKindId,
  sellerListingQuerySchema,
  sellerProfileRequestSchema,
  updateListingSchema,
} from '@shambasoko/contracts';
import type { z } from 'zod';
import { recordAdminAction } from '../../../audit/admin-actions';
import type { Database } from '../../../db/schema';
import { ApiError } from '../../../http/envelope';
import type { PhotoStore } from '../../../storage/photo-store';
import type { CatalogCache } from '../catalog/cache';
import { isUuid } from '../../../db/ids';
import { anyDiffers } from '../../../db/changes';
import { imageUrl } from '../catalog/service';
import {
  type ListingRow,
  type SellerRow,
  findListing,
  findListingByCrop,
  findPhotos,
  findSellerById,
  findSellerByUser,
  insertListing,
  listListings,
} from './repository';
import { NOT_A_PHOTO, processPhoto } from './photos';

const SELLER_NOT_FOUND = 'Seller profile not found';
const LISTING_NOT_FOUND = 'Product not found';
const STOCK_BELOW_ZERO = 'Stock cannot go below 0';
const PAGE_SIZE = 20;
const UPLOADS = 'uploads/';
const TOO_MANY_PHOTOS = `A listing has at most ${MAX_PHOTOS_PER_LISTING} photos. Remove one first.`;

type ProfileBody = z.output<typeof sellerProfileRequestSchema>;
type CreateBody = z.output<typeof createListingSchema>;
type UpdateBody = z.output<typeof updateListingSchema>;
type ListingQuery = z.output<typeof sellerListingQuerySchema>;

/** What the seller published, field by field: the storefront shows exactly this, nothing private comes along. */
export function publicSellerOf(row: SellerRow): PublicStorefrontSeller {
  return {
    id: row.id,
    businessName: row.name,
    kind: row.kind as SellerKind,
    county: row.county,
    phone: row.phone,
    whatsapp: row.whatsapp,
    pickupLocation: row.pickup_location,
    description: row.description,
    verified: row.verified,
    rating: row.rating,
    reviews: row.review_count,
    memberSince: String(row.member_since),
  };
}

/** The seller's own profile: the public one plus what only the seller reads (nothing yet). */
const toProfile = (row: SellerRow): SellerProfile => publicSellerOf(row);

/** The caller's seller row; every /v1/seller/* route starts here. */
export async function sellerOf(db: Kysely<Database>, userId: string): Promise<SellerRow> {
  const seller = await findSellerByUser(db, userId);
  if (seller === undefined) throw new ApiError(404, SELLER_NOT_FOUND);
  return seller;
}

const slugify = (text: string): string =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'item';
/** 5 random bytes: a seller listing the same title thousands of times still never collides in practice. */
export const uniqueSlug = (text: string): string => `${slugify(text)}-${randomBytes(5).toString('hex')}`;

export async function getProfile(db: Kysely<Database>, userId: string): Promise<SellerProfile | null> {
  const row = await findSellerByUser(db, userId);
  return row === undefined ? null : toProfile(row);
}

/** Becomes a seller, or edits the profile. A new county shows in catalog answers, so the cache goes. */
export async function putProfile(db: Kysely<Database>, cache: CatalogCache, userId: string, body: ProfileBody): Promise<SellerProfile> {
  const fields = {
    name: body.businessName,
    kind: body.kind,
    county: body.county,
    phone: body.phone,
    whatsapp: body.whatsapp ?? null,
    pickup_location: body.pickupLocation,
    description: body.description,
  };
  const existing = await findSellerByUser(db, userId);
  if (existing) {
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('sellers').set(fields).where('id', '=', existing.id).execute();
      // A listing is where its seller is.
      if (existing.county !== body.county)
        await trx.updateTable('products').set({ county: body.county }).where('seller_id', '=', existing.id).execute();
    });
  } else {
    const user = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
    await db
      .insertInto('sellers')
      .values({
        ...fields,
        slug: uniqueSlug(body.businessName),
        rating: 0,
        member_since: new Date().getUTCFullYear(),
        avatar: null,
        email: user.email,
        user_id: userId,
      })
      .execute();
  }
  cache.clear();
  return toProfile((await findSellerByUser(db, userId))!);
}

function photoOf(row: { id: number; path: string }): ListingPhoto {
  const url = imageUrl(row.path);
  return { id: String(row.id), url, largeUrl: url.replace(/-400\.webp$/, '-800.webp') };
}

async function toListings(db: Kysely<Database>, rows: ListingRow[]): Promise<SellerListing[]> {
  const photos = await findPhotos(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    id: row.id,
    title: row.name,
    titleSw: row.title_sw,
    category: row.category,
    unit: row.unit_code,
    unitLabel: row.unit,
    price: row.price,
    stock: Math.max(0, row.stock_quantity),
    minOrder: row.min_order,
    description: row.description,
    delivery: { pickup: row.offers_pickup, delivery: row.offers_delivery },
    weightKg: row.weight_kg,
    kind: isProductKindId(row.kind) ? row.kind : null,
    status: row.status === 'paused' ? 'paused' : 'active',
    listingType: row.listing_type,
    cropId: row.crop_id,
    availableFrom: row.available_from,
    photos: photos.filter((p) => p.product_id === row.id).map(photoOf),
    reserved: row.reserved,
    takenDown: row.taken_down_at ? { at: row.taken_down_at.toISOString(), reason: row.take_down_reason ?? '' } : null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  }));
}

export async function listingOf(db: Kysely<Database>, sellerId: string, id: string): Promise<SellerListing> {
  const row = isUuid(id) ? await findListing(db, sellerId, id) : undefined;
  if (row === undefined) throw new ApiError(404, LISTING_NOT_FOUND);
  return (await toListings(db, [row]))[0]!;
}

/** A crop's pre-order listing as its seller sees it (Sell your harvest), if it has one. */
export async function cropListing(db: Kysely<Database>, cropId: string): Promise<SellerListing | undefined> {
  const row = await findListingByCrop(db, cropId);
  return row === undefined ? undefined : (await toListings(db, [row]))[0];
}

export async function listMyListings(db: Kysely<Database>, sellerId: string, query: ListingQuery): Promise<SellerListingPage> {
  const { rows, total } = await listListings(db, sellerId, query, PAGE_SIZE, (query.page - 1) * PAGE_SIZE);
  return { items: await toListings(db, rows), total, page: query.page, pageSize: PAGE_SIZE };
}

/**
 * Lists a product in the shop the caller runs. The insert reads the seller itself (its id and county):
 * one round trip instead of a read and then the insert; no shop, no row, 404 as before.
 */
export async function createListing(db: Kysely<Database>, cache: CatalogCache, userId: string, body: CreateBody): Promise<SellerListing> {
  const row = await insertListing(db, userId, {
    slug: uniqueSlug(body.title),
    name: body.title,
    titleSw: body.titleSw || null,
    category: body.category,
    description: body.description,
    price: body.price,
    stock: body.stock,
    unit: LISTING_UNIT_LABELS[body.unit],
    unitCode: body.unit,
    minOrder: body.minOrder,
    weightKg: body.weightKg,
    kind: body.kind ?? null,
    pickup: body.delivery.pickup,
    delivery: body.delivery.delivery,
    status: body.status,
  });
  if (row === undefined) throw new ApiError(404, SELLER_NOT_FOUND);
  cache.listingAdded({
    id: row.id,
    sellerId: row.seller_id,
    category: body.category,
    county: row.county,
    active: body.status === 'active',
  });
  // Built from what was written: a new listing has no photos, orders or crop yet.
  return {
    id: row.id,
    title: body.title,
    titleSw: body.titleSw || null,
    category: body.category,
    unit: body.unit,
    unitLabel: LISTING_UNIT_LABELS[body.unit],
    price: body.price,
    stock: body.stock,
    minOrder: body.minOrder,
    description: body.description,
    delivery: body.delivery,
    weightKg: body.weightKg,
    kind: body.kind,
    status: body.status,
    listingType: 'stock',
    cropId: null,
    availableFrom: null,
    photos: [],
    reserved: 0,
    takenDown: null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

const TAKEN_DOWN = 'An administrator took this listing down. It cannot be published again until an administrator restores it.';

export async function updateListing(
  db: Kysely<Database>,
  cache: CatalogCache,
  sellerId: string,
  id: string,
  body: UpdateBody,
): Promise<SellerListing> {
  const current = await listingOf(db, sellerId, id);
  // Only the administrator who took it down (or another) brings it back.
  if (current.takenDown && body.status === 'active') throw new ApiError(409, TAKEN_DOWN);
  const set: Updateable<Database['products']> = {};
  if (body.title !== undefined) set.name = body.title;
  // An emptied Kiswahili title is no title: cards fall back to the name.
  if (body.titleSw !== undefined) set.title_sw = body.titleSw || null;
  if (body.category !== undefined) set.category = body.category;
  if (body.unit !== undefined) {
    set.unit_code = body.unit;
    set.unit = LISTING_UNIT_LABELS[body.unit];
  }
  if (body.price !== undefined) set.price = body.price;
  if (body.stock !== undefined) set.stock_quantity = body.stock;
  if (body.minOrder !== undefined) set.min_order = body.minOrder;
  if (body.description !== undefined) set.description = body.description;
  if (body.delivery !== undefined) {
    set.offers_pickup = body.delivery.pickup;
    set.offers_delivery = body.delivery.delivery;
  }
  if (body.weightKg !== undefined) set.weight_kg = body.weightKg;
  if (body.kind !== undefined) set.kind = body.kind;
  if (body.status !== undefined) set.status = body.status;
  // Set here, not only by the trigger: it leaves a stock-only move alone (migration 065), and this is the seller's edit.
  // A form saved unchanged writes nothing (no row, no new updated_at) and drops no catalog answer.
  const edited = await db
    .updateTable('products')
    .set({ ...set, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('seller_id', '=', sellerId)
    .where((eb) => anyDiffers(eb, set))
    .returning(['category', 'county', 'status', 'stock_quantity'])
    .executeTakeFirst();
  // Only the answers the listing shows in, leaves or enters, not the whole catalog (issue 43).
  if (edited) {
    const mayEnter =
      edited.category !== current.category || edited.status !== current.status || edited.stock_quantity > 0 !== current.stock > 0;
    cache.listingChanged({ id, sellerId, category: edited.category, county: edited.county, mayEnter });
  }
  return listingOf(db, sellerId, id);
}

/** Deleted listings stay for old orders' sake, out of every list and the catalog. */
export async function deleteListing(db: Kysely<Database>, cache: CatalogCache, sellerId: string, id: string): Promise<void> {
  await listingOf(db, sellerId, id);
  const gone = await db
    .updateTable('products')
    .set({ status: 'deleted', deleted_at: new Date() })
    .where('id', '=', id)
    .where('seller_id', '=', sellerId)
    .returning(['category', 'county'])
    .executeTakeFirst();
  await db.deleteFrom('cart_items').where('product_id', '=', id).execute();
  // It leaves: only lists showing it change among the related and featured ones.
  if (gone) cache.listingChanged({ id, sellerId, category: gone.category, county: gone.county, mayEnter: false });
}

/** The seller's own photos; seeded pictures go when the first one arrives, so they never count. */
const uploadedCount = (photos: ListingPhoto[]) => photos.filter((p) => p.url.startsWith(`/static/${UPLOADS}`)).length;

export async function addPhoto(
  db: Kysely<Database>,
  cache: CatalogCache,
  store: PhotoStore,
  sellerId: string,
  id: string,
  body: unknown,
): Promise<SellerListing> {
  const listing = await listingOf(db, sellerId, id);
  // Checked here to spare the decoding, and again under the lock below, where it counts.
  if (uploadedCount(listing.photos) >= MAX_PHOTOS_PER_LISTING) throw new ApiError(409, TOO_MANY_PHOTOS);
  if (!Buffer.isBuffer(body) || body.length === 0) throw new ApiError(422, NOT_A_PHOTO);
  const photo = await processPhoto(body);
  for (const file of photo.files) await store.put(file.name, file.bytes, 'image/webp');
  await db.transaction().execute(async (trx) => {
    // The product row's lock makes concurrent uploads to one listing count one after another.
    await trx
      .selectFrom('products')
      .select('id')
      .where('id', '=', id)
      .where('seller_id', '=', sellerId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    // Seeded pictures (SVG) give way to the seller's own photos.
    await trx.deleteFrom('product_images').where('product_id', '=', id).where('path', 'not like', `${UPLOADS}%`).execute();
    const kept = await trx.selectFrom('product_images').select('id').where('product_id', '=', id).execute();
    // A refused photo's files stay: another upload of the same bytes may be about to use them.
    if (kept.length >= MAX_PHOTOS_PER_LISTING) throw new ApiError(409, TOO_MANY_PHOTOS);
    await trx
      .insertInto('product_images')
      .values({ product_id: id, path: `${UPLOADS}${photo.hash}-400.webp`, alt: listing.title, sort_order: kept.length })
      .execute();
    // Touch the row so the trigger moves updated_at (My Products lists newest-updated first).
    await trx
      .updateTable('products')
      .set({ status: sql`status` })
      .where('id', '=', id)
      .execute();
  });
  // Its photos show on its card and page only.
  cache.listingShown(id);
  return listingOf(db, sellerId, id);
}

export async function removePhoto(
  db: Kysely<Database>,
  cache: CatalogCache,
  store: PhotoStore,
  sellerId: string,
  id: string,
  photoId: string,
): Promise<SellerListing> {
  const listing = await listingOf(db, sellerId, id);
  const photo = /^\d{1,15}$/.test(photoId) ? listing.photos.find((p) => p.id === photoId) : undefined;
  if (photo === undefined) throw new ApiError(404, 'Photo not found');
  const row = await db
    .deleteFrom('product_images')
    .where('id', '=', Number(photoId))
    .where('product_id', '=', id)
    .returning('path')
    .executeTakeFirstOrThrow();
  if (row.path.startsWith(UPLOADS)) {
    // The same picture may be on another listing (same bytes, same name): keep the file then.
    const shared = await db.selectFrom('product_images').select('id').where('path', '=', row.path).executeTakeFirst();
    if (!shared) {
      const base = row.path.slice(UPLOADS.length).replace(/-400\.webp$/, '');
      for (const size of [400, 800]) await store.remove(`${base}-${size}.webp`);
    }
  }
  cache.listingShown(id);
  return listingOf(db, sellerId, id);
}

interface AdjustmentBody {
  delta: number;
  reason: StockReason;
  note: string;
}

/** One hand-made stock move, under a row lock so concurrent orders and adjustments add up. */
export async function adjustStock(
  db: Kysely<Database>,
  cache: CatalogCache,
  seller: SellerRow,
  userId: string,
  id: string,
  body: AdjustmentBody,
): Promise<StockAdjustment> {
  if (!isUuid(id)) throw new ApiError(404, LISTING_NOT_FOUND);
  const result = await db.transaction().execute(async (trx) => {
    const product = await trx
      .selectFrom('products')
      .select(['id', 'name', 'category', 'stock_quantity'])
      .where('id', '=', id)
      .where('seller_id', '=', seller.id)
      .where('status', '<>', 'deleted')
      .forUpdate()
      .executeTakeFirst();
    if (product === undefined) throw new ApiError(404, LISTING_NOT_FOUND);
    const after = product.stock_quantity + body.delta;
    if (after < 0) throw new ApiError(409, STOCK_BELOW_ZERO);
    // The seller's own move counts as a change of the listing (a sale's does not: migration 065).
    await trx
      .updateTable('products')
      .set({ stock_quantity: after, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
    const row = await trx
      .insertInto('stock_adjustments')
      .values({
        product_id: id,
        seller_id: seller.id,
        delta: body.delta,
        reason: body.reason,
        note: body.note,
        stock_after: after,
        created_by: userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, product, after };
  });
  cache.stockChanged([{ productId: id, category: result.product.category, before: result.product.stock_quantity, after: result.after }]);
  const page = await inventory(db, seller.id, { page: 1, adjustmentId: result.id });
  return page.items[0]!;
}

export async function inventory(
  db: Kysely<Database>,
  sellerId: string,
  query: { page: number; productId?: string | undefined; adjustmentId?: string },
): Promise<InventoryPage> {
  let base = db
    .selectFrom('stock_adjustments as a')
    .innerJoin('products as p', 'p.id', 'a.product_id')
    .leftJoin('users as u', 'u.id', 'a.created_by')
    .where('a.seller_id', '=', sellerId);
  if (query.productId !== undefined) {
    if (!isUuid(query.productId)) return { items: [], total: 0, page: query.page, pageSize: PAGE_SIZE };
    base = base.where('a.product_id', '=', query.productId);
  }
  if (query.adjustmentId !== undefined) base = base.where('a.id', '=', query.adjustmentId);
  const [rows, count] = await Promise.all([
    base
      .select(['a.id', 'a.product_id', 'p.name', 'a.delta', 'a.reason', 'a.note', 'a.stock_after', 'u.full_name', 'a.created_at'])
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id')
      .limit(PAGE_SIZE)
      .offset((query.page - 1) * PAGE_SIZE)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      productId: r.product_id,
      productTitle: r.name,
      delta: r.delta,
      reason: r.reason,
      note: r.note,
      stockAfter: r.stock_after,
      by: r.full_name ?? null,
      createdAt: new Date(r.created_at).toISOString(),
    })),
    total: Number(count?.n ?? 0),
    page: query.page,
    pageSize: PAGE_SIZE,
  };
}

/** Admin: sets or clears the Verified seller badge, recording who and when. */
export async function setVerified(
  db: Kysely<Database>,
  cache: CatalogCache,
  adminId: string,
  sellerId: string,
  verified: boolean,
): Promise<SellerProfile> {
  const before = isUuid(sellerId) ? await findSellerById(db, sellerId) : undefined;
  if (before === undefined) throw new ApiError(404, 'Seller not found');
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('sellers')
      .set({ verified, verified_at: verified ? new Date() : null, verified_by: verified ? adminId : null })
      .where('id', '=', sellerId)
      .execute();
    await recordAdminAction(trx, {
      actorId: adminId,
      action: verified ? 'seller.verify' : 'seller.unverify',
      subject: { kind: 'seller', id: sellerId },
      before: { verified: before.verified },
      after: { verified },
    });
  });
  cache.clear();
  return toProfile((await findSellerById(db, sellerId))!);
}
