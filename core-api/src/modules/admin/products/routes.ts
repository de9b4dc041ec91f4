import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import {
  adminProductPageSchema,
  adminProductQuerySchema,
  adminProductSchema,
  adminReasonSchema,
  adminSubjectParamsSchema,
} from '@shambasoko/contracts';
import { requireUser } from '../../../auth/require-user';
import type { Database } from '../../../db/schema';
import { ok } from '../../../http/envelope';
import { validated } from '../../../http/validate';
import { listingForAdmin, listingsForAdmin, takeDownListing } from '../../market';
import { decodeCursor, encodeCursor } from '../common/page';

/** Every seller's listings for Admins: search, take down with a reason the seller is told, restore. */
export const adminProductRoutes: FastifyPluginAsync<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get(
    '/v1/admin/products',
    validated({ role: 'Admin', query: adminProductQuerySchema, response: adminProductPageSchema }, async ({ query }) =>
      ok(await listingsForAdmin(db, { q: query.q, status: query.status, after: decodeCursor(query.cursor) }, encodeCursor)),
    ),
  );

  app.get(
    '/v1/admin/products/:id',
    validated({ role: 'Admin', params: adminSubjectParamsSchema, response: adminProductSchema }, async ({ params }) =>
      ok(await listingForAdmin(db, params.id)),
    ),
  );

  app.post(
    '/v1/admin/products/:id/take-down',
    validated(
      { role: 'Admin', params: adminSubjectParamsSchema, body: adminReasonSchema, response: adminProductSchema },
      async ({ params, body, request }) =>
        ok(await takeDownListing(db, requireUser(request).id, params.id, true, body.reason), 'Listing taken down'),
    ),
  );

  app.post(
    '/v1/admin/products/:id/restore',
    validated(
      { role: 'Admin', params: adminSubjectParamsSchema, body: adminReasonSchema, response: adminProductSchema },
      async ({ params, body, request }) =>
        ok(await takeDownListing(db, requireUser(request).id, params.id, false, body.reason), 'Listing restored'),
    ),
  );
};
