import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import {
  manualRefundListSchema,
  manualRefundParamsSchema,
  manualRefundQuerySchema,
  manualRefundSchema,
  settleRefundSchema,
} from '@shambasoko/contracts';
import { requireUser } from '../../../auth/require-user';
import type { Database } from '../../../db/schema';
import { ok } from '../../../http/envelope';
import { validated } from '../../../http/validate';
import { manualRefunds } from './repository';
import { settleRefund } from './service';

/** Bank and card refunds an Admin pays outside ShambaSoko and records here. */
export const adminRefundRoutes: FastifyPluginAsync<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get(
    '/v1/admin/refunds',
    validated({ role: 'Admin', query: manualRefundQuerySchema, response: manualRefundListSchema }, async ({ query }) =>
      ok({ items: await manualRefunds(db, query.state) }),
    ),
  );

  app.post(
    '/v1/admin/refunds/:fulfilmentId/settle',
    validated(
      { role: 'Admin', params: manualRefundParamsSchema, body: settleRefundSchema, response: manualRefundSchema },
      async ({ params, body, request }) => ok(await settleRefund(db, requireUser(request).id, params.fulfilmentId, body), 'Refund settled'),
    ),
  );
};
