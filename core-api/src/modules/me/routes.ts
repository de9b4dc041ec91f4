import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  deleteAccountAnswerSchema,
  deleteAccountRequestSchema,
  myDataExportSchema,
  preferencesSchema,
  signedInDevicesSchema,
} from '@shambasoko/contracts';
import type { IdentityVerifier } from '../../auth/firebase';
import { requireUser } from '../../auth/require-user';
import type { SessionGuard } from '../../auth/sessions';
import type { Database } from '../../db/schema';
import { ok } from '../../http/envelope';
import { validated } from '../../http/validate';
import { getPreferences, savePreferences } from './preferences';
import { deleteMyAccount, exportFileName, exportMyData } from './service';
import { listSessions, revokeMySession } from './sessions';

const deleteBody = deleteAccountRequestSchema;
const sessionParams = z.object({ id: z.string().max(64) });

/** The caller's own data: no id in any request, so nobody can name another person's account. */
export const meRoutes: FastifyPluginAsync<{
  db: Kysely<Database>;
  verifier: Pick<IdentityVerifier, 'deleteUser'>;
  sessions: Pick<SessionGuard, 'revoked'>;
}> = async (app, { db, verifier, sessions }) => {
  // Signed-out callers hear about signing in before any field.
  app.addHook('preHandler', async (request) => {
    requireUser(request);
  });

  app.get(
    '/v1/me/export',
    validated({ response: myDataExportSchema }, async ({ request, reply }) => {
      const user = requireUser(request);
      const now = new Date();
      const data = await exportMyData(db, user.id, now);
      reply.header('content-disposition', `attachment; filename="${exportFileName(now)}"`);
      return ok(data, 'Your data export');
    }),
  );

  app.delete(
    '/v1/me',
    validated({ body: deleteBody, response: deleteAccountAnswerSchema }, async ({ body, request }) => {
      const user = requireUser(request);
      await deleteMyAccount(db, verifier, sessions, user.id, body.confirmEmail, (error, uid) =>
        // Everything held here is erased; the sign-in left at the provider is removed by hand.
        request.log.error({ err: error, uid }, 'account erased, but its identity provider account could not be deleted'),
      );
      return ok(null, 'Your account and personal data have been deleted.');
    }),
  );

  app.get(
    '/v1/me/preferences',
    validated({ response: preferencesSchema }, async ({ request }) =>
      ok(await getPreferences(db, requireUser(request).id), 'Your preferences'),
    ),
  );

  app.put(
    '/v1/me/preferences',
    validated({ body: preferencesSchema, response: preferencesSchema }, async ({ body, request }) =>
      ok(await savePreferences(db, requireUser(request).id, body), 'Your preferences have been saved.'),
    ),
  );

  app.get(
    '/v1/me/sessions',
    validated({ response: signedInDevicesSchema }, async ({ request }) => {
      const user = requireUser(request);
      return ok({ items: await listSessions(db, user.id, user.family) }, 'Your signed-in devices');
    }),
  );

  app.delete(
    '/v1/me/sessions/:id',
    validated({ params: sessionParams, response: z.null() }, async ({ params, request }) => {
      const user = requireUser(request);
      await revokeMySession(db, sessions, user.id, user.family, params.id);
      return ok(null, 'That device has been signed out.');
    }),
  );
};
