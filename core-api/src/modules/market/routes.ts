import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { cartRoutes } from './cart/routes';
import type { Config } from '../../config';
import { SearchThread } from './catalog/search-thread';
import { CatalogCache, trackCatalogCache } from './catalog/cache';
import { catalogRoutes } from './catalog/routes';
import { commissionRoutes } from './commission/routes';
import { disputeRoutes } from './disputes/routes';
import { favouriteRoutes } from './favourites/routes';
import { harvestRoutes } from './harvest/routes';
import { homeRoutes } from './home/routes';
import { fulfilmentRoutes } from './fulfilments/routes';
import { orderRoutes } from './orders/routes';
import { paperRoutes } from './papers/routes';
import { priceRoutes } from './prices/routes';
import { promoRoutes } from './promos/routes';
import { reviewRoutes } from './reviews/routes';
import { serviceRequestRoutes } from './services/routes';
import { sellerRoutes } from './seller/routes';
import { storefrontRoutes } from './storefront/routes';
import { suggestRoutes } from './suggest/routes';
import { DiskPhotoStore, type PhotoStore } from '../../storage/photo-store';
import { named } from '../../http/plugin-name';

export interface MarketOptions {
  db: Kysely<Database>;
  /** Order payment windows and the order and promo rate limits. */
  config: Config;
  /**
   * How long a public catalog answer is fresh; 0 turns the cache off. At most 30 s. This process's
   * own orders and reviews invalidate at once, so this only bounds how late another process's
   * changes show; each refresh of a broad search costs 10-300 ms of database time.
   */
  catalogCacheMs?: number;
  /** Listing photos; default: files under <DATA_DIR>/uploads (production: object storage, see storage/README.md). */
  photoStore?: PhotoStore;
}

/** The marketplace: catalog, cart, promos, orders, reviews, favourites, the selling side and storefronts. One cache per app instance. */
export const marketRoutes: FastifyPluginAsync<MarketOptions> = async (app, { db, config, catalogCacheMs = 10_000, photoStore }) => {
  const freshMs = Math.min(catalogCacheMs, 30_000);
  const searchThread =
    config.searchThread && config.databaseUrl !== undefined
      ? new SearchThread(config.databaseUrl, { freshMs, staleMs: 60_000 })
      : undefined;
  const cache = new CatalogCache({ freshMs, searchThread });
  // The order-expiry job returns stock outside any request; it reaches this cache through here.
  const untrack = trackCatalogCache(cache);
  app.addHook('onClose', async () => {
    untrack();
    await searchThread?.close();
    await cache.textIndex.settled();
  });
  // The search index reads the catalog once the app is up, before the first search needs it (the
  // search thread reads its own as it starts).
  app.addHook('onReady', async () => {
    if (searchThread === undefined) void cache.textIndex.ready(db);
  });
  await app.register(named(catalogRoutes), { db, cache });
  await app.register(named(suggestRoutes), { db, cache });
  await app.register(named(reviewRoutes), { db, cache });
  await app.register(named(cartRoutes), { db });
  await app.register(named(promoRoutes), { db, config });
  await app.register(named(orderRoutes), { db, cache, config });
  await app.register(named(fulfilmentRoutes), { db, cache });
  await app.register(named(favouriteRoutes), { db });
  await app.register(named(serviceRequestRoutes), { db });
  await app.register(named(harvestRoutes), { db, cache });
  const photos = photoStore ?? new DiskPhotoStore(path.join(config.dataDir, 'uploads'));
  await app.register(named(sellerRoutes), { db, cache, photoStore: photos });
  await app.register(named(disputeRoutes), { db, aftercare: config.aftercare, photoStore: photos });
  await app.register(named(storefrontRoutes), { db, cache });
  await app.register(named(commissionRoutes), { db });
  await app.register(named(homeRoutes), { db });
  await app.register(named(paperRoutes), { db, config });
  await app.register(named(priceRoutes), { db });
};
