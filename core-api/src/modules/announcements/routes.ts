import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import {
  SELLER_ROLES,
  adminAnnouncementRequestSchema,
  announcementListSchema,
  announcementParamsSchema,
  authoredAnnouncementListSchema,
  authoredAnnouncementSchema,
  sellerAnnouncementRequestSchema,
} from '@shambasoko/contracts';
import { z } from 'zod';
import { requireUser } from '../../auth/require-user';
import type { Database } from '../../db/schema';
import { ok } from '../../http/envelope';
import { languageOf } from '../../http/language';
import { validated } from '../../http/validate';
import * as service from './service';

/** Admin's announcements to roles and counties, sellers' to their followers, and what reaches each reader. */
export const announcementRoutes: FastifyPluginAsync<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get(
    '/v1/announcements',
    validated({ response: announcementListSchema }, async ({ request }) => {
      const userId = requireUser(request).id;
      const preference = await db.selectFrom('user_preferences').select('language').where('user_id', '=', userId).executeTakeFirst();
      const language =
        preference?.language === 'sw' || preference?.language === 'en'
          ? preference.language
          : languageOf(request.headers['accept-language']);
      return ok(await service.announcementsFor(db, userId, language));
    }),
  );

  app.get(
    '/v1/admin/announcements',
    validated({ role: 'Admin', response: authoredAnnouncementListSchema }, async () => ok(await service.listAdminAnnouncements(db))),
  );

  app.post(
    '/v1/admin/announcements',
    validated(
      { role: 'Admin', body: adminAnnouncementRequestSchema, response: authoredAnnouncementSchema, statuses: [201] },
      async ({ body, request, reply }) => {
        const created = await service.createAdminAnnouncement(db, requireUser(request).id, body);
        if (created.state === 'published') service.startDelivery(db, new Date(), request.log);
        return reply.status(201).send(ok(created, created.state === 'published' ? 'Announcement published' : 'Announcement scheduled'));
      },
    ),
  );

  app.delete(
    '/v1/admin/announcements/:id',
    validated({ role: 'Admin', params: announcementParamsSchema, response: z.null() }, async ({ params }) => {
      await service.deleteAdminAnnouncement(db, params.id);
      return ok(null, 'Announcement deleted');
    }),
  );

  app.get(
    '/v1/seller/announcements',
    validated({ role: SELLER_ROLES, response: authoredAnnouncementListSchema }, async ({ request }) =>
      ok(await service.listSellerAnnouncements(db, requireUser(request).id)),
    ),
  );

  app.post(
    '/v1/seller/announcements',
    validated(
      { role: SELLER_ROLES, body: sellerAnnouncementRequestSchema, response: authoredAnnouncementSchema, statuses: [201] },
      async ({ body, request, reply }) => {
        const created = await service.createSellerAnnouncement(db, requireUser(request).id, body);
        service.startDelivery(db, new Date(), request.log);
        return reply.status(201).send(ok(created, 'Sent to your followers'));
      },
    ),
  );
};
