import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { searchSuggestQuerySchema, searchSuggestionsSchema } from '@shambasoko/contracts';
import type { Database } from '../../../db/schema';
import { validated } from '../../../http/validate';
import type { CatalogCache } from '../catalog/cache';
import { suggest } from './service';

const suggestQuery = searchSuggestQuerySchema;

/** GET /v1/search/suggest?q=: what the header search offers while typing. */
export const suggestRoutes: FastifyPluginAsync<{ db: Kysely<Database>; cache: CatalogCache }> = async (app, { db, cache }) => {
  app.get(
    '/v1/search/suggest',
    {
      // The same URL as an earlier request: its answer without parsing the query again.
      preHandler: async (request, reply) => {
        const hit = cache.answerForUrl(request.url);
        if (hit !== undefined)
          return reply
            .header('cache-control', 'public, no-cache')
            .header('etag', hit.etag)
            .type('application/json; charset=utf-8')
            .send(hit.payload);
      },
    },
    validated({ query: suggestQuery, response: searchSuggestionsSchema, access: 'public' }, async ({ query, request, reply }) => {
      const answer = await suggest(db, cache, query.q, request.url);
      return reply
        .header('cache-control', 'public, no-cache')
        .header('etag', answer.etag)
        .type('application/json; charset=utf-8')
        .send(answer.payload);
    }),
  );
};
