import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { requireUser } from '../../auth/require-user';
import type { Database } from '../../db/schema';
import { activitiesRoutes } from './activities/routes';
import { memberAnswers } from './common/answers';
import { budgetRoutes } from './budget/routes';
import { costsRoutes } from './costs/routes';
import { cropsRoutes } from './crops/routes';
import { dashboardRoutes } from './dashboard/routes';
import { farmsRoutes } from './farms/routes';
import { fieldsRoutes } from './fields/routes';
import { harvestsRoutes } from './harvests/routes';
import { incomeRoutes } from './income/routes';
import { membersRoutes } from './members/routes';
import { profitRoutes } from './profit/routes';
import { reportRoutes } from './report/routes';
import { seasonsRoutes } from './seasons/routes';
import { named } from '../../http/plugin-name';

// Farm management API: one plugin per resource. In each, routes only parse and
// answer, service.ts holds the rules and permission checks, repository.ts all the SQL.

export const farmRoutes: FastifyPluginAsync<{ db: Kysely<Database> }> = async (app, { db }) => {
  // Signed-out callers get 401 before any validation message; the hook covers this plugin's routes
  // and those of the resource plugins registered below.
  app.addHook('preHandler', async (request) => {
    requireUser(request);
  });
  const answers = memberAnswers(db);
  app.addHook('onClose', async () => answers.close());
  await app.register(named(dashboardRoutes), { db, answers });
  await app.register(named(farmsRoutes), { db, answers });
  await app.register(named(fieldsRoutes), { db, answers });
  await app.register(named(seasonsRoutes), { db, answers });
  await app.register(named(cropsRoutes), { db, answers });
  await app.register(named(activitiesRoutes), { db, answers });
  await app.register(named(membersRoutes), { db, answers });
  await app.register(named(costsRoutes), { db, answers });
  await app.register(named(budgetRoutes), { db, answers });
  await app.register(named(harvestsRoutes), { db });
  await app.register(named(incomeRoutes), { db });
  await app.register(named(profitRoutes), { db });
  await app.register(named(reportRoutes), { db });
};
