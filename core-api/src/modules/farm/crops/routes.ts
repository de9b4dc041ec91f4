import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { requireUser } from '../../../auth/require-user';
import type { Database } from '../../../db/schema';
import { ok } from '../../../http/envelope';
import { validated } from '../../../http/validate';
import { listOptions } from '../common/list';
import * as s from '@shambasoko/shared/contracts';
import * as service from './service';

export const cropsRoutes: FastifyPluginAsync<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get(
    '/v1/crops',
    validated({ query: s.cropsQuery, response: s.farmListPage(s.crop) }, async ({ query, request }) => {
      const { farmId, fieldId, seasonId, cropId, userId, status } = query;
      return ok(await service.listCrops(db, requireUser(request).id, { farmId, fieldId, seasonId, cropId, userId, status }, listOptions(query)));
    }),
  );
  app.post(
    '/v1/crops',
    validated({ body: s.createCropBody, response: s.crop }, async ({ body, request, reply }) => {
      const crop = await service.createCrop(db, requireUser(request).id, body);
      return reply.status(201).send(ok(crop, 'Crop added'));
    }),
  );
  app.get(
    '/v1/crops/:cropId',
    validated({ params: s.cropParams, response: s.crop }, async ({ params, request }) => ok(await service.getCrop(db, requireUser(request).id, params.cropId))),
  );
  app.patch(
    '/v1/crops/:cropId',
    validated({ params: s.cropParams, body: s.updateCropBody, response: s.crop }, async ({ params, body, request }) =>
      ok(await service.updateCrop(db, requireUser(request).id, params.cropId, body), 'Crop updated'),
    ),
  );
  app.delete(
    '/v1/crops/:cropId',
    validated({ params: s.cropParams, response: s.deletedAnswer }, async ({ params, request }) => {
      await service.deleteCrop(db, requireUser(request).id, params.cropId);
      return ok({ id: params.cropId }, 'Crop deleted');
    }),
  );
};
