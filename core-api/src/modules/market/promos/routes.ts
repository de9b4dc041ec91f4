import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { promoValidationRequestSchema, promoValidationSchema } from '@shambasoko/contracts';
import type { Config } from '../../../config';
import type { Database } from '../../../db/schema';
import { ok } from '../../../http/envelope';
import { keyedLimit, routeLimit } from '../../../http/rate-limit';
import { validated } from '../../../http/validate';
import { validatePromo } from './service';

const validateBody = promoValidationRequestSchema;

export const PROMO_RATE_LIMITED = 'Too many promo code attempts. Please wait a minute and try again.';

export const promoRoutes: FastifyPluginAsync<{ db: Kysely<Database>; config: Config }> = async (app, { db, config }) => {
  // Throttled so the endpoint cannot be used to guess codes: per address, and per account when signed in.
  const limit = { max: config.promoValidateRateLimit, windowMs: 60_000, message: PROMO_RATE_LIMITED };
  const perUser = keyedLimit(app, limit);

  // Public: a guest sees what a code is worth in the cart; the order re-checks it on the server.
  app.post(
    '/v1/promos/validate',
    { config: { rateLimit: routeLimit(limit, (request) => `promo-ip:${request.ip}`) } },
    validated({ body: validateBody, response: promoValidationSchema, access: 'optional-user' }, async ({ body, request }) => {
      const userId = request.authUser?.id ?? null;
      if (userId !== null) await perUser(request, `promo-user:${userId}`);
      const promo = await validatePromo(db, body.code, body.subtotal, { userId });
      return ok(promo, `Promo code ${promo.code} applied`);
    }),
  );
};
