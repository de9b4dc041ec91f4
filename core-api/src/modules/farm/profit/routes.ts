import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { requireUser } from '../../../auth/require-user';
import type { Database } from '../../../db/schema';
import { ok } from '../../../http/envelope';
import { validated } from '../../../http/validate';
import * as s from '@shambasoko/contracts';
import * as service from './service';

export const profitRoutes: FastifyPluginAsync<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get(
    '/v1/farms/:farmId/profit',
    validated({ params: s.farmParams, query: s.profitQuery, response: s.farmProfit }, async ({ params, query, request }) =>
      ok(await service.farmProfit(db, requireUser(request).id, params.farmId, query.seasonId ? [query.seasonId] : undefined)),
    ),
  );
};
