import cors from '@fastify/cors';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { authPlugin } from './auth/require-user';
import type { Config } from './config';
import type { Database } from './db/schema';
import { registerErrorHandlers } from './http/error-handler';
import { contentRoutes } from './modules/content/routes';
import { healthRoutes } from './modules/health/routes';
import { notificationRoutes } from './modules/notifications/routes';

export interface BuildAppOptions {
  db: Kysely<Database>;
  config: Config;
  /** Defaults to on, except under NODE_ENV=test where it would bury test output. */
  logger?: boolean;
}

/** Builds the app without listening, so tests can drive it with `app.inject`. */
export async function buildApp({ db, config, logger = config.nodeEnv !== 'test' }: BuildAppOptions): Promise<FastifyInstance> {
  // Requests are not logged one by one unless LOG_LEVEL asks for it; warnings and errors always are.
  const app = Fastify({ logger: logger ? { level: process.env.LOG_LEVEL ?? 'warn' } : false, bodyLimit: 1024 * 1024 });

  registerErrorHandlers(app);
  await app.register(cors, {
    origin: config.corsOrigins,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    maxAge: 600,
  });

  await app.register(authPlugin, { secret: config.jwtSecret });
  await app.register(healthRoutes, { db });
  await app.register(contentRoutes, { db });
  await app.register(notificationRoutes, { db });
  return app;
}
