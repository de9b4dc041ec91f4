import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import {
  priceQuerySchema,
  priceSeriesSchema,
  priceSummarySchema,
  productPriceParamsSchema,
  productPriceSchema,
} from '@shambasoko/contracts';
import type { Database } from '../../../db/schema';
import { ok } from '../../../http/envelope';
import { validated } from '../../../http/validate';
import { priceSeries, priceSummary, productPrice } from './service';

/**
 * Figures from many sales, the same for everyone, moving slowly: browsers and any shared cache may keep
 * them a minute, and a phone that comes back within the hour shows the old figure while it asks again.
 */
const PRICES_CACHE = 'public, max-age=60, stale-while-revalidate=3600';

/** Prices from real sales (issue 42): public, no one's single sale is ever shown (PRICE_MIN_SALES). */
export const priceRoutes: FastifyPluginAsync<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get(
    '/v1/market/prices',
    validated({ query: priceQuerySchema, response: priceSummarySchema, access: 'public' }, async ({ query, reply }) => {
      void reply.header('cache-control', PRICES_CACHE);
      return ok(await priceSummary(db, query.kind, query.county ?? null));
    }),
  );

  app.get(
    '/v1/market/prices/series',
    validated({ query: priceQuerySchema, response: priceSeriesSchema, access: 'public' }, async ({ query, reply }) => {
      void reply.header('cache-control', PRICES_CACHE);
      return ok(await priceSeries(db, query.kind, query.county ?? null));
    }),
  );

  app.get(
    '/v1/market/prices/products/:id',
    validated({ params: productPriceParamsSchema, response: productPriceSchema, access: 'public' }, async ({ params, reply }) => {
      void reply.header('cache-control', PRICES_CACHE);
      return ok(await productPrice(db, params.id));
    }),
  );
};
