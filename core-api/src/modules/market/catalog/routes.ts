import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../../db/schema';
import { ok } from '../../../http/envelope';
import { validated } from '../../../http/validate';
import type { CatalogCache } from './cache';
import { CATEGORIES, PRODUCT_FILE_PATTERN, counties, featured, productDetail, readProductImage, search } from './service';

/** Pictures never change in place (a new picture gets a new name), so browsers may keep them. */
const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

const kes = () =>
  z.coerce.number({ error: 'must be an amount in KES' }).int('must be a whole number of shillings').min(0, 'must not be negative');

/**
 * Forms and URL builders send "minPrice=" for an empty field and "category=all" for the All tab:
 * both mean "no filter" (and an empty string must not coerce to 0).
 */
function withoutEmptyFilters(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null) return raw;
  return Object.fromEntries(
    Object.entries(raw).filter(([key, value]) => !(value === '' || (key === 'category' && value === 'all'))),
  );
}

const searchQuery = z.preprocess(
  withoutEmptyFilters,
  z
    .object({
      q: z.string().max(100, 'must be at most 100 characters').optional(),
      category: z.enum(CATEGORIES, { error: `must be one of ${CATEGORIES.join(', ')}` }).optional(),
      minPrice: kes().optional(),
      maxPrice: kes().optional(),
      county: z.string().max(60).optional(),
      inStock: z.enum(['true', 'false', '1', '0'], { error: 'must be true or false' }).transform((v) => v === 'true' || v === '1').optional(),
      minRating: z.coerce.number({ error: 'must be a number' }).min(0, 'must be between 0 and 5').max(5, 'must be between 0 and 5').optional(),
      sort: z
        .enum(['relevance', 'price_asc', 'price_desc', 'rating', 'newest'], {
          error: 'must be one of relevance, price_asc, price_desc, rating, newest',
        })
        .default('relevance'),
      page: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be 1 or more').max(10_000).default(1),
      pageSize: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be between 1 and 48').max(48, 'must be between 1 and 48').default(12),
    })
    .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
      path: ['maxPrice'],
      message: 'must not be below minPrice',
    }),
);

const productParams = z.object({ id: z.string() });
const imageParams = z.object({
  file: z.string().regex(PRODUCT_FILE_PATTERN, 'must be an image file name such as maize-cob.svg'),
});

export const catalogRoutes: FastifyPluginAsync<{ db: Kysely<Database>; cache: CatalogCache }> = async (app, { db, cache }) => {
  app.get(
    '/v1/products',
    validated({ query: searchQuery }, async ({ query }) => ok(await search(db, cache, query))),
  );

  app.get('/v1/products/featured', async () => ok(await featured(db, cache)));

  app.get(
    '/v1/products/:id',
    validated({ params: productParams }, async ({ params }) => ok(await productDetail(db, cache, params.id))),
  );

  app.get('/v1/counties', async () => ok(await counties(db, cache)));

  app.get(
    '/static/products/:file',
    validated({ params: imageParams }, async ({ params, reply }) => {
      const content = await readProductImage(params.file);
      return reply
        .header('content-type', 'image/svg+xml')
        .header('cache-control', IMMUTABLE_CACHE)
        .header('x-content-type-options', 'nosniff')
        // An SVG opened directly is a document: forbid scripts and outside resources inside it.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(content);
    }),
  );
};
