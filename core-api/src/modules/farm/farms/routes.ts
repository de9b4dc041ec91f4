import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { messagesFor, resourceRoutes } from '../common/resource-routes';
import * as s from '@shambasoko/contracts';
import * as service from './service';

export const farmsRoutes: FastifyPluginAsync<{ db: Kysely<Database> }> = async (app, { db }) => {
  resourceRoutes(app, db, {
    path: '/v1/farms',
    item: s.farm,
    idParam: 'farmId',
    params: s.farmParams,
    list: { query: s.farmsQuery, run: service.listFarms },
    create: { path: '/v1/farms', role: 'Farmer', body: s.createFarmBody, run: service.createFarm },
    get: service.getFarm,
    update: { body: s.updateFarmBody, run: service.updateFarm },
    remove: service.deleteFarm,
    messages: messagesFor('Farm'),
  });
};
