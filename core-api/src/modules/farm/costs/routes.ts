import type { FastifyPluginAsync } from 'fastify';
import type { FarmPluginOptions } from '../common/answers';
import { validated } from '../../../http/validate';
import { messagesFor, resourceRoutes } from '../common/resource-routes';
import * as s from '@shambasoko/contracts';
import * as service from './service';
import { catalogued } from '../../../http/language';

export const costsRoutes: FastifyPluginAsync<FarmPluginOptions> = async (app, { db, answers }) => {
  // The list's query (paging and sort ignored): the total of every entry the list's filters match.
  app.get(
    '/v1/costs/total',
    validated({ query: s.costsQuery, response: s.costsTotal }, async ({ query, request, reply }) =>
      answers.send(request, reply, (userId) => service.costsTotal(db, userId, query)),
    ),
  );
  resourceRoutes(app, db, answers, {
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
    csv: {
      name: 'costs',
      header: ['Date', 'Description', 'Category', 'Activity', 'Farm', 'Field', 'Amount (KES)'],
      // A cost with no field is a farm-wide overhead.
      row: (c) => [
        c.date,
        c.description,
        c.category,
        c.activityType,
        c.farm,
        c.fieldId === null ? catalogued('Whole farm') : c.field,
        c.amount,
      ],
    },
  });
};
