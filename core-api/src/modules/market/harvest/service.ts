import type { Kysely } from 'kysely';
import { type HarvestListingDraft, type HarvestListingRequest, type SellerListing, countyIn } from '@shambasoko/contracts';
import type { Database } from '../../../db/schema';
import { ApiError } from '../../../http/envelope';
import { NOT_FOUND, accessChild } from '../../farm';
import type { CatalogCache } from '../catalog/cache';
import { findSellerByUser } from '../seller/repository';
import { cropListing } from '../seller/service';
import * as repo from './repository';
import { catalogued } from '../../../http/language';

type Db = Kysely<Database>;

const NO_SELLER_PROFILE = 'Create your seller profile first';
const CLOSED_CROP = 'This crop is already harvested or failed: list what you have as normal stock';
const ALREADY_LISTED = 'This harvest is already listed';

/** The crop, once the caller is a member of its farm whose role may edit crops (404 / 403 otherwise). */
async function editableCrop(db: Db, userId: string, cropId: string) {
  await accessChild(db, userId, 'crops', cropId, 'crop:write', NOT_FOUND.crop);
  const crop = await repo.findCrop(db, cropId);
  if (crop === undefined) throw new ApiError(404, NOT_FOUND.crop);
  return crop;
}

export async function harvestDraft(db: Db, userId: string, cropId: string): Promise<HarvestListingDraft> {
  const crop = await editableCrop(db, userId, cropId);
  const [seller, listing] = await Promise.all([findSellerByUser(db, userId), cropListing(db, cropId)]);
  // The farm records yield in tonnes per hectare; listings count kg.
  const perHa = crop.yieldPerHectare === null ? null : Number(crop.yieldPerHectare) * 1000;
  return {
    cropId,
    cropName: crop.name,
    expectedQuantity: perHa === null ? null : Math.round(Number(crop.area) * perHa),
    expectedHarvest: crop.expectedHarvest,
    suggestedTitle: catalogued(`${crop.name}, expected harvest`),
    county: countyIn(crop.location) ?? seller?.county ?? null,
    listing: listing ?? null,
    hasSellerProfile: seller !== undefined,
  };
}

export async function createHarvestListing(
  db: Db,
  cache: CatalogCache,
  userId: string,
  cropId: string,
  body: Required<HarvestListingRequest>,
): Promise<SellerListing> {
  const crop = await editableCrop(db, userId, cropId);
  const seller = await findSellerByUser(db, userId);
  if (seller === undefined) throw new ApiError(409, NO_SELLER_PROFILE);
  if (crop.status === 'harvested' || crop.status === 'failed') throw new ApiError(409, CLOSED_CROP);
  if ((await cropListing(db, cropId)) !== undefined) throw new ApiError(409, ALREADY_LISTED);
  try {
    await repo.insertPreorderListing(db, { ...body, sellerId: seller.id, cropId, county: seller.county });
  } catch (error) {
    // Two submissions at once: the partial unique index keeps one listing per crop.
    if ((error as { code?: string }).code === '23505') throw new ApiError(409, ALREADY_LISTED);
    throw error;
  }
  const listing = await cropListing(db, cropId);
  if (listing === undefined) throw new ApiError(404, NOT_FOUND.crop);
  // A new listing, as one from the Sell form: only the answers it can enter are dropped.
  cache.listingAdded({
    id: listing.id,
    sellerId: seller.id,
    category: listing.category,
    county: seller.county,
    active: listing.status === 'active',
  });
  return listing;
}
