import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import {
  adminAccountPageSchema,
  adminAccountQuerySchema,
  adminAccountSchema,
  adminActionListSchema,
  adminActionQuerySchema,
  adminReasonSchema,
  adminRoleAnswerSchema,
  adminRoleGrantSchema,
  adminSellerListSchema,
  adminSellerQuerySchema,
  adminSubjectParamsSchema,
} from '@shambasoko/contracts';
import { requireUser } from '../../../auth/require-user';
import type { SessionGuard } from '../../../auth/sessions';
import type { Database } from '../../../db/schema';
import { ok } from '../../../http/envelope';
import { validated } from '../../../http/validate';
import { sellersByVerification } from '../../market';
import { actionsOn } from './actions';
import { getAccount, listAccounts, setAdminRole, setSuspended } from './service';

/** Management of accounts, the seller verification queue and the audit: Admin accounts only. */
export const adminAccountRoutes: FastifyPluginAsync<{ db: Kysely<Database>; sessions: SessionGuard }> = async (app, { db, sessions }) => {
  // Admin is the one role nobody chooses for themselves: only an Admin hands it out.
  app.put(
    '/v1/admin/accounts/admin-role',
    validated({ role: 'Admin', body: adminRoleGrantSchema, response: adminRoleAnswerSchema }, async ({ body, request }) => {
      const answer = await setAdminRole(db, body.email, body.granted, requireUser(request).id);
      return ok(answer, body.granted ? `${answer.email} is now an administrator` : `${answer.email} is no longer an administrator`);
    }),
  );

  app.get(
    '/v1/admin/accounts',
    validated({ role: 'Admin', query: adminAccountQuerySchema, response: adminAccountPageSchema }, async ({ query }) =>
      ok(await listAccounts(db, query)),
    ),
  );

  app.get(
    '/v1/admin/accounts/:id',
    validated({ role: 'Admin', params: adminSubjectParamsSchema, response: adminAccountSchema }, async ({ params }) =>
      ok(await getAccount(db, params.id)),
    ),
  );

  app.post(
    '/v1/admin/accounts/:id/suspend',
    validated(
      { role: 'Admin', params: adminSubjectParamsSchema, body: adminReasonSchema, response: adminAccountSchema },
      async ({ params, body, request }) =>
        ok(await setSuspended(db, sessions, requireUser(request).id, params.id, true, body.reason), 'Account suspended'),
    ),
  );

  app.post(
    '/v1/admin/accounts/:id/restore',
    validated(
      { role: 'Admin', params: adminSubjectParamsSchema, body: adminReasonSchema, response: adminAccountSchema },
      async ({ params, body, request }) =>
        ok(await setSuspended(db, sessions, requireUser(request).id, params.id, false, body.reason), 'Account restored'),
    ),
  );

  app.get(
    '/v1/admin/sellers',
    validated({ role: 'Admin', query: adminSellerQuerySchema, response: adminSellerListSchema }, async ({ query }) =>
      ok({ items: await sellersByVerification(db, query.verified === 'true') }),
    ),
  );

  app.get(
    '/v1/admin/actions',
    validated({ role: 'Admin', query: adminActionQuerySchema, response: adminActionListSchema }, async ({ query }) =>
      ok({ items: await actionsOn(db, query.subject) }),
    ),
  );
};
