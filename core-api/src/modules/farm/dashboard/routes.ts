import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { requireUser } from '../../../auth/require-user';
import type { Database } from '../../../db/schema';
import { ok } from '../../../http/envelope';
import { validated } from '../../../http/validate';
import * as s from '@shambasoko/contracts';
import * as service from './service';

export const dashboardRoutes: FastifyPluginAsync<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get(
    '/v1/dashboard',
    validated({ response: s.dashboard }, async ({ request }) => ok(await service.getDashboard(db, requireUser(request).id))),
  );

  // The options of the cascading farm/field/season/crop/user selectors.
  app.get(
    '/v1/filters',
    validated({ query: s.filtersQuery, response: s.farmFilters }, async ({ query, request }) =>
      ok(await service.getFilterOptions(db, requireUser(request).id, query)),
    ),
  );
};
