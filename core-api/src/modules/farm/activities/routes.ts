import type { FastifyPluginAsync } from 'fastify';
import { todayInNairobi } from '@shambasoko/contracts/time';
import type { FarmPluginOptions } from '../common/answers';
import { validated } from '../../../http/validate';
import { messagesFor, resourceRoutes } from '../common/resource-routes';
import * as s from '@shambasoko/contracts';
import * as service from './service';
import { catalogued } from '../../../http/language';

export const activitiesRoutes: FastifyPluginAsync<FarmPluginOptions> = async (app, { db, answers }) => {
  // The caller's tasks (dashboard). A static path, so Fastify matches it before /v1/activities/:activityId.
  app.get(
    '/v1/activities/mine',
    validated({ response: s.myActivities }, async ({ request, reply }) => {
      const now = new Date();
      // Kept per Nairobi date: at midnight, what was due today is overdue.
      return answers.send(request, reply, (userId) => service.myActivities(db, userId, now), todayInNairobi(now));
    }),
  );
  resourceRoutes(app, db, answers, {
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
    csv: {
      name: 'activities',
      header: ['Activity', 'Farm', 'Field', 'Season', 'Crop', catalogued('Assigned to'), catalogued('Due date'), 'Status', 'Notes'],
      row: (a) => [a.name, a.farmName, a.fieldName, a.seasonName, a.cropName, a.userName, a.dueDate, a.status, a.notes],
    },
  });
};
