import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { newReviewSchema, productParamsSchema, reviewSchema } from '@shambasoko/contracts';
import { requireUser } from '../../../auth/require-user';
import type { Database } from '../../../db/schema';
import { ok } from '../../../http/envelope';
import { validated } from '../../../http/validate';
import type { CatalogCache } from '../catalog/cache';
import { addReview } from './service';

const reviewParams = productParamsSchema;
const reviewBody = newReviewSchema;

export const reviewRoutes: FastifyPluginAsync<{ db: Kysely<Database>; cache: CatalogCache }> = async (app, { db, cache }) => {
  app.addHook('preHandler', async (request) => {
    requireUser(request);
  });

  app.post(
    '/v1/products/:id/reviews',
    validated(
      { params: reviewParams, body: reviewBody, response: reviewSchema, statuses: [201] },
      async ({ params, body, request, reply }) => {
        const review = await addReview(db, cache, requireUser(request).id, params.id, body);
        return reply.status(201).send(ok(review, 'Thank you for your review'));
      },
    ),
  );
};
