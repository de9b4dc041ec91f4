import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { reconciliationSchema, reportQuerySchema } from '@shambasoko/contracts';
import type { Database } from '../../../db/schema';
import { ok } from '../../../http/envelope';
import { validated } from '../../../http/validate';
import { reconciliation } from './service';

/** Money in against the books, money out, and what the books hold, over Nairobi days (today by default). */
export const adminReconciliationRoutes: FastifyPluginAsync<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get(
    '/v1/admin/reconciliation',
    validated({ role: 'Admin', query: reportQuerySchema, response: reconciliationSchema }, async ({ query }) =>
      ok(await reconciliation(db, query)),
    ),
  );
};
