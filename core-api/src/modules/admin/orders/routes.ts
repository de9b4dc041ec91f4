import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { orderParamsSchema, orderSchema } from '@shambasoko/contracts';
import { requireUser } from '../../../auth/require-user';
import type { Database } from '../../../db/schema';
import { ok } from '../../../http/envelope';
import { validated } from '../../../http/validate';
import { adminMarkPaid, getOrderForAdmin } from '../../market';

/** An Admin confirms that a bank transfer arrived (recorded with who and when); M-Pesa and card orders answer 409. */
export const adminOrderRoutes: FastifyPluginAsync<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.post(
    '/v1/admin/orders/:id/mark-paid',
    validated({ role: 'Admin', params: orderParamsSchema, response: orderSchema }, async ({ params, request }) => {
      await adminMarkPaid(db, requireUser(request).id, params.id);
      return ok(await getOrderForAdmin(db, params.id), 'Marked as paid');
    }),
  );
};
