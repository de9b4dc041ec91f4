import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { requireUser } from '../../../auth/require-user';
import type { Database } from '../../../db/schema';
import { ok } from '../../../http/envelope';
import { validated } from '../../../http/validate';
import { listOptions } from '../common/list';
import * as s from '@shambasoko/shared/contracts';
import * as service from './service';

export const fieldsRoutes: FastifyPluginAsync<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get(
    '/v1/fields',
    validated({ query: s.fieldsQuery, response: s.farmListPage(s.field) }, async ({ query, request }) =>
      ok(await service.listFields(db, requireUser(request).id, { farmId: query.farmId, status: query.status }, listOptions(query))),
    ),
  );
  app.post(
    '/v1/farms/:farmId/fields',
    validated({ params: s.farmParams, body: s.createFieldBody, response: s.field }, async ({ params, body, request, reply }) => {
      const field = await service.createField(db, requireUser(request).id, params.farmId, body);
      return reply.status(201).send(ok(field, 'Field added'));
    }),
  );
  app.get(
    '/v1/fields/:fieldId',
    validated({ params: s.fieldParams, response: s.field }, async ({ params, request }) => ok(await service.getField(db, requireUser(request).id, params.fieldId))),
  );
  app.patch(
    '/v1/fields/:fieldId',
    validated({ params: s.fieldParams, body: s.updateFieldBody, response: s.field }, async ({ params, body, request }) =>
      ok(await service.updateField(db, requireUser(request).id, params.fieldId, body), 'Field updated'),
    ),
  );
  app.delete(
    '/v1/fields/:fieldId',
    validated({ params: s.fieldParams, response: s.deletedAnswer }, async ({ params, request }) => {
      await service.deleteField(db, requireUser(request).id, params.fieldId);
      return ok({ id: params.fieldId }, 'Field deleted');
    }),
  );
};
