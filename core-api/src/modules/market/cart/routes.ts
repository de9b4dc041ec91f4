import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { addToCartSchema, cartItemParamsSchema, cartMergeRequestSchema, cartSchema, updateCartItemSchema } from '@shambasoko/contracts';
import { requireUser } from '../../../auth/require-user';
import type { Database } from '../../../db/schema';
import { ok } from '../../../http/envelope';
import { validated } from '../../../http/validate';
import { addToCart, getCart, mergeCart, removeFromCart, updateCartItem } from './service';

const addBody = addToCartSchema;
const updateBody = updateCartItemSchema;
const itemParams = cartItemParamsSchema;
const mergeBody = cartMergeRequestSchema;

export const cartRoutes: FastifyPluginAsync<{ db: Kysely<Database> }> = async (app, { db }) => {
  // Before body validation, so an anonymous caller learns to sign in rather than about a field.
  app.addHook('preHandler', async (request) => {
    requireUser(request);
  });

  app.get(
    '/v1/cart',
    validated({ response: cartSchema }, async ({ request }) => ok(await getCart(db, requireUser(request).id))),
  );

  app.post(
    '/v1/cart/items',
    validated({ body: addBody, response: cartSchema }, async ({ body, request }) => {
      const user = requireUser(request);
      return ok(await addToCart(db, user.id, body.productId, body.quantity), 'Added to cart');
    }),
  );

  app.patch(
    '/v1/cart/items/:productId',
    validated({ params: itemParams, body: updateBody, response: cartSchema }, async ({ params, body, request }) => {
      const user = requireUser(request);
      return ok(await updateCartItem(db, user.id, params.productId, body.quantity), 'Cart updated');
    }),
  );

  app.delete(
    '/v1/cart/items/:productId',
    validated({ params: itemParams, response: cartSchema }, async ({ params, request }) => {
      const user = requireUser(request);
      return ok(await removeFromCart(db, user.id, params.productId), 'Removed from cart');
    }),
  );

  app.post(
    '/v1/cart/merge',
    validated({ body: mergeBody, response: cartSchema }, async ({ body, request }) => {
      const user = requireUser(request);
      const { cart, adjusted } = await mergeCart(db, user.id, body.items);
      return ok(cart, adjusted ? 'Some quantities were reduced to the stock available' : 'Cart updated');
    }),
  );
};
