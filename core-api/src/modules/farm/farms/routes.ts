import type { FastifyPluginAsync } from 'fastify';
import type { FarmPluginOptions } from '../common/answers';
import { messagesFor, resourceRoutes } from '../common/resource-routes';
import * as s from '@shambasoko/contracts';
import * as service from './service';

export const farmsRoutes: FastifyPluginAsync<FarmPluginOptions> = async (app, { db, answers }) => {
  resourceRoutes(app, db, answers, {
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
