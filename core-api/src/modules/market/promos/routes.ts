import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { promoValidationRequestSchema, promoValidationSchema } from '@shambasoko/shared/contracts';
import type { Config } from '../../../config';
import type { Database } from '../../../db/schema';
import { ApiError, ok } from '../../../http/envelope';
import { validated } from '../../../http/validate';
import { RateLimiter } from '../../identity/rate-limit';
import { validatePromo } from './service';

const validateBody = promoValidationRequestSchema;

export const PROMO_RATE_LIMITED = 'Too many promo code attempts. Please wait a minute and try again.';

export const promoRoutes: FastifyPluginAsync<{ db: Kysely<Database>; config: Config }> = async (app, { db, config }) => {
  // Throttled so the endpoint cannot be used to guess codes: per address, and per account when signed in.
  const perIp = new RateLimiter(config.promoValidateRateLimit);
  const perUser = new RateLimiter(config.promoValidateRateLimit);
  const throttle = (key: () => void) => {
    try {
      key();
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) throw new ApiError(429, PROMO_RATE_LIMITED);
      throw error;
    }
  };

  // Public: a guest sees what a code is worth in the cart; the order re-checks it on the server.
  app.post(
    '/v1/promos/validate',
    validated({ body: validateBody, response: promoValidationSchema, access: 'optional-user' }, async ({ body, request }) => {
      const userId = request.authUser?.id ?? null;
      throttle(() => perIp.hit(request.ip));
      if (userId !== null) throttle(() => perUser.hit(userId));
      const promo = await validatePromo(db, body.code, body.subtotal, { userId });
      return ok(promo, `Promo code ${promo.code} applied`);
    }),
  );
};
