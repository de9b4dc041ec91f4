import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { messagesFor, resourceRoutes } from '../common/resource-routes';
import * as s from '@shambasoko/shared/contracts';
import * as service from './service';

export const costsRoutes: FastifyPluginAsync<{ db: Kysely<Database> }> = async (app, { db }) => {
  resourceRoutes(app, db, {
    path: '/v1/costs',
    item: s.cost,
    idParam: 'costId',
    params: s.costParams,
    list: { query: s.costsQuery, run: service.listCosts },
    create: { path: '/v1/costs', body: s.createCostBody, run: service.createCost },
    get: service.getCost,
    update: { body: s.updateCostBody, run: service.updateCost },
    remove: service.deleteCost,
    messages: messagesFor('Cost'),
  });
};
