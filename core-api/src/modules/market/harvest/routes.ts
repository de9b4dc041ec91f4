import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { cropParamsSchema, harvestListingDraftSchema, harvestListingRequestSchema, sellerListingSchema } from '@shambasoko/contracts';
import { requireUser } from '../../../auth/require-user';
import type { Database } from '../../../db/schema';
import { ok } from '../../../http/envelope';
import { validated } from '../../../http/validate';
import type { CatalogCache } from '../catalog/cache';
import { createHarvestListing, harvestDraft } from './service';

/** "Sell this harvest": a crop's expected harvest listed for pre-order. */
export const harvestRoutes: FastifyPluginAsync<{ db: Kysely<Database>; cache: CatalogCache }> = async (app, { db, cache }) => {
  app.addHook('preHandler', async (request) => {
    requireUser(request);
  });

  app.get(
    '/v1/crops/:cropId/harvest-listing',
    validated({ params: cropParamsSchema, response: harvestListingDraftSchema }, async ({ params, request }) =>
      ok(await harvestDraft(db, requireUser(request).id, params.cropId)),
    ),
  );

  app.post(
    '/v1/crops/:cropId/harvest-listing',
    validated(
      { params: cropParamsSchema, body: harvestListingRequestSchema, response: sellerListingSchema, statuses: [201] },
      async ({ params, body, request, reply }) =>
        reply
          .status(201)
          .send(
            ok(await createHarvestListing(db, cache, requireUser(request).id, params.cropId, body), 'Your harvest is listed for pre-order'),
          ),
    ),
  );
};
