import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { type PublicStorefront, publicStorefrontSchema, sellerParamsSchema } from '@shambasoko/contracts';
import type { Database } from '../../../db/schema';
import { ApiError } from '../../../http/envelope';
import { validated } from '../../../http/validate';
import { type CachedAnswer, type CatalogCache, catalogTags } from '../catalog/cache';
import { findSellerProducts } from '../catalog/repository';
import { isUuid } from '../../../db/ids';
import { toSummary } from '../catalog/service';
import { findSellerById } from '../seller/repository';
import { publicSellerOf } from '../seller/service';

/** Enough for any one shop's page; a bigger shop pages through search (seller filter) instead. */
const STOREFRONT_LIMIT = 200;

/**
 * Cached like the catalog's answers: a seller's own changes clear the cache, an order drops the
 * answers that show its products, and a product running out or coming back (the in-stock-first
 * order, and which 200 show) drops the in-stock answers, this one among them.
 */
async function storefront(db: Kysely<Database>, cache: CatalogCache, sellerId: string): Promise<CachedAnswer> {
  if (!isUuid(sellerId)) throw new ApiError(404, 'Seller not found');
  return cache.answer(`seller:${sellerId.toLowerCase()}`, undefined, publicStorefrontSchema, async () => {
    const seller = await findSellerById(db, sellerId);
    if (seller === undefined) throw new ApiError(404, 'Seller not found');
    const products = await findSellerProducts(db, seller.id, STOREFRONT_LIMIT);
    const value: PublicStorefront = { seller: publicSellerOf(seller), products: products.map(toSummary) };
    return { value, tags: [catalogTags.inStock, catalogTags.newOfSeller(seller.id), ...products.map((p) => catalogTags.product(p.id))] };
  });
}

/** GET /v1/sellers/:id: a seller's public page (profile and active listings). */
export const storefrontRoutes: FastifyPluginAsync<{ db: Kysely<Database>; cache: CatalogCache }> = async (app, { db, cache }) => {
  app.get(
    '/v1/sellers/:id',
    validated({ params: sellerParamsSchema, response: publicStorefrontSchema, access: 'public' }, async ({ params: { id }, reply }) => {
      const answer = await storefront(db, cache, id);
      return reply
        .header('cache-control', 'public, no-cache')
        .header('etag', answer.etag)
        .header('content-type', 'application/json; charset=utf-8')
        .send(answer.payload);
    }),
  );
};
