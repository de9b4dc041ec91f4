import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { type Storefront, sellerParamsSchema, storefrontSchema } from '@shambasoko/shared/contracts';
import type { Database } from '../../../db/schema';
import { ApiError, ok } from '../../../http/envelope';
import { validated } from '../../../http/validate';
import { findSellerProducts } from '../catalog/repository';
import { isUuid, toSummary } from '../catalog/service';
import { findSellerById } from '../seller/repository';
import { toProfile } from '../seller/service';

/** Enough for any one shop's page; a bigger shop pages through search (seller filter) instead. */
const STOREFRONT_LIMIT = 200;

export async function storefront(db: Kysely<Database>, sellerId: string): Promise<Storefront> {
  const seller = isUuid(sellerId) ? await findSellerById(db, sellerId) : undefined;
  if (seller === undefined) throw new ApiError(404, 'Seller not found');
  const products = await findSellerProducts(db, seller.id, STOREFRONT_LIMIT);
  return { seller: toProfile(seller), products: products.map(toSummary) };
}

/** GET /v1/sellers/:id: a seller's public page (profile and active listings). */
export const storefrontRoutes: FastifyPluginAsync<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get(
    '/v1/sellers/:id',
    validated({ params: sellerParamsSchema, response: storefrontSchema, access: 'public' }, async ({ params: { id }, reply }) => {
      reply.header('cache-control', 'public, no-cache');
      return ok(await storefront(db, id));
    }),
  );
};
