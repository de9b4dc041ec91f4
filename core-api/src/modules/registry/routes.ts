import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  deployRequestSchema,
  emptyAnswerSchema,
  promoteRequestSchema,
  registryOverviewSchema,
  registryRemoteSchema,
  remoteNameParamsSchema,
  remoteSettingsSchema,
  remotesManifestSchema,
  rolloutRequestSchema,
  shellBuildRequestSchema,
} from '@shambasoko/shared/contracts';
import { requireUser } from '../../auth/require-user';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { ok } from '../../http/envelope';
import { validated } from '../../http/validate';
import { createManifestCache, matchesEtag } from './manifest';
import * as registry from './service';

const emptyBody = z.object({}).strict();
const ADMIN = { role: 'Admin', params: remoteNameParamsSchema, response: registryRemoteSchema } as const;

export const registryRoutes: FastifyPluginAsync<{ db: Kysely<Database>; config: Config }> = async (app, { db, config }) => {
  const manifest = createManifestCache(db);
  /** Runs a registry write, then drops this process's cached manifest. */
  const write = async <T>(run: Promise<T>): Promise<T> => {
    try {
      return await run;
    } finally {
      manifest.invalidate();
    }
  };
  const actorOf = (request: Parameters<typeof requireUser>[0]) => registry.userActor(db, requireUser(request).id);

  app.get(
    '/v1/remotes/manifest',
    validated({ access: 'public', response: remotesManifestSchema, produces: ['application/json'] }, async ({ request, reply }) => {
      const built = await manifest.get();
      void reply.header('etag', built.etag).header('cache-control', 'no-cache');
      if (matchesEtag(request.headers['if-none-match'], built.etag)) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(built.body);
    }),
  );

  app.get(
    '/v1/admin/remotes',
    validated({ role: 'Admin', response: registryOverviewSchema }, async () => ok(await registry.registryOverview(db))),
  );

  app.patch(
    '/v1/admin/remotes/:name',
    validated({ ...ADMIN, body: remoteSettingsSchema }, async ({ request, params, body }) =>
      ok(await write(registry.updateSettings(db, params.name, body, await actorOf(request))), 'Remote updated'),
    ),
  );

  app.post(
    '/v1/admin/remotes/:name/promote',
    validated({ ...ADMIN, body: promoteRequestSchema }, async ({ request, params, body }) =>
      ok(await write(registry.promote(db, params.name, body.version, await actorOf(request))), `${body.version} is live`),
    ),
  );

  app.post(
    '/v1/admin/remotes/:name/rollback',
    validated({ ...ADMIN, body: emptyBody }, async ({ request, params }) =>
      ok(await write(registry.rollback(db, params.name, await actorOf(request))), 'Rolled back'),
    ),
  );

  app.put(
    '/v1/admin/remotes/:name/rollout',
    validated({ ...ADMIN, body: rolloutRequestSchema }, async ({ request, params, body }) =>
      ok(await write(registry.setRollout(db, params.name, body, await actorOf(request))), 'Rollout saved'),
    ),
  );

  app.delete(
    '/v1/admin/remotes/:name/rollout',
    validated(ADMIN, async ({ request, params }) =>
      ok(await write(registry.clearRollout(db, params.name, await actorOf(request))), 'Rollout ended'),
    ),
  );

  // Registered before /v1/deploys/:name; the router prefers the fixed path anyway.
  app.post(
    '/v1/deploys/shell',
    validated({ access: 'operator', body: shellBuildRequestSchema, response: emptyAnswerSchema }, async ({ body }) => {
      await write(registry.registerShell(db, body.version, body.provides));
      return ok({}, `Shell ${body.version} registered`);
    }),
  );

  app.post(
    '/v1/deploys/:name',
    validated(
      {
        access: 'operator',
        params: remoteNameParamsSchema,
        body: deployRequestSchema,
        response: registryRemoteSchema,
        statuses: [201, 200],
      },
      async ({ params, body, reply }) => {
        const result = await write(registry.deploy(db, config, params.name, body));
        void reply.code(result.created ? 201 : 200);
        const live = result.remote.live === body.version ? ' and live' : '';
        const message = `${params.name} ${body.version} ${result.created ? 'registered' : 'was already registered'}${live}.`;
        return ok(result.remote, result.note ? `${message} ${result.note}` : message);
      },
    ),
  );

  app.post(
    '/v1/deploys/:name/rollback',
    validated({ access: 'operator', params: remoteNameParamsSchema, response: registryRemoteSchema }, async ({ params }) =>
      ok(await write(registry.operatorRollback(db, params.name)), 'Rolled back'),
    ),
  );
};
