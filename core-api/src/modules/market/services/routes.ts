import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import {
  listingParamsSchema,
  serviceRequestBodySchema,
  serviceRequestListSchema,
  serviceRequestSchema,
  serviceRequestUpdateSchema,
} from '@shambasoko/contracts';
import { requireUser } from '../../../auth/require-user';
import type { Database } from '../../../db/schema';
import { ok } from '../../../http/envelope';
import { validated } from '../../../http/validate';
import { answerServiceRequest, myServiceRequests, requestService, sellerServiceRequests } from './service';

/** Services (combine hire, spraying) are booked for a day and a place, and answered by their seller. */
export const serviceRequestRoutes: FastifyPluginAsync<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.addHook('preHandler', async (request) => {
    requireUser(request);
  });

  app.post(
    '/v1/products/:id/service-requests',
    validated(
      { params: listingParamsSchema, body: serviceRequestBodySchema, response: serviceRequestSchema, statuses: [201] },
      async ({ params, body, request, reply }) =>
        reply.status(201).send(ok(await requestService(db, requireUser(request).id, params.id, body), 'Request sent to the seller')),
    ),
  );

  app.get(
    '/v1/service-requests',
    validated({ response: serviceRequestListSchema }, async ({ request }) => ok(await myServiceRequests(db, requireUser(request).id))),
  );

  app.get(
    '/v1/seller/service-requests',
    validated({ response: serviceRequestListSchema }, async ({ request }) => ok(await sellerServiceRequests(db, requireUser(request).id))),
  );

  app.patch(
    '/v1/seller/service-requests/:id',
    validated(
      { params: listingParamsSchema, body: serviceRequestUpdateSchema, response: serviceRequestSchema },
      async ({ params, body, request }) =>
        ok(await answerServiceRequest(db, requireUser(request).id, params.id, body.status), 'Request updated'),
    ),
  );
};
