import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  SELLER_ROLES,
  orderParamsSchema,
  sellerStatementSchema,
  shareLinkRequestSchema,
  shareLinkSchema,
  sharedParamsSchema,
  statementParamsSchema,
} from '@shambasoko/contracts';
import { requireUser } from '../../../auth/require-user';
import type { Config } from '../../../config';
import type { Database } from '../../../db/schema';
import { ok } from '../../../http/envelope';
import { languageOf } from '../../../http/language';
import { routeLimit } from '../../../http/rate-limit';
import { validated } from '../../../http/validate';
import { type Paper, createShareLink, preferredLanguage, receiptOf, sharedPaper, statementOf, statementPaperOf } from './service';

const SHARED_RATE_LIMITED = 'Too many shared links opened. Please wait a minute and try again.';

function sendPdf(reply: FastifyReply, paper: Paper, disposition: 'attachment' | 'inline') {
  reply.header('content-disposition', `${disposition}; filename="${paper.fileName}"`);
  // A receipt names a buyer and what they paid: no shared cache keeps it.
  reply.header('cache-control', 'private, no-store');
  return reply.type('application/pdf').send(paper.pdf);
}

/** Buyers' receipts, sellers' statements, and links that open either without signing in (issue 40). */
export const paperRoutes: FastifyPluginAsync<{ db: Kysely<Database>; config: Config }> = async (app, { db, config }) => {
  // The reader's own language: Preferences first, else what their browser asks for.
  const languageFor = async (request: FastifyRequest) =>
    (await preferredLanguage(db, requireUser(request).id)) ?? languageOf(request.headers['accept-language']);

  // Signed in before anything is read, so a stranger hears 401, not a word about the input.
  const signedIn = { preHandler: async (request: FastifyRequest) => void requireUser(request) };

  app.get(
    '/v1/orders/:id/receipt.pdf',
    signedIn,
    validated({ params: orderParamsSchema, produces: ['application/pdf'] }, async ({ params, request, reply }) =>
      sendPdf(reply, await receiptOf(db, requireUser(request).id, params.id, await languageFor(request)), 'attachment'),
    ),
  );

  app.get(
    '/v1/seller/statements/:month',
    validated({ role: SELLER_ROLES, params: statementParamsSchema, response: sellerStatementSchema }, async ({ params, request }) =>
      ok(await statementOf(db, requireUser(request).id, params.month)),
    ),
  );

  app.get(
    '/v1/seller/statements/:month.pdf',
    validated({ role: SELLER_ROLES, params: statementParamsSchema, produces: ['application/pdf'] }, async ({ params, request, reply }) =>
      sendPdf(reply, await statementPaperOf(db, requireUser(request).id, params.month, await languageFor(request)), 'attachment'),
    ),
  );

  app.post(
    '/v1/share-links',
    signedIn,
    validated({ body: shareLinkRequestSchema, response: shareLinkSchema, statuses: [201] }, async ({ body, request, reply }) =>
      reply.status(201).send(ok(await createShareLink(db, requireUser(request).id, body), 'Share link ready')),
    ),
  );

  app.get(
    '/v1/shared/:token.pdf',
    {
      config: {
        rateLimit: routeLimit(
          { max: config.sharedPdfRateLimit, windowMs: 60_000, message: SHARED_RATE_LIMITED },
          (r) => `shared-ip:${r.ip}`,
        ),
      },
    },
    validated({ access: 'public', params: sharedParamsSchema, produces: ['application/pdf'] }, async ({ params, reply }) =>
      // Inline: WhatsApp and phone browsers open it in their viewer.
      sendPdf(reply, await sharedPaper(db, params.token), 'inline'),
    ),
  );
};
