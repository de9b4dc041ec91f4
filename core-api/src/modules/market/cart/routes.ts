import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { requireUser } from '../../../auth/require-user';
import type { Database } from '../../../db/schema';
import { ok } from '../../../http/envelope';
import { validated } from '../../../http/validate';
import { MAX_LINE_QUANTITY, addToCart, getCart, mergeCart, removeFromCart, updateCartItem } from './service';

export const quantitySchema = z
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(MAX_LINE_QUANTITY, `must be at most ${MAX_LINE_QUANTITY}`);

const productIdSchema = z.string({ error: 'is required' }).min(1, 'is required').max(64);

const addBody = z.object({ productId: productIdSchema, quantity: quantitySchema.default(1) });
const updateBody = z.object({ quantity: quantitySchema });
const itemParams = z.object({ productId: z.string() });
const mergeBody = z.object({
  items: z.array(z.object({ productId: productIdSchema, quantity: quantitySchema }), { error: 'must be a list' }).max(100, 'must have at most 100 lines'),
});

export const cartRoutes: FastifyPluginAsync<{ db: Kysely<Database> }> = async (app, { db }) => {
  // Before body validation, so an anonymous caller learns to sign in rather than about a field.
  app.addHook('preHandler', async (request) => {
    requireUser(request);
  });

  app.get('/v1/cart', async (request) => ok(await getCart(db, requireUser(request).id)));

  app.post(
    '/v1/cart/items',
    validated({ body: addBody }, async ({ body, request }) => {
      const user = requireUser(request);
      return ok(await addToCart(db, user.id, body.productId, body.quantity), 'Added to cart');
    }),
  );

  app.patch(
    '/v1/cart/items/:productId',
    validated({ params: itemParams, body: updateBody }, async ({ params, body, request }) => {
      const user = requireUser(request);
      return ok(await updateCartItem(db, user.id, params.productId, body.quantity), 'Cart updated');
    }),
  );

  app.delete(
    '/v1/cart/items/:productId',
    validated({ params: itemParams }, async ({ params, request }) => {
      const user = requireUser(request);
      return ok(await removeFromCart(db, user.id, params.productId), 'Removed from cart');
    }),
  );

  app.post(
    '/v1/cart/merge',
    validated({ body: mergeBody }, async ({ body, request }) => {
      const user = requireUser(request);
      const { cart, adjusted } = await mergeCart(db, user.id, body.items);
      return ok(cart, adjusted ? 'Some quantities were reduced to the stock available' : 'Cart updated');
    }),
  );
};
