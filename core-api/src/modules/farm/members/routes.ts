import type { FastifyPluginAsync } from 'fastify';
import type { FarmPluginOptions } from '../common/answers';
import { requireUser } from '../../../auth/require-user';
import { ok } from '../../../http/envelope';
import { validated } from '../../../http/validate';
import { listOptions } from '../common/list';
import { resourceRoutes } from '../common/resource-routes';
import * as s from '@shambasoko/contracts';
import * as service from './service';
import { catalogued } from '../../../http/language';

export const membersRoutes: FastifyPluginAsync<FarmPluginOptions> = async (app, { db, answers }) => {
  // Each person once with their farms (the Users page). A static path, matched before /v1/farm-users/:membershipId.
  app.get(
    '/v1/farm-users/people',
    validated({ query: s.membersQuery, response: s.farmListPage(s.farmPerson) }, async ({ query, request }) =>
      ok(await service.listPeople(db, requireUser(request).id, query, listOptions(query))),
    ),
  );
  resourceRoutes(app, db, answers, {
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
    csv: {
      name: 'users',
      header: ['Name', 'E-mail', 'Phone', 'Farm', 'Role', 'Field', 'Season', 'Crop', 'Status', 'Added'],
      // A phone-only account's stand-in address is never shown; hidden contacts arrive as ''.
      row: (m) => [
        m.name,
        s.shownEmail(m.email),
        m.phone,
        m.farmName,
        m.role,
        m.fieldId ? m.fieldName : catalogued('All Fields'),
        m.seasonId ? m.seasonName : catalogued('All Seasons'),
        m.cropId ? m.cropName : catalogued('All Crops'),
        m.status,
        m.addedDate,
      ],
    },
  });
};
