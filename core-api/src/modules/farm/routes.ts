import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { requireUser } from '../../auth/require-user';
import type { Database } from '../../db/schema';
import { ok } from '../../http/envelope';
import { validated } from '../../http/validate';
import * as s from './schemas';
import * as service from './service';

// Farm management API (notes/FARM-API.md). Routes only parse and answer; rules live in service.ts.

function listOptions(query: { page: number; pageSize: number; search?: string | undefined; sort?: string | undefined }) {
  return { page: query.page, pageSize: query.pageSize, search: query.search, sort: query.sort };
}

export const farmRoutes: FastifyPluginAsync<{ db: Kysely<Database> }> = async (app, { db }) => {
  // Signed-out callers get 401 before any validation message; the hook covers only this plugin's routes.
  app.addHook('preHandler', async (request) => {
    requireUser(request);
  });

  app.get('/v1/dashboard', async (request) => ok(await service.getDashboard(db, requireUser(request).id)));

  app.get(
    '/v1/filters',
    validated({ query: s.filtersQuery }, async ({ query, request }) => ok(await service.getFilterOptions(db, requireUser(request).id, query))),
  );

  // Farms ---------------------------------------------------------------------------------------
  app.get(
    '/v1/farms',
    validated({ query: s.farmsQuery }, async ({ query, request }) =>
      ok(await service.listFarms(db, requireUser(request).id, { status: query.status }, listOptions(query))),
    ),
  );
  app.post(
    '/v1/farms',
    validated({ body: s.createFarmBody }, async ({ body, request, reply }) => {
      const farm = await service.createFarm(db, requireUser(request).id, body);
      return reply.status(201).send(ok(farm, 'Farm added'));
    }),
  );
  app.get(
    '/v1/farms/:farmId',
    validated({ params: s.farmParams }, async ({ params, request }) => ok(await service.getFarm(db, requireUser(request).id, params.farmId))),
  );
  app.patch(
    '/v1/farms/:farmId',
    validated({ params: s.farmParams, body: s.updateFarmBody }, async ({ params, body, request }) =>
      ok(await service.updateFarm(db, requireUser(request).id, params.farmId, body), 'Farm updated'),
    ),
  );
  app.delete(
    '/v1/farms/:farmId',
    validated({ params: s.farmParams }, async ({ params, request }) => {
      await service.deleteFarm(db, requireUser(request).id, params.farmId);
      return ok({ id: params.farmId }, 'Farm deleted');
    }),
  );

  // Fields --------------------------------------------------------------------------------------
  app.get(
    '/v1/fields',
    validated({ query: s.fieldsQuery }, async ({ query, request }) =>
      ok(await service.listFields(db, requireUser(request).id, { farmId: query.farmId, status: query.status }, listOptions(query))),
    ),
  );
  app.post(
    '/v1/farms/:farmId/fields',
    validated({ params: s.farmParams, body: s.createFieldBody }, async ({ params, body, request, reply }) => {
      const field = await service.createField(db, requireUser(request).id, params.farmId, body);
      return reply.status(201).send(ok(field, 'Field added'));
    }),
  );
  app.get(
    '/v1/fields/:fieldId',
    validated({ params: s.fieldParams }, async ({ params, request }) => ok(await service.getField(db, requireUser(request).id, params.fieldId))),
  );
  app.patch(
    '/v1/fields/:fieldId',
    validated({ params: s.fieldParams, body: s.updateFieldBody }, async ({ params, body, request }) =>
      ok(await service.updateField(db, requireUser(request).id, params.fieldId, body), 'Field updated'),
    ),
  );
  app.delete(
    '/v1/fields/:fieldId',
    validated({ params: s.fieldParams }, async ({ params, request }) => {
      await service.deleteField(db, requireUser(request).id, params.fieldId);
      return ok({ id: params.fieldId }, 'Field deleted');
    }),
  );

  // Seasons -------------------------------------------------------------------------------------
  app.get(
    '/v1/seasons',
    validated({ query: s.seasonsQuery }, async ({ query, request }) =>
      ok(
        await service.listSeasons(
          db,
          requireUser(request).id,
          { farmId: query.farmId, fieldId: query.fieldId, status: query.status },
          listOptions(query),
        ),
      ),
    ),
  );
  app.post(
    '/v1/seasons',
    validated({ body: s.createSeasonBody }, async ({ body, request, reply }) => {
      const season = await service.createSeason(db, requireUser(request).id, body);
      return reply.status(201).send(ok(season, 'Season added'));
    }),
  );
  app.get(
    '/v1/seasons/:seasonId',
    validated({ params: s.seasonParams }, async ({ params, request }) => ok(await service.getSeason(db, requireUser(request).id, params.seasonId))),
  );
  app.patch(
    '/v1/seasons/:seasonId',
    validated({ params: s.seasonParams, body: s.updateSeasonBody }, async ({ params, body, request }) =>
      ok(await service.updateSeason(db, requireUser(request).id, params.seasonId, body), 'Season updated'),
    ),
  );
  app.delete(
    '/v1/seasons/:seasonId',
    validated({ params: s.seasonParams }, async ({ params, request }) => {
      await service.deleteSeason(db, requireUser(request).id, params.seasonId);
      return ok({ id: params.seasonId }, 'Season deleted');
    }),
  );

  // Crops ---------------------------------------------------------------------------------------
  app.get(
    '/v1/crops',
    validated({ query: s.cropsQuery }, async ({ query, request }) => {
      const { farmId, fieldId, seasonId, cropId, userId, status } = query;
      return ok(await service.listCrops(db, requireUser(request).id, { farmId, fieldId, seasonId, cropId, userId, status }, listOptions(query)));
    }),
  );
  app.post(
    '/v1/crops',
    validated({ body: s.createCropBody }, async ({ body, request, reply }) => {
      const crop = await service.createCrop(db, requireUser(request).id, body);
      return reply.status(201).send(ok(crop, 'Crop added'));
    }),
  );
  app.get(
    '/v1/crops/:cropId',
    validated({ params: s.cropParams }, async ({ params, request }) => ok(await service.getCrop(db, requireUser(request).id, params.cropId))),
  );
  app.patch(
    '/v1/crops/:cropId',
    validated({ params: s.cropParams, body: s.updateCropBody }, async ({ params, body, request }) =>
      ok(await service.updateCrop(db, requireUser(request).id, params.cropId, body), 'Crop updated'),
    ),
  );
  app.delete(
    '/v1/crops/:cropId',
    validated({ params: s.cropParams }, async ({ params, request }) => {
      await service.deleteCrop(db, requireUser(request).id, params.cropId);
      return ok({ id: params.cropId }, 'Crop deleted');
    }),
  );

  // Activities ----------------------------------------------------------------------------------
  app.get(
    '/v1/activities',
    validated({ query: s.activitiesQuery }, async ({ query, request }) => {
      const { farmId, fieldId, seasonId, cropId, userId, status } = query;
      return ok(
        await service.listActivities(db, requireUser(request).id, { farmId, fieldId, seasonId, cropId, userId, status }, listOptions(query)),
      );
    }),
  );
  app.post(
    '/v1/activities',
    validated({ body: s.createActivityBody }, async ({ body, request, reply }) => {
      const activity = await service.createActivity(db, requireUser(request).id, body);
      return reply.status(201).send(ok(activity, 'Activity added'));
    }),
  );
  app.get(
    '/v1/activities/:activityId',
    validated({ params: s.activityParams }, async ({ params, request }) =>
      ok(await service.getActivity(db, requireUser(request).id, params.activityId)),
    ),
  );
  app.patch(
    '/v1/activities/:activityId',
    validated({ params: s.activityParams, body: s.updateActivityBody }, async ({ params, body, request }) =>
      ok(await service.updateActivity(db, requireUser(request).id, params.activityId, body), 'Activity updated'),
    ),
  );
  app.delete(
    '/v1/activities/:activityId',
    validated({ params: s.activityParams }, async ({ params, request }) => {
      await service.deleteActivity(db, requireUser(request).id, params.activityId);
      return ok({ id: params.activityId }, 'Activity deleted');
    }),
  );

  // Farm users ----------------------------------------------------------------------------------
  app.get(
    '/v1/farm-users',
    validated({ query: s.membersQuery }, async ({ query, request }) => {
      const { farmId, fieldId, seasonId, cropId, role, status } = query;
      return ok(await service.listMembers(db, requireUser(request).id, { farmId, fieldId, seasonId, cropId, role, status }, listOptions(query)));
    }),
  );
  app.post(
    '/v1/farms/:farmId/users',
    validated({ params: s.farmParams, body: s.createMemberBody }, async ({ params, body, request, reply }) => {
      const member = await service.addMember(db, requireUser(request).id, params.farmId, body);
      const message = member.status === 'invited' ? `Invitation recorded for ${member.email}` : 'User added';
      return reply.status(201).send(ok(member, message));
    }),
  );
  app.get(
    '/v1/farm-users/:membershipId',
    validated({ params: s.memberParams }, async ({ params, request }) =>
      ok(await service.getMember(db, requireUser(request).id, params.membershipId)),
    ),
  );
  app.patch(
    '/v1/farm-users/:membershipId',
    validated({ params: s.memberParams, body: s.updateMemberBody }, async ({ params, body, request }) =>
      ok(await service.updateMember(db, requireUser(request).id, params.membershipId, body), 'User updated'),
    ),
  );
  app.delete(
    '/v1/farm-users/:membershipId',
    validated({ params: s.memberParams }, async ({ params, request }) => {
      await service.removeMember(db, requireUser(request).id, params.membershipId);
      return ok({ id: params.membershipId }, 'User removed');
    }),
  );

  // Costs and budgets ---------------------------------------------------------------------------
  app.get(
    '/v1/costs',
    validated({ query: s.costsQuery }, async ({ query, request }) => {
      const { farmId, fieldId, seasonId, cropId, category } = query;
      return ok(await service.listCosts(db, requireUser(request).id, { farmId, fieldId, seasonId, cropId, category }, listOptions(query)));
    }),
  );
  app.post(
    '/v1/costs',
    validated({ body: s.createCostBody }, async ({ body, request, reply }) => {
      const cost = await service.createCost(db, requireUser(request).id, body);
      return reply.status(201).send(ok(cost, 'Cost added'));
    }),
  );
  app.get(
    '/v1/costs/:costId',
    validated({ params: s.costParams }, async ({ params, request }) => ok(await service.getCost(db, requireUser(request).id, params.costId))),
  );
  app.patch(
    '/v1/costs/:costId',
    validated({ params: s.costParams, body: s.updateCostBody }, async ({ params, body, request }) =>
      ok(await service.updateCost(db, requireUser(request).id, params.costId, body), 'Cost updated'),
    ),
  );
  app.delete(
    '/v1/costs/:costId',
    validated({ params: s.costParams }, async ({ params, request }) => {
      await service.deleteCost(db, requireUser(request).id, params.costId);
      return ok({ id: params.costId }, 'Cost deleted');
    }),
  );

  app.get(
    '/v1/budgets',
    validated({ query: s.budgetsQuery }, async ({ query, request }) =>
      ok(await service.getBudgetPlan(db, requireUser(request).id, query.farmId, query.seasonId ?? null)),
    ),
  );
  app.put(
    '/v1/budgets',
    validated({ body: s.putBudgetBody }, async ({ body, request }) => ok(await service.putBudget(db, requireUser(request).id, body), 'Budget saved')),
  );
  app.get(
    '/v1/budget/summary',
    validated({ query: s.summaryQuery }, async ({ query, request }) => ok(await service.getBudgetSummary(db, requireUser(request).id, query))),
  );
};
