import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import {
  SELLER_ROLES,
  commissionCategoryParamsSchema,
  commissionRateRequestSchema,
  commissionRatesSchema,
  sellerBalanceSchema,
} from '@shambasoko/contracts';
import { requireUser } from '../../../auth/require-user';
import type { Database } from '../../../db/schema';
import { ok } from '../../../http/envelope';
import { validated } from '../../../http/validate';
import { sellerMoney } from '../../payments';
import { sellerOf } from '../seller/service';
import { commissionRates, setCommissionRate } from './service';

/** What the market keeps of a sale, shown to sellers before they list, and what the books owe a seller. */
export const commissionRoutes: FastifyPluginAsync<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get(
    '/v1/market/commission-rates',
    validated({ access: 'public', response: commissionRatesSchema }, async () => ok(await commissionRates(db))),
  );

  app.put(
    '/v1/admin/commission-rates/:category',
    validated(
      { role: 'Admin', params: commissionCategoryParamsSchema, body: commissionRateRequestSchema, response: commissionRatesSchema },
      async ({ params, body, request }) =>
        ok(await setCommissionRate(db, params.category, body.rateBp, requireUser(request).id), 'Commission rate saved'),
    ),
  );

  app.get(
    '/v1/seller/balance',
    validated({ role: SELLER_ROLES, response: sellerBalanceSchema }, async ({ request }) => {
      const seller = await sellerOf(db, requireUser(request).id);
      return ok(await sellerMoney(db, seller.id));
    }),
  );
};
