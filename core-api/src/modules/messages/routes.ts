import path from 'node:path';
import type { FastifyError, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  IDEMPOTENCY_KEY,
  MAX_PHOTO_BYTES,
  blockParamsSchema,
  blockStateSchema,
  conversationListSchema,
  conversationParamsSchema,
  conversationSchema,
  farmConversationParamsSchema,
  messagePageQuerySchema,
  messageReportPageSchema,
  messageReportParamsSchema,
  messageReportQuerySchema,
  messageReportSchema,
  reportConversationRequestSchema,
  resolveMessageReportRequestSchema,
  messagePageSchema,
  messagePhotoParamsSchema,
  messageSchema,
  sendMessageRequestSchema,
  startConversationRequestSchema,
  streamTicketSchema,
  unreadCountSchema,
} from '@shambasoko/contracts';
import { requireUser } from '../../auth/require-user';
import type { Database } from '../../db/schema';
import { ApiError, ok } from '../../http/envelope';
import { validated } from '../../http/validate';
import { DiskPhotoStore, type PhotoStore } from '../../storage/photo-store';
import { PHOTO_TOO_LARGE } from '../market';
import { readPhoto, sendPhoto } from './photos';
import {
  farmConversation,
  getConversation,
  listConversations,
  listMessages,
  markConversationRead,
  redeemTicket,
  sendMessage,
  setBlocked,
  startConversation,
  streamTicket,
  unreadCount,
} from './service';
import { listReports, reportConversation, resolveReport } from './reports';
import { MessageStreams } from './stream';
import { catalogued } from '../../http/language';

const sendHeaders = z.object({
  'idempotency-key': z.string().trim().regex(IDEMPOTENCY_KEY, catalogued('must be 8 to 128 letters, digits or _ . : -')).optional(),
});
const streamQuery = z.object({ ticket: z.string().max(128).optional() });
// As the listing photo routes take them: the raw file, its declared type not trusted.
const PHOTO_TYPES = /^(image\/[a-z0-9.+-]+|application\/octet-stream)$/i;
const photoRoute = {
  bodyLimit: MAX_PHOTO_BYTES,
  errorHandler: (error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new ApiError(413, PHOTO_TOO_LARGE);
    throw error;
  },
};

