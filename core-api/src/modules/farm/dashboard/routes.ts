import type { FastifyPluginAsync } from 'fastify';
import type { FarmPluginOptions } from '../common/answers';
import { validated } from '../../../http/validate';
import * as s from '@shambasoko/contracts';
import * as service from './service';

export const dashboardRoutes: FastifyPluginAsync<FarmPluginOptions> = async (app, { db, answers }) => {
  app.get(
    '/v1/dashboard',
    validated({ response: s.dashboard }, async ({ request, reply }) =>
      answers.send(request, reply, (userId) => service.getDashboard(db, userId)),
    ),
  );

  // The options of the cascading farm/field/season/crop/user selectors.
  app.get(
    '/v1/filters',
    validated({ query: s.filtersQuery, response: s.farmFilters }, async ({ query, request, reply }) =>
      answers.send(request, reply, (userId) => service.getFilterOptions(db, userId, query)),
    ),
  );
};
