import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import {
  buyerCancelRequestSchema,
  dispatchRequestSchema,
  orderFulfilmentParamsSchema,
  orderParamsSchema,
  orderSchema,
  saleParamsSchema,
  saleSchema,
  salesPageSchema,
  salesQuerySchema,
  sellerCancelRequestSchema,
} from '@shambasoko/contracts';
import { requireUser } from '../../../auth/require-user';
import { PersonAnswers } from '../../../cache/person-answers';
import type { Database } from '../../../db/schema';
import { ok } from '../../../http/envelope';
import { validated } from '../../../http/validate';
import type { CatalogCache } from '../catalog/cache';
import { getOrder } from '../orders/service';
import { buyerCancel, sellerStep } from './commands';
import { getSale, listSales } from './queries';

const STEP_MESSAGES = {
  'mark-paid': 'Marked as paid',
  accept: 'Order accepted',
  dispatch: 'Marked as dispatched',
  deliver: 'Marked as delivered',
  cancel: 'Order cancelled',
} as const;

/** Each seller's part of an order: the seller's Sales, their steps, and the buyer's cancel. */
export const fulfilmentRoutes: FastifyPluginAsync<{ db: Kysely<Database>; cache: CatalogCache }> = async (app, { db, cache }) => {
  app.addHook('preHandler', async (request) => {
    requireUser(request);
  });
  // Kept until migration 063's triggers say a row of the seller's sales changed.
  const sales = new PersonAnswers(db);
  app.addHook('onClose', async () => sales.close());

  // Newest first; open sales unless the query asks for more.
  app.get(
    '/v1/seller/sales',
    validated({ query: salesQuerySchema, response: salesPageSchema }, async ({ query, request, reply }) =>
      sales.send(request, reply, (userId) => listSales(db, userId, query)),
    ),
  );

  app.get(
    '/v1/seller/sales/:id',
    validated({ params: saleParamsSchema, response: saleSchema }, async ({ params, request }) =>
      ok(await getSale(db, requireUser(request).id, params.id)),
    ),
  );

  // Steps without a body; dispatch and cancel carry a note or a reason.
  for (const action of ['mark-paid', 'accept', 'deliver'] as const) {
    app.post(
      `/v1/seller/sales/:id/${action}`,
      validated({ params: saleParamsSchema, response: saleSchema }, async ({ params, request }) => {
        const { sale, stock } = await sellerStep(db, requireUser(request).id, params.id, action, null);
        cache.stockChanged(stock);
        return ok(sale, STEP_MESSAGES[action]);
      }),
    );
  }
  app.post(
    '/v1/seller/sales/:id/dispatch',
    validated({ params: saleParamsSchema, body: dispatchRequestSchema, response: saleSchema }, async ({ params, body, request }) => {
      const note = body.note.trim();
      const { sale } = await sellerStep(db, requireUser(request).id, params.id, 'dispatch', note === '' ? null : note);
      return ok(sale, STEP_MESSAGES.dispatch);
    }),
  );
  app.post(
    '/v1/seller/sales/:id/cancel',
    validated({ params: saleParamsSchema, body: sellerCancelRequestSchema, response: saleSchema }, async ({ params, body, request }) => {
      const { sale, stock } = await sellerStep(db, requireUser(request).id, params.id, 'cancel', body.reason.trim());
      cache.stockChanged(stock);
      return ok(sale, STEP_MESSAGES.cancel);
    }),
  );

  app.post(
    '/v1/orders/:id/cancel',
    validated({ params: orderParamsSchema, body: buyerCancelRequestSchema, response: orderSchema }, async ({ params, body, request }) => {
      const userId = requireUser(request).id;
      cache.stockChanged(await buyerCancel(db, userId, params.id, null, body.reason));
      return ok(await getOrder(db, userId, params.id), 'Order cancelled');
    }),
  );
  app.post(
    '/v1/orders/:id/fulfilments/:fulfilmentId/cancel',
    validated(
      { params: orderFulfilmentParamsSchema, body: buyerCancelRequestSchema, response: orderSchema },
      async ({ params, body, request }) => {
        const userId = requireUser(request).id;
        cache.stockChanged(await buyerCancel(db, userId, params.id, params.fulfilmentId, body.reason));
        return ok(await getOrder(db, userId, params.id), 'Order cancelled');
      },
    ),
  );
};
