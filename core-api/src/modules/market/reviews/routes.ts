import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { requireUser } from '../../../auth/require-user';
import type { Database } from '../../../db/schema';
import { ok } from '../../../http/envelope';
import { validated } from '../../../http/validate';
import type { CatalogCache } from '../catalog/cache';
import { addReview } from './service';

const reviewParams = z.object({ id: z.string() });
const reviewBody = z.object({
  rating: z.number({ error: 'must be a number from 1 to 5' }).int('must be a whole number from 1 to 5').min(1, 'must be from 1 to 5').max(5, 'must be from 1 to 5'),
  comment: z.string({ error: 'is required' }).trim().min(1, 'is required').max(2000, 'must be at most 2,000 characters'),
});

export const reviewRoutes: FastifyPluginAsync<{ db: Kysely<Database>; cache: CatalogCache }> = async (app, { db, cache }) => {
  app.addHook('preHandler', async (request) => {
    requireUser(request);
  });

  app.post(
    '/v1/products/:id/reviews',
    validated({ params: reviewParams, body: reviewBody }, async ({ params, body, request, reply }) => {
      const review = await addReview(db, cache, requireUser(request).id, params.id, body);
      return reply.status(201).send(ok(review, 'Thank you for your review'));
    }),
  );
};
