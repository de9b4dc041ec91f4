import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { requireUser } from '../../../auth/require-user';
import type { Database } from '../../../db/schema';
import { ApiError, ok } from '../../../http/envelope';
import { validated } from '../../../http/validate';
import type { CatalogCache } from '../catalog/cache';
import { getOrder, listOrders, placeOrder } from './service';
import { IDEMPOTENCY_KEY, placeOrderBody } from './validation';

const orderParams = z.object({ id: z.string() });

function idempotencyKey(request: FastifyRequest): string {
  const raw = request.headers['idempotency-key'];
  const key = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? '';
  if (key === '') throw new ApiError(400, 'Idempotency-Key header is required');
  if (!IDEMPOTENCY_KEY.test(key)) {
    throw new ApiError(400, 'Idempotency-Key must be 8 to 128 letters, digits or the characters _ . : -');
  }
  return key;
}

export const orderRoutes: FastifyPluginAsync<{ db: Kysely<Database>; cache: CatalogCache }> = async (app, { db, cache }) => {
  app.addHook('preHandler', async (request) => {
    requireUser(request);
  });

  app.post(
    '/v1/orders',
    {
      // Checked before the body, so a client that forgot the key hears about the key.
      preHandler: async (request) => {
        idempotencyKey(request);
      },
    },
    validated({ body: placeOrderBody }, async ({ body, request, reply }) => {
      const user = requireUser(request);
      const { order, created } = await placeOrder(db, cache, user.id, idempotencyKey(request), body);
      return reply.status(created ? 201 : 200).send(ok(order, 'Order placed successfully!'));
    }),
  );

  app.get('/v1/orders', async (request) => ok(await listOrders(db, requireUser(request).id)));

  app.get(
    '/v1/orders/:id',
    validated({ params: orderParams }, async ({ params, request }) => ok(await getOrder(db, requireUser(request).id, params.id))),
  );
};
