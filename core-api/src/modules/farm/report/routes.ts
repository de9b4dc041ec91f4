import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { requireUser } from '../../../auth/require-user';
import type { Database } from '../../../db/schema';
import { ok } from '../../../http/envelope';
import { languageOf } from '../../../http/language';
import { validated } from '../../../http/validate';
import * as s from '@shambasoko/contracts';
import { preferredLanguage } from '../../market';
import * as service from './service';

export const reportRoutes: FastifyPluginAsync<{ db: Kysely<Database> }> = async (app, { db }) => {
  // The reader's own language: Preferences first, else what their browser asks for.
  const languageFor = async (request: FastifyRequest) =>
    (await preferredLanguage(db, requireUser(request).id)) ?? languageOf(request.headers['accept-language']);

  app.get(
    '/v1/farms/:farmId/report.pdf',
    validated(
      { params: s.farmParams, query: s.farmReportQuery, produces: ['application/pdf'] },
      async ({ params, query, request, reply }) => {
        const paper = await service.farmReport(db, requireUser(request).id, params.farmId, query, await languageFor(request));
        reply.header('content-disposition', `attachment; filename="${paper.fileName}"`);
        // A farm's books: no shared cache keeps them.
        reply.header('cache-control', 'private, no-store');
        return reply.type('application/pdf').send(paper.pdf);
      },
    ),
  );
  app.post(
    '/v1/farms/:farmId/report-link',
    validated(
      { params: s.farmParams, body: s.farmReportLinkBody, response: s.shareLinkSchema, statuses: [201] },
      async ({ params, body, request, reply }) =>
        reply.status(201).send(ok(await service.farmReportLink(db, requireUser(request).id, params.farmId, body), 'Share link ready')),
    ),
  );
};
