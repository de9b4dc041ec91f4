import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { messagesFor, resourceRoutes } from '../common/resource-routes';
import * as s from '@shambasoko/shared/contracts';
import * as service from './service';

export const activitiesRoutes: FastifyPluginAsync<{ db: Kysely<Database> }> = async (app, { db }) => {
  resourceRoutes(app, db, {
    path: '/v1/activities',
    item: s.activity,
    idParam: 'activityId',
    params: s.activityParams,
    list: { query: s.activitiesQuery, run: service.listActivities },
    create: { path: '/v1/activities', body: s.createActivityBody, run: service.createActivity },
    get: service.getActivity,
    update: { body: s.updateActivityBody, run: service.updateActivity },
    remove: service.deleteActivity,
    messages: messagesFor('Activity'),
  });
};
