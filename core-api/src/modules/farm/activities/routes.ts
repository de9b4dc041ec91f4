import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { requireUser } from '../../../auth/require-user';
import type { Database } from '../../../db/schema';
import { ok } from '../../../http/envelope';
import { validated } from '../../../http/validate';
import { listOptions } from '../common/list';
import * as s from '@shambasoko/shared/contracts';
import * as service from './service';

export const activitiesRoutes: FastifyPluginAsync<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get(
    '/v1/activities',
    validated({ query: s.activitiesQuery, response: s.farmListPage(s.activity) }, async ({ query, request }) => {
      const { farmId, fieldId, seasonId, cropId, userId, status } = query;
      return ok(
        await service.listActivities(db, requireUser(request).id, { farmId, fieldId, seasonId, cropId, userId, status }, listOptions(query)),
      );
    }),
  );
  app.post(
    '/v1/activities',
    validated({ body: s.createActivityBody, response: s.activity }, async ({ body, request, reply }) => {
      const activity = await service.createActivity(db, requireUser(request).id, body);
      return reply.status(201).send(ok(activity, 'Activity added'));
    }),
  );
  app.get(
    '/v1/activities/:activityId',
    validated({ params: s.activityParams, response: s.activity }, async ({ params, request }) =>
      ok(await service.getActivity(db, requireUser(request).id, params.activityId)),
    ),
  );
  app.patch(
    '/v1/activities/:activityId',
    validated({ params: s.activityParams, body: s.updateActivityBody, response: s.activity }, async ({ params, body, request }) =>
      ok(await service.updateActivity(db, requireUser(request).id, params.activityId, body), 'Activity updated'),
    ),
  );
  app.delete(
    '/v1/activities/:activityId',
    validated({ params: s.activityParams, response: s.deletedAnswer }, async ({ params, request }) => {
      await service.deleteActivity(db, requireUser(request).id, params.activityId);
      return ok({ id: params.activityId }, 'Activity deleted');
    }),
  );
};
