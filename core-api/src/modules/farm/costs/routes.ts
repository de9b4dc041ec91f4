import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { requireUser } from '../../../auth/require-user';
import type { Database } from '../../../db/schema';
import { ok } from '../../../http/envelope';
import { validated } from '../../../http/validate';
import { listOptions } from '../common/list';
import * as s from '@shambasoko/shared/contracts';
import * as service from './service';

export const costsRoutes: FastifyPluginAsync<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get(
    '/v1/costs',
    validated({ query: s.costsQuery, response: s.farmListPage(s.cost) }, async ({ query, request }) => {
      const { farmId, fieldId, seasonId, cropId, category } = query;
      return ok(await service.listCosts(db, requireUser(request).id, { farmId, fieldId, seasonId, cropId, category }, listOptions(query)));
    }),
  );
  app.post(
    '/v1/costs',
    validated({ body: s.createCostBody, response: s.cost }, async ({ body, request, reply }) => {
      const cost = await service.createCost(db, requireUser(request).id, body);
      return reply.status(201).send(ok(cost, 'Cost added'));
    }),
  );
  app.get(
    '/v1/costs/:costId',
    validated({ params: s.costParams, response: s.cost }, async ({ params, request }) => ok(await service.getCost(db, requireUser(request).id, params.costId))),
  );
  app.patch(
    '/v1/costs/:costId',
    validated({ params: s.costParams, body: s.updateCostBody, response: s.cost }, async ({ params, body, request }) =>
      ok(await service.updateCost(db, requireUser(request).id, params.costId, body), 'Cost updated'),
    ),
  );
  app.delete(
    '/v1/costs/:costId',
    validated({ params: s.costParams, response: s.deletedAnswer }, async ({ params, request }) => {
      await service.deleteCost(db, requireUser(request).id, params.costId);
      return ok({ id: params.costId }, 'Cost deleted');
    }),
  );
};
