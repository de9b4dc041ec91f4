import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { requireUser } from '../../../auth/require-user';
import type { Database } from '../../../db/schema';
import { ok } from '../../../http/envelope';
import { validated } from '../../../http/validate';
import { listOptions } from '../common/list';
import * as s from '@shambasoko/shared/contracts';
import * as service from './service';

export const farmsRoutes: FastifyPluginAsync<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get(
    '/v1/farms',
    validated({ query: s.farmsQuery, response: s.farmListPage(s.farm) }, async ({ query, request }) =>
      ok(await service.listFarms(db, requireUser(request).id, { status: query.status }, listOptions(query))),
    ),
  );
  app.post(
    '/v1/farms',
    validated({ body: s.createFarmBody, response: s.farm }, async ({ body, request, reply }) => {
      const farm = await service.createFarm(db, requireUser(request).id, body);
      return reply.status(201).send(ok(farm, 'Farm added'));
    }),
  );
  app.get(
    '/v1/farms/:farmId',
    validated({ params: s.farmParams, response: s.farm }, async ({ params, request }) => ok(await service.getFarm(db, requireUser(request).id, params.farmId))),
  );
  app.patch(
    '/v1/farms/:farmId',
    validated({ params: s.farmParams, body: s.updateFarmBody, response: s.farm }, async ({ params, body, request }) =>
      ok(await service.updateFarm(db, requireUser(request).id, params.farmId, body), 'Farm updated'),
    ),
  );
  app.delete(
    '/v1/farms/:farmId',
    validated({ params: s.farmParams, response: s.deletedAnswer }, async ({ params, request }) => {
      await service.deleteFarm(db, requireUser(request).id, params.farmId);
      return ok({ id: params.farmId }, 'Farm deleted');
    }),
  );
};
