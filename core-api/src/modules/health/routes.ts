import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ok } from '../../http/envelope';
import { validated } from '../../http/validate';
import { checkHealth, healthSchema } from './service';

export const healthRoutes: FastifyPluginAsync<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get(
    '/health',
    validated({ response: healthSchema, access: 'public' }, async () => ok(await checkHealth(db))),
  );
};
