import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { requireUser } from '../../../auth/require-user';
import type { Database } from '../../../db/schema';
import { ok } from '../../../http/envelope';
import { validated } from '../../../http/validate';
import * as s from '@shambasoko/contracts';
import { cropRecordRoutes } from '../common/crop-record-routes';
import * as service from './service';

export const harvestsRoutes: FastifyPluginAsync<{ db: Kysely<Database> }> = async (app, { db }) => {
  cropRecordRoutes(app, db, {
    segment: 'harvests',
    item: s.harvest,
    idParam: 'harvestId',
    params: s.harvestParams,
    list: { response: s.cropHarvests, run: service.listHarvests },
    create: { body: s.createHarvestBody, run: service.createHarvest },
    update: { body: s.updateHarvestBody, run: service.updateHarvest },
    remove: service.deleteHarvest,
    messages: { added: 'Harvest recorded', updated: 'Harvest updated', deleted: 'Harvest deleted' },
  });
  app.get(
    '/v1/farms/:farmId/yields',
    validated({ params: s.farmParams, query: s.profitQuery, response: s.farmYields }, async ({ params, query, request }) =>
      ok(await service.farmYields(db, requireUser(request).id, params.farmId, query.seasonId)),
    ),
  );
};
