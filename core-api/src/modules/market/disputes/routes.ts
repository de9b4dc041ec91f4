import type { FastifyError, FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import {
  MAX_PHOTO_BYTES,
  disputeAnswerRequestSchema,
  disputeDecisionRequestSchema,
  disputePageSchema,
  disputeParamsSchema,
  disputeQuerySchema,
  disputeSchema,
  openDisputeRequestSchema,
  orderAftercareSchema,
  orderFulfilmentParamsSchema,
  orderParamsSchema,
  saleDisputeSchema,
  saleParamsSchema,
} from '@shambasoko/contracts';
import { requireUser } from '../../../auth/require-user';
import type { Database } from '../../../db/schema';
import { ApiError, ok } from '../../../http/envelope';
import { validated } from '../../../http/validate';
import type { PhotoStore } from '../../../storage/photo-store';
import { PHOTO_TOO_LARGE } from '../seller/photos';
import {
  type Aftercare,
  addBuyerPhoto,
  addSellerPhoto,
  answerDispute,
  confirmDelivery,
  decideDispute,
  disputeForAdmin,
  listDisputes,
  openDispute,
  orderAftercare,
  saleDispute,
} from './service';

// As the listing photo routes take them: the raw file, its declared type not trusted.
const PHOTO_TYPES = /^(image\/[a-z0-9.+-]+|application\/octet-stream)$/i;

/** A raw photo body's own size limit, and its message. */
const photoRoute = {
  bodyLimit: MAX_PHOTO_BYTES,
  errorHandler: (error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new ApiError(413, PHOTO_TOO_LARGE);
    throw error;
  },
};

/** After delivery: the buyer's confirmation and report, the seller's answer, the Admins' queue and decision. */
export const disputeRoutes: FastifyPluginAsync<{ db: Kysely<Database>; aftercare: Aftercare; photoStore: PhotoStore }> = async (
  app,
  { db, aftercare, photoStore },
) => {
  app.addContentTypeParser(PHOTO_TYPES, { parseAs: 'buffer', bodyLimit: MAX_PHOTO_BYTES }, (_request, body, done) => {
    done(null, body);
  });
  app.addHook('preHandler', async (request) => {
    requireUser(request);
  });

  app.get(
    '/v1/orders/:id/aftercare',
    validated({ params: orderParamsSchema, response: orderAftercareSchema }, async ({ params, request }) =>
      ok(await orderAftercare(db, aftercare, requireUser(request).id, params.id)),
    ),
  );
  app.post(
    '/v1/orders/:id/fulfilments/:fulfilmentId/confirm-delivery',
    validated({ params: orderFulfilmentParamsSchema, response: orderAftercareSchema }, async ({ params, request }) => {
      const userId = requireUser(request).id;
      await confirmDelivery(db, userId, params.id, params.fulfilmentId);
      return ok(await orderAftercare(db, aftercare, userId, params.id), 'Delivery confirmed');
    }),
  );
  app.post(
    '/v1/orders/:id/fulfilments/:fulfilmentId/dispute',
    validated(
      { params: orderFulfilmentParamsSchema, body: openDisputeRequestSchema, response: disputeSchema, statuses: [201] },
      async ({ params, body, request, reply }) => {
        const dispute = await openDispute(db, aftercare, requireUser(request).id, params.id, params.fulfilmentId, body);
        return reply.code(201).send(ok(dispute, 'Problem reported'));
      },
    ),
  );
  app.post(
    '/v1/orders/:id/fulfilments/:fulfilmentId/dispute/photos',
    photoRoute,
    validated({ params: orderFulfilmentParamsSchema, response: disputeSchema, statuses: [201] }, async ({ params, request, reply }) => {
      const dispute = await addBuyerPhoto(db, photoStore, requireUser(request).id, params.id, params.fulfilmentId, request.body);
      return reply.code(201).send(ok(dispute, 'Photo added'));
    }),
  );

  app.get(
    '/v1/seller/sales/:id/dispute',
    validated({ params: saleParamsSchema, response: saleDisputeSchema }, async ({ params, request }) =>
      ok({ dispute: await saleDispute(db, requireUser(request).id, params.id) }),
    ),
  );
  app.post(
    '/v1/seller/sales/:id/dispute/answer',
    validated({ params: saleParamsSchema, body: disputeAnswerRequestSchema, response: disputeSchema }, async ({ params, body, request }) =>
      ok(await answerDispute(db, requireUser(request).id, params.id, body.note), 'Answer sent'),
    ),
  );
  app.post(
    '/v1/seller/sales/:id/dispute/photos',
    photoRoute,
    validated({ params: saleParamsSchema, response: disputeSchema, statuses: [201] }, async ({ params, request, reply }) => {
      const dispute = await addSellerPhoto(db, photoStore, requireUser(request).id, params.id, request.body);
      return reply.code(201).send(ok(dispute, 'Photo added'));
    }),
  );

  app.get(
    '/v1/admin/disputes',
    validated({ role: 'Admin', query: disputeQuerySchema, response: disputePageSchema }, async ({ query }) =>
      ok({ items: await listDisputes(db, query.status) }),
    ),
  );
  app.get(
    '/v1/admin/disputes/:id',
    validated({ role: 'Admin', params: disputeParamsSchema, response: disputeSchema }, async ({ params }) =>
      ok(await disputeForAdmin(db, params.id)),
    ),
  );
  app.post(
    '/v1/admin/disputes/:id/decide',
    validated(
      { role: 'Admin', params: disputeParamsSchema, body: disputeDecisionRequestSchema, response: disputeSchema },
      async ({ params, body, request }) => ok(await decideDispute(db, requireUser(request).id, params.id, body), 'Dispute decided'),
    ),
  );
};
