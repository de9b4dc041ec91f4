import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { adminOverviewSchema } from '@shambasoko/contracts';
import type { Database } from '../../../db/schema';
import { ok } from '../../../http/envelope';
import { validated } from '../../../http/validate';
import { overview } from './service';

/** The Admin's home: the platform at a glance, each figure with the path of the list behind it. */
export const adminOverviewRoutes: FastifyPluginAsync<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get(
    '/v1/admin/overview',
    validated({ role: 'Admin', response: adminOverviewSchema }, async () => ok(await overview(db))),
  );
};
