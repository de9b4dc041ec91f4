import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { requireUser } from '../../../auth/require-user';
import type { Database } from '../../../db/schema';
import { ok } from '../../../http/envelope';
import { validated } from '../../../http/validate';
import * as s from '@shambasoko/contracts';
import * as service from './service';

export const incomeRoutes: FastifyPluginAsync<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get(
    '/v1/crops/:cropId/income',
    validated({ params: s.cropParams, response: s.cropIncome }, async ({ params, request }) =>
      ok(await service.cropIncome(db, requireUser(request).id, params.cropId)),
    ),
  );
  app.post(
    '/v1/crops/:cropId/income',
    validated(
      { params: s.cropParams, body: s.createIncomeBody, response: s.incomeEntry, statuses: [201] },
      async ({ params, body, request, reply }) =>
        reply.status(201).send(ok(await service.createIncome(db, requireUser(request).id, params.cropId, body), 'Sale recorded')),
    ),
  );
  app.patch(
    '/v1/income/:incomeId',
    validated({ params: s.incomeParams, body: s.updateIncomeBody, response: s.incomeEntry }, async ({ params, body, request }) =>
      ok(await service.updateIncome(db, requireUser(request).id, params.incomeId, body), 'Sale updated'),
    ),
  );
  app.delete(
    '/v1/income/:incomeId',
    validated({ params: s.incomeParams, response: s.deletedAnswer }, async ({ params, request }) => {
      await service.deleteIncome(db, requireUser(request).id, params.incomeId);
      return ok({ id: params.incomeId }, 'Sale deleted');
    }),
  );
};
