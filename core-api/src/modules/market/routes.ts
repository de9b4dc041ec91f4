import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { cartRoutes } from './cart/routes';
import { CatalogCache } from './catalog/cache';
import { catalogRoutes } from './catalog/routes';
import { favouriteRoutes } from './favourites/routes';
import { orderRoutes } from './orders/routes';
import { promoRoutes } from './promos/routes';
import { reviewRoutes } from './reviews/routes';

export interface MarketOptions {
  db: Kysely<Database>;
  /** How long public catalog answers may be reused; 0 turns the cache off. At most 5 s. */
  catalogCacheMs?: number;
}

/** The marketplace: catalog, cart, promos, orders, reviews, favourites. One cache per app instance. */
export const marketRoutes: FastifyPluginAsync<MarketOptions> = async (app, { db, catalogCacheMs = 3_000 }) => {
  const cache = new CatalogCache(Math.min(catalogCacheMs, 5_000));
  await app.register(catalogRoutes, { db, cache });
  await app.register(reviewRoutes, { db, cache });
  await app.register(cartRoutes, { db });
  await app.register(promoRoutes, { db });
  await app.register(orderRoutes, { db, cache });
  await app.register(favouriteRoutes, { db });
};
