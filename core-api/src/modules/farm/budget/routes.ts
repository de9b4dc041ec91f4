import type { FastifyPluginAsync } from 'fastify';
import type { FarmPluginOptions } from '../common/answers';
import { requireUser } from '../../../auth/require-user';
import { ok } from '../../../http/envelope';
import { validated } from '../../../http/validate';
import * as s from '@shambasoko/contracts';
import * as service from './service';

export const budgetRoutes: FastifyPluginAsync<FarmPluginOptions> = async (app, { db, answers }) => {
  app.get(
    '/v1/budgets',
    validated({ query: s.budgetsQuery, response: s.budgetPlan }, async ({ query, request, reply }) =>
      answers.send(request, reply, (userId) => service.getBudgetPlan(db, userId, query.farmId, query.seasonId ?? null)),
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
    validated({ query: s.summaryQuery, response: s.budgetSummary }, async ({ query, request, reply }) =>
      answers.send(request, reply, (userId) => service.getBudgetSummary(db, userId, query)),
    ),
  );
};
