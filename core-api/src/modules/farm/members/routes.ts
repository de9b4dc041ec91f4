import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { resourceRoutes } from '../common/resource-routes';
import * as s from '@shambasoko/shared/contracts';
import * as service from './service';

export const membersRoutes: FastifyPluginAsync<{ db: Kysely<Database> }> = async (app, { db }) => {
  resourceRoutes(app, db, {
    path: '/v1/farm-users',
    item: s.farmUser,
    idParam: 'membershipId',
    params: s.memberParams,
    list: { query: s.membersQuery, run: service.listMembers },
    create: { path: '/v1/farms/:farmId/users', inFarm: true, body: s.createMemberBody, run: service.addMember },
    get: service.getMember,
    update: { body: s.updateMemberBody, run: service.updateMember },
    remove: service.removeMember,
    messages: {
      added: (member) => (member.status === 'invited' ? `Invitation recorded for ${member.email}` : 'User added'),
      updated: 'User updated',
      deleted: 'User removed',
    },
  });
};
