import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  countiesSchema,
  featuredProductsSchema,
  productImageParamsSchema,
  productParamsSchema,
  productSearchQuerySchema,
  productSearchResultSchema,
  publicProductSchema,
} from '@shambasoko/contracts';
import type { Database } from '../../../db/schema';
import { validated } from '../../../http/validate';
import type { CachedAnswer, CatalogCache } from './cache';
import { counties, featured, productDetail, readProductImage, search } from './service';

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

const searchQuery = productSearchQuerySchema;
const productParams = productParamsSchema;
const imageParams = productImageParamsSchema;

export const catalogRoutes: FastifyPluginAsync<{ db: Kysely<Database>; cache: CatalogCache }> = async (app, { db, cache }) => {
  app.get(
    '/v1/products',
    {
      // The same URL as an earlier search: its answer without parsing the query again.
      preHandler: async (request, reply) => {
        const hit = cache.answerForUrl(request.url);
        if (hit !== undefined) return sendAnswer(request, reply, hit, CATALOG_CACHE);
      },
    },
    validated({ query: searchQuery, response: productSearchResultSchema, access: 'public' }, async ({ query, request, reply }) =>
      sendAnswer(request, reply, await search(db, cache, query, request.url), CATALOG_CACHE),
    ),
  );

  app.get(
    '/v1/products/featured',
    validated({ response: featuredProductsSchema, access: 'public' }, async ({ request, reply }) =>
      sendAnswer(request, reply, await featured(db, cache), CATALOG_CACHE),
    ),
  );

  app.get(
    '/v1/products/:id',
    validated({ params: productParams, response: publicProductSchema, access: 'public' }, async ({ params, request, reply }) =>
      sendAnswer(request, reply, await productDetail(db, cache, params.id), CATALOG_CACHE),
    ),
  );

  app.get(
    '/v1/counties',
    validated({ response: countiesSchema, access: 'public' }, async ({ request, reply }) =>
      sendAnswer(request, reply, await counties(db, cache), COUNTIES_CACHE),
    ),
  );

  app.get(
    '/static/products/:file',
    validated({ params: imageParams, produces: ['image/svg+xml'], access: 'public' }, async ({ params, reply }) => {
      const content = await readProductImage(params.file);
      return (
        reply
          .header('content-type', 'image/svg+xml')
          .header('cache-control', IMMUTABLE_CACHE)
          .header('x-content-type-options', 'nosniff')
          // An SVG opened directly is a document: forbid scripts and outside resources inside it.
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
          .send(content)
      );
    }),
  );
};
