import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { requireUser } from '../../auth/require-user';
import type { Database } from '../../db/schema';
import { ok } from '../../http/envelope';
import { validated } from '../../http/validate';
import { listNotifications, markAllRead, notificationListSchema } from './service';

export const notificationRoutes: FastifyPluginAsync<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get(
    '/v1/notifications',
    validated({ response: notificationListSchema }, async ({ request }) => ok(await listNotifications(db, requireUser(request).id))),
  );

  app.post(
    '/v1/notifications/read',
    validated({ response: notificationListSchema }, async ({ request }) => {
      const user = requireUser(request);
      await markAllRead(db, user.id);
      return ok(await listNotifications(db, user.id), 'Notifications marked as read');
    }),
  );
};
