import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { requireUser } from '../../../auth/require-user';
import type { Database } from '../../../db/schema';
import { ok } from '../../../http/envelope';
import { validated } from '../../../http/validate';
import * as s from '@shambasoko/contracts';
import * as service from './service';

export const budgetRoutes: FastifyPluginAsync<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get(
    '/v1/budgets',
    validated({ query: s.budgetsQuery, response: s.budgetPlan }, async ({ query, request }) =>
      ok(await service.getBudgetPlan(db, requireUser(request).id, query.farmId, query.seasonId ?? null)),
    ),
  );
  app.put(
    '/v1/budgets',
    validated({ body: s.putBudgetBody, response: s.budgetPlan }, async ({ body, request }) =>
      ok(await service.putBudget(db, requireUser(request).id, body), 'Budget saved'),
    ),
  );
  app.get(
    '/v1/budget/summary',
    validated({ query: s.summaryQuery, response: s.budgetSummary }, async ({ query, request }) =>
      ok(await service.getBudgetSummary(db, requireUser(request).id, query)),
    ),
  );
};
