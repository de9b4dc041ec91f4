import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { requireUser } from '../../../auth/require-user';
import type { Database } from '../../../db/schema';
import { ok } from '../../../http/envelope';
import { validated } from '../../../http/validate';
import { listOptions } from '../common/list';
import * as s from '@shambasoko/shared/contracts';
import * as service from './service';

export const membersRoutes: FastifyPluginAsync<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get(
    '/v1/farm-users',
    validated({ query: s.membersQuery, response: s.farmListPage(s.farmUser) }, async ({ query, request }) => {
      const { farmId, fieldId, seasonId, cropId, role, status } = query;
      return ok(await service.listMembers(db, requireUser(request).id, { farmId, fieldId, seasonId, cropId, role, status }, listOptions(query)));
    }),
  );
  app.post(
    '/v1/farms/:farmId/users',
    validated({ params: s.farmParams, body: s.createMemberBody, response: s.farmUser }, async ({ params, body, request, reply }) => {
      const member = await service.addMember(db, requireUser(request).id, params.farmId, body);
      const message = member.status === 'invited' ? `Invitation recorded for ${member.email}` : 'User added';
      return reply.status(201).send(ok(member, message));
    }),
  );
  app.get(
    '/v1/farm-users/:membershipId',
    validated({ params: s.memberParams, response: s.farmUser }, async ({ params, request }) =>
      ok(await service.getMember(db, requireUser(request).id, params.membershipId)),
    ),
  );
  app.patch(
    '/v1/farm-users/:membershipId',
    validated({ params: s.memberParams, body: s.updateMemberBody, response: s.farmUser }, async ({ params, body, request }) =>
      ok(await service.updateMember(db, requireUser(request).id, params.membershipId, body), 'User updated'),
    ),
  );
  app.delete(
    '/v1/farm-users/:membershipId',
    validated({ params: s.memberParams, response: s.deletedAnswer }, async ({ params, request }) => {
      await service.removeMember(db, requireUser(request).id, params.membershipId);
      return ok({ id: params.membershipId }, 'User removed');
    }),
  );
};
