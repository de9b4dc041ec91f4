import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { deleteAccountAnswerSchema, deleteAccountRequestSchema, myDataExportSchema } from '@shambasoko/shared/contracts';
import type { IdentityVerifier } from '../../auth/firebase';
import { requireUser } from '../../auth/require-user';
import type { SessionGuard } from '../../auth/sessions';
import type { Database } from '../../db/schema';
import { ok } from '../../http/envelope';
import { validated } from '../../http/validate';
import { deleteMyAccount, exportFileName, exportMyData } from './service';

const deleteBody = deleteAccountRequestSchema;

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
      await deleteMyAccount(db, verifier, sessions, user.id, body.confirmEmail);
      return ok(null, 'Your account and personal data have been deleted.');
    }),
  );
};
