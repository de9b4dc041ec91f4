import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { adminRoleAnswerSchema, adminRoleGrantSchema } from '@shambasoko/shared/contracts';
import { requireUser } from '../../../auth/require-user';
import type { Database } from '../../../db/schema';
import { ok } from '../../../http/envelope';
import { validated } from '../../../http/validate';
import { setAdminRole } from './service';

/** Admin is the one role nobody chooses for themselves: only an Admin hands it out. */
export const adminAccountRoutes: FastifyPluginAsync<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.put(
    '/v1/admin/accounts/admin-role',
    validated({ role: 'Admin', body: adminRoleGrantSchema, response: adminRoleAnswerSchema }, async ({ body, request }) => {
      const answer = await setAdminRole(db, body.email, body.granted, requireUser(request).id);
      return ok(answer, body.granted ? `${answer.email} is now an administrator` : `${answer.email} is no longer an administrator`);
    }),
  );
};
