import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { pushKeySchema, pushSubscribeSchema, pushSubscriptionStateSchema, pushUnsubscribeSchema } from '@shambasoko/contracts';
import { requireUser } from '../../auth/require-user';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { ApiError, ok } from '../../http/envelope';
import { validated } from '../../http/validate';
import { recordDeliveryReport } from './outbox';
import { checkEndpoint, subscribe, unsubscribe } from './push';
import { listNotifications, markAllRead, notificationListSchema } from './service';

/** Africa's Talking's delivery report (form-encoded); it also sends networkCode, retryCount and more we do not keep. */
const deliveryReportSchema = z.looseObject({
  id: z.string().min(1).max(100),
  status: z.string().min(1).max(40),
  phoneNumber: z.string().max(30).optional(),
  failureReason: z.string().max(100).optional(),
});
const deliveryParams = z.object({ token: z.string().max(200) });
const deliveryAnswerSchema = z.object({ updated: z.boolean() });

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const notificationRoutes: FastifyPluginAsync<{ db: Kysely<Database>; config: Config }> = async (app, { db, config }) => {
  // Only this plugin's routes read forms: the provider's delivery reports.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8192 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  // Unsigned: the secret path token (SMS_DELIVERY_TOKEN) is what tells the provider apart.
  app.post(
    '/v1/notices/sms/delivery/:token',
    validated(
      { access: 'public', params: deliveryParams, body: deliveryReportSchema, response: deliveryAnswerSchema },
      async ({ params, body }) => {
        const expected = config.notices.sms?.deliveryToken;
        if (!expected || !sameSecret(params.token, expected)) throw new ApiError(404, 'Not found');
        return ok({ updated: await recordDeliveryReport(db, body) });
      },
    ),
  );

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

  app.get(
    '/v1/me/push/key',
    validated({ response: pushKeySchema }, async ({ request }) => {
      requireUser(request);
      return ok({ publicKey: config.notices.push?.publicKey ?? null }, 'The key for phone notifications');
    }),
  );

  // Signed-out callers hear about signing in before any field.
  const signedIn = { preHandler: async (request: FastifyRequest) => void requireUser(request) };

  app.post(
    '/v1/me/push/subscriptions',
    signedIn,
    validated({ body: pushSubscribeSchema, response: pushSubscriptionStateSchema }, async ({ body, request }) => {
      const user = requireUser(request);
      if (!config.notices.push) throw new ApiError(503, 'Phone notifications are not available right now.');
      checkEndpoint(body.endpoint, config);
      await subscribe(db, user.id, body, request.headers['user-agent']);
      return ok({ subscribed: true }, 'Phone notifications are on for this device.');
    }),
  );

  app.delete(
    '/v1/me/push/subscriptions',
    signedIn,
    validated({ body: pushUnsubscribeSchema, response: pushSubscriptionStateSchema }, async ({ body, request }) => {
      await unsubscribe(db, requireUser(request).id, body.endpoint);
      return ok({ subscribed: false }, 'Phone notifications are off for this device.');
    }),
  );
};
