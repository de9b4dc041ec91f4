import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { SELLER_ROLES, buyerHomeSchema, sellerHomeSchema, supplierListSchema } from '@shambasoko/contracts';
import { requireUser } from '../../../auth/require-user';
import type { Database } from '../../../db/schema';
import { ok } from '../../../http/envelope';
import { validated } from '../../../http/validate';
import { buyerHome, buyerSuppliers, sellerHome } from './service';

/** The role homes: each reads only the caller's own orders or shop, keyed by the token, never by the request. */
export const homeRoutes: FastifyPluginAsync<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.addHook('preHandler', async (request) => {
    requireUser(request);
  });

  app.get(
    '/v1/buyer/home',
    validated({ response: buyerHomeSchema }, async ({ request }) => ok(await buyerHome(db, requireUser(request).id))),
  );

  app.get(
    '/v1/buyer/suppliers',
    validated({ response: supplierListSchema }, async ({ request }) => ok(await buyerSuppliers(db, requireUser(request).id))),
  );

  app.get(
    '/v1/seller/home',
    validated({ response: sellerHomeSchema, role: SELLER_ROLES }, async ({ request }) => ok(await sellerHome(db, requireUser(request).id))),
  );
};
