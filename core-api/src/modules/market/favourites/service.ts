import type { Kysely } from 'kysely';
import type { FavouritesList } from '@shambasoko/contracts';
import type { Database } from '../../../db/schema';
import { ApiError } from '../../../http/envelope';
import { isUuid } from '../../../db/ids';
import { PRODUCT_NOT_FOUND } from '../catalog/service';
import { addFavourite, listFavouriteIds, productExists, removeFavourite } from './repository';

export async function listFavourites(db: Kysely<Database>, userId: string): Promise<FavouritesList> {
  return { productIds: await listFavouriteIds(db, userId) };
}

/** PUT and DELETE are idempotent: the heart ends up on or off whatever it was before. */
export async function favourite(db: Kysely<Database>, userId: string, productId: string): Promise<FavouritesList> {
  if (!isUuid(productId) || !(await productExists(db, productId))) throw new ApiError(404, PRODUCT_NOT_FOUND);
  await addFavourite(db, userId, productId);
  return listFavourites(db, userId);
}

export async function unfavourite(db: Kysely<Database>, userId: string, productId: string): Promise<FavouritesList> {
  if (isUuid(productId)) await removeFavourite(db, userId, productId);
  return listFavourites(db, userId);
}