/** Conversations between buyers and sellers and within farms, their messages, blocks and the live stream. */
export const messageRoutes: FastifyPluginAsync<{
  db: Kysely<Database>;
  /** Where message photos are kept: never the listing photos' store, which /static serves to anyone. */
  dataDir: string;
  photoStore?: PhotoStore;
  streams?: MessageStreams;
}> = async (app, { db, dataDir, photoStore, streams: given }) => {
  const streams = given ?? new MessageStreams();
  const photos = photoStore ?? new DiskPhotoStore(path.join(dataDir, 'message-photos'));
  app.addContentTypeParser(PHOTO_TYPES, { parseAs: 'buffer', bodyLimit: MAX_PHOTO_BYTES }, (_request, body, done) => {
    done(null, body);
  });
  app.addHook('onClose', async () => {
    if (given === undefined) streams.close();
  });
  const user = (request: FastifyRequest) => requireUser(request).id;
  // Signed out is a 401 before any input is read; the stream alone also takes a ticket.
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.url !== '/v1/messages/stream') requireUser(request);
  });

  app.get(
    '/v1/conversations',
    validated({ response: conversationListSchema }, async ({ request }) => ok({ items: await listConversations(db, user(request)) })),
  );
  app.post(
    '/v1/conversations',
    validated({ body: startConversationRequestSchema, response: conversationSchema }, async ({ body, request }) =>
      ok(await startConversation(db, user(request), body)),
    ),
  );
  app.get(
    '/v1/conversations/farm/:farmId',
    validated({ params: farmConversationParamsSchema, response: conversationSchema }, async ({ params, request }) =>
      ok(await farmConversation(db, user(request), params.farmId)),
    ),
  );
  app.get(
    '/v1/conversations/:id',
    validated({ params: conversationParamsSchema, response: conversationSchema }, async ({ params, request }) =>
      ok(await getConversation(db, user(request), params.id)),
    ),
  );
  app.get(
    '/v1/conversations/:id/messages',
    validated(
      { params: conversationParamsSchema, query: messagePageQuerySchema, response: messagePageSchema },
      async ({ params, query, request }) => ok(await listMessages(db, user(request), params.id, query.before)),
    ),
  );
  app.post(
    '/v1/conversations/:id/messages',
    validated(
      {
        params: conversationParamsSchema,
        headers: sendHeaders,
        body: sendMessageRequestSchema,
        response: messageSchema,
        statuses: [201, 200],
      },
      async ({ params, headers, body, request, reply }) => {
        const sent = await sendMessage(db, user(request), params.id, body.text, headers['idempotency-key'] ?? null);
        return reply.code(sent.created ? 201 : 200).send(ok(sent.message, 'Message sent'));
      },
    ),
  );
  app.post(
    '/v1/conversations/:id/photos',
    photoRoute,
    validated(
      { params: conversationParamsSchema, headers: sendHeaders, response: messageSchema, statuses: [201, 200] },
      async ({ params, headers, request, reply }) => {
        const sent = await sendPhoto(db, photos, user(request), params.id, request.body, headers['idempotency-key'] ?? null);
        return reply.code(sent.created ? 201 : 200).send(ok(sent.message, 'Photo sent'));
      },
    ),
  );
  app.get(
    '/v1/conversations/:id/photos/:photo',
    validated({ params: messagePhotoParamsSchema, produces: ['image/webp'] }, async ({ params, request, reply }) => {
      const bytes = await readPhoto(db, photos, user(request), params.id, params.photo);
      // Private: a shared cache must not hand one member's photo to anyone else.
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(bytes);
    }),
  );
  app.post(
    '/v1/conversations/:id/read',
    validated({ params: conversationParamsSchema, response: conversationSchema }, async ({ params, request }) =>
      ok(await markConversationRead(db, user(request), params.id)),
    ),
  );
  app.post(
    '/v1/conversations/:id/report',
    validated(
      { params: conversationParamsSchema, body: reportConversationRequestSchema, response: messageReportSchema, statuses: [201] },
      async ({ params, body, request, reply }) =>
        reply.code(201).send(ok(await reportConversation(db, user(request), params.id, body), 'Report sent')),
    ),
  );
  app.get(
    '/v1/admin/message-reports',
    validated({ role: 'Admin', query: messageReportQuerySchema, response: messageReportPageSchema }, async ({ query }) =>
      ok({ items: await listReports(db, query.status) }),
    ),
  );
  app.post(
    '/v1/admin/message-reports/:id/resolve',
    validated(
      { role: 'Admin', params: messageReportParamsSchema, body: resolveMessageReportRequestSchema, response: messageReportSchema },
      async ({ params, body, request }) => ok(await resolveReport(db, user(request), params.id, body.note), 'Report resolved'),
    ),
  );
  app.get(
    '/v1/messages/unread',
    validated({ response: unreadCountSchema }, async ({ request }) => ok({ count: await unreadCount(db, user(request)) })),
  );
  app.post(
    '/v1/users/:id/block',
    validated({ params: blockParamsSchema, response: blockStateSchema }, async ({ params, request }) => {
      await setBlocked(db, user(request), params.id, true);
      return ok({ blocked: true }, 'Blocked');
    }),
  );
  app.delete(
    '/v1/users/:id/block',
    validated({ params: blockParamsSchema, response: blockStateSchema }, async ({ params, request }) => {
      await setBlocked(db, user(request), params.id, false);
      return ok({ blocked: false }, 'Unblocked');
    }),
  );
  app.post(
    '/v1/messages/stream-ticket',
    validated({ response: streamTicketSchema }, async ({ request }) => {
      const me = requireUser(request);
      return ok(await streamTicket(db, me.id, me.family));
    }),
  );
  // Server-sent events: the bearer token, or a one-time ticket, since EventSource sends no headers.
  app.get(
    '/v1/messages/stream',
    validated({ query: streamQuery, produces: ['text/event-stream'] }, async ({ query, request, reply }) => {
      const me = request.authUser
        ? { userId: request.authUser.id, family: request.authUser.family }
        : query.ticket
          ? await redeemTicket(db, query.ticket)
          : undefined;
      if (me === undefined) throw new ApiError(401, 'Please sign in to continue.');
      reply.hijack();
      streams.open(me.userId, me.family, reply.raw);
    }),
  );
};
