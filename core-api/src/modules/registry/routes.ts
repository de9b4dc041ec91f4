import type { FastifyPluginAsync } from 'fastify';
import type { RegistryRemote } from '@shambasoko/contracts';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  deployRequestSchema,
  emptyAnswerSchema,
  promoteRequestSchema,
  publishAnswerSchema,
  publishRequestSchema,
  registryOverviewSchema,
  registryRemoteSchema,
  remoteNameParamsSchema,
  remoteSettingsSchema,
  remotesManifestSchema,
  rolloutRequestSchema,
  shellBuildRequestSchema,
} from '@shambasoko/contracts';
import { requireUser } from '../../auth/require-user';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { ok } from '../../http/envelope';
import { validated } from '../../http/validate';
import { createManifestCache, matchesEtag } from './manifest';
import type { Actor } from './repository';
import * as registry from './service';

const emptyBody = z.object({}).strict();
const ADMIN = { role: 'Admin', params: remoteNameParamsSchema, response: registryRemoteSchema } as const;

export const registryRoutes: FastifyPluginAsync<{ db: Kysely<Database>; config: Config }> = async (app, { db, config }) => {
  const manifest = createManifestCache(db);
  app.addHook('onClose', async () => manifest.detach());
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

  // The console's drafted changes to several remotes, applied together (one transaction, one manifest change).
  app.post(
    '/v1/admin/remotes/publish',
    validated({ role: 'Admin', body: publishRequestSchema, response: publishAnswerSchema }, async ({ request, body }) => {
      const remotes = await write(registry.publish(db, body, await actorOf(request)));
      return ok({ remotes }, 'Changes published');
    }),
  );

  // Only a remote never live: one that was served may still be loaded by open pages (switch it off instead).
  app.delete(
    '/v1/admin/remotes/:name',
    validated({ role: 'Admin', params: remoteNameParamsSchema, response: emptyAnswerSchema }, async ({ request, params }) => {
      await write(registry.deleteRemote(db, params.name, await actorOf(request)));
      return ok({}, `${params.name} deleted`);
    }),
  );

  /** An Admin's change to one remote: run by the service with the caller as the audit's actor. */
  const adminChange = <S extends z.ZodType>(
    body: S,
    run: (name: string, input: z.output<S>, actor: Actor) => Promise<RegistryRemote>,
    message: (input: z.output<S>) => string,
  ) =>
    validated({ ...ADMIN, body }, async ({ request, params, body: parsed }) => {
      // The body schema always ran, so `parsed` is its output (the generic hides that from tsc).
      const input = parsed as z.output<S>;
      return ok(await write(run(params.name, input, await actorOf(request))), message(input));
    });

  app.patch(
    '/v1/admin/remotes/:name',
    adminChange(
      remoteSettingsSchema,
      (name, settings, actor) => registry.updateSettings(db, name, settings, actor),
      () => 'Remote updated',
    ),
  );
  app.post(
    '/v1/admin/remotes/:name/promote',
    adminChange(
      promoteRequestSchema,
      (name, { version }, actor) => registry.promote(db, config, name, version, actor),
      ({ version }) => `${version} is live`,
    ),
  );
  app.post(
    '/v1/admin/remotes/:name/rollback',
    adminChange(
      emptyBody,
      (name, _input, actor) => registry.rollback(db, config, name, actor),
      () => 'Rolled back',
    ),
  );
  app.put(
    '/v1/admin/remotes/:name/rollout',
    adminChange(
      rolloutRequestSchema,
      (name, rollout, actor) => registry.setRollout(db, config, name, rollout, actor),
      () => 'Rollout saved',
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
      ok(await write(registry.operatorRollback(db, config, params.name)), 'Rolled back'),
    ),
  );
};
