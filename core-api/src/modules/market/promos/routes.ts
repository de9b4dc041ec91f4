import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../../db/schema';
import { ok } from '../../../http/envelope';
import { kesAmount } from '../../../http/fields';
import { validated } from '../../../http/validate';
import { validatePromo } from './service';

const validateBody = z.object({
  code: z.string({ error: 'is required' }).max(40, { abort: true, message: 'must be at most 40 characters' }),
  subtotal: kesAmount(),
});

export const promoRoutes: FastifyPluginAsync<{ db: Kysely<Database> }> = async (app, { db }) => {
  // Public: a guest sees what a code is worth in the cart; the order re-checks it on the server.
  app.post(
    '/v1/promos/validate',
    validated({ body: validateBody }, async ({ body }) => {
      const promo = await validatePromo(db, body.code, body.subtotal);
      return ok(promo, `Promo code ${promo.code} applied`);
    }),
  );
};
