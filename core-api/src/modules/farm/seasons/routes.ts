import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { requireUser } from '../../../auth/require-user';
import type { Database } from '../../../db/schema';
import { ok } from '../../../http/envelope';
import { validated } from '../../../http/validate';
import { listOptions } from '../common/list';
import * as s from '@shambasoko/shared/contracts';
import * as service from './service';

export const seasonsRoutes: FastifyPluginAsync<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get(
    '/v1/seasons',
    validated({ query: s.seasonsQuery, response: s.farmListPage(s.season) }, async ({ query, request }) =>
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
    validated({ body: s.createSeasonBody, response: s.season }, async ({ body, request, reply }) => {
      const season = await service.createSeason(db, requireUser(request).id, body);
      return reply.status(201).send(ok(season, 'Season added'));
    }),
  );
  app.get(
    '/v1/seasons/:seasonId',
    validated({ params: s.seasonParams, response: s.season }, async ({ params, request }) => ok(await service.getSeason(db, requireUser(request).id, params.seasonId))),
  );
  app.patch(
    '/v1/seasons/:seasonId',
    validated({ params: s.seasonParams, body: s.updateSeasonBody, response: s.season }, async ({ params, body, request }) =>
      ok(await service.updateSeason(db, requireUser(request).id, params.seasonId, body), 'Season updated'),
    ),
  );
  app.delete(
    '/v1/seasons/:seasonId',
    validated({ params: s.seasonParams, response: s.deletedAnswer }, async ({ params, request }) => {
      await service.deleteSeason(db, requireUser(request).id, params.seasonId);
      return ok({ id: params.seasonId }, 'Season deleted');
    }),
  );
};
