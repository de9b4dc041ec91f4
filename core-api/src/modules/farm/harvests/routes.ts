import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { requireUser } from '../../../auth/require-user';
import type { Database } from '../../../db/schema';
import { ok } from '../../../http/envelope';
import { validated } from '../../../http/validate';
import * as s from '@shambasoko/contracts';
import * as service from './service';

export const harvestsRoutes: FastifyPluginAsync<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get(
    '/v1/crops/:cropId/harvests',
    validated({ params: s.cropParams, response: s.cropHarvests }, async ({ params, request }) =>
      ok(await service.listHarvests(db, requireUser(request).id, params.cropId)),
    ),
  );
  app.post(
    '/v1/crops/:cropId/harvests',
    validated(
      { params: s.cropParams, body: s.createHarvestBody, response: s.harvest, statuses: [201] },
      async ({ params, body, request, reply }) =>
        reply.status(201).send(ok(await service.createHarvest(db, requireUser(request).id, params.cropId, body), 'Harvest recorded')),
    ),
  );
  app.get(
    '/v1/farms/:farmId/yields',
    validated({ params: s.farmParams, query: s.profitQuery, response: s.farmYields }, async ({ params, query, request }) =>
      ok(await service.farmYields(db, requireUser(request).id, params.farmId, query.seasonId)),
    ),
  );
  app.patch(
    '/v1/harvests/:harvestId',
    validated({ params: s.harvestParams, body: s.updateHarvestBody, response: s.harvest }, async ({ params, body, request }) =>
      ok(await service.updateHarvest(db, requireUser(request).id, params.harvestId, body), 'Harvest updated'),
    ),
  );
  app.delete(
    '/v1/harvests/:harvestId',
    validated({ params: s.harvestParams, response: s.deletedAnswer }, async ({ params, request }) => {
      await service.deleteHarvest(db, requireUser(request).id, params.harvestId);
      return ok({ id: params.harvestId }, 'Harvest deleted');
    }),
  );
};
