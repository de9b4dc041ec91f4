import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { favouriteParamsSchema, favouritesListSchema } from '@shambasoko/contracts';
import { requireUser } from '../../../auth/require-user';
import type { Database } from '../../../db/schema';
import { ok } from '../../../http/envelope';
import { validated } from '../../../http/validate';
import { favourite, listFavourites, unfavourite } from './service';

const params = favouriteParamsSchema;

export const favouriteRoutes: FastifyPluginAsync<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.addHook('preHandler', async (request) => {
    requireUser(request);
  });

  app.get(
    '/v1/favourites',
    validated({ response: favouritesListSchema }, async ({ request }) => ok(await listFavourites(db, requireUser(request).id))),
  );

  app.put(
    '/v1/favourites/:productId',
    validated({ params, response: favouritesListSchema }, async ({ params, request }) =>
      ok(await favourite(db, requireUser(request).id, params.productId), 'Added to favourites'),
    ),
  );

  app.delete(
    '/v1/favourites/:productId',
    validated({ params, response: favouritesListSchema }, async ({ params, request }) =>
      ok(await unfavourite(db, requireUser(request).id, params.productId), 'Removed from favourites'),
    ),
  );
};
