import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../../db/schema';
import { MAX_KES } from '../../../http/fields';
import { validated } from '../../../http/validate';
import type { CachedAnswer, CatalogCache } from './cache';
import { CATEGORIES, PRODUCT_FILE_PATTERN, counties, featured, productDetail, readProductImage, search } from './service';

/** Pictures never change in place (a new picture gets a new name), so browsers may keep them. */
const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/**
 * Catalog answers carry no per-user data (favourites are their own endpoint), so any cache may share
 * them. They show stock, though, and a buyer must see the new stock right after an order: browsers
 * revalidate every time and get an empty 304 while nothing changed (the body stays off mobile data).
 */
const CATALOG_CACHE = 'public, no-cache';
/** The counties list changes only when a seller from a new county joins. */
const COUNTIES_CACHE = 'public, max-age=300, stale-while-revalidate=86400';

/** If-None-Match holds one or more ETags (weak ones with W/) or "*". */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value === etag || value === `W/${etag}`;
  });
}

function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer, cacheControl: string): FastifyReply {
  reply.header('cache-control', cacheControl).header('etag', answer.etag);
  if (matchesEtag(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  return reply.header('content-type', 'application/json; charset=utf-8').send(answer.payload);
}

const kes = () =>
  z.coerce
    .number({ error: 'must be an amount in KES' })
    .int('must be a whole number of shillings')
    .min(0, 'must not be negative')
    .max(MAX_KES, 'must be at most KES 10,000,000,000');

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
      q: z.string().max(100, { abort: true, message: 'must be at most 100 characters' }).optional(),
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
  file: z.string().max(100, { abort: true, message: 'must be at most 100 characters' }).regex(PRODUCT_FILE_PATTERN, 'must be an image file name such as maize-cob.svg'),
});

export const catalogRoutes: FastifyPluginAsync<{ db: Kysely<Database>; cache: CatalogCache }> = async (app, { db, cache }) => {
  const parseAndSearch = validated({ query: searchQuery }, async ({ query, request, reply }) =>
    sendAnswer(request, reply, await search(db, cache, query, request.url), CATALOG_CACHE),
  );
  app.get('/v1/products', async function (request, reply) {
    // The same URL as an earlier search: its answer without parsing the query again.
    const hit = cache.answerForUrl(request.url);
    if (hit !== undefined) return sendAnswer(request, reply, hit, CATALOG_CACHE);
    return parseAndSearch.call(this, request, reply);
  });

  app.get('/v1/products/featured', async (request, reply) => sendAnswer(request, reply, await featured(db, cache), CATALOG_CACHE));

  app.get(
    '/v1/products/:id',
    validated({ params: productParams }, async ({ params, request, reply }) =>
      sendAnswer(request, reply, await productDetail(db, cache, params.id), CATALOG_CACHE),
    ),
  );

  app.get('/v1/counties', async (request, reply) => sendAnswer(request, reply, await counties(db, cache), COUNTIES_CACHE));

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
