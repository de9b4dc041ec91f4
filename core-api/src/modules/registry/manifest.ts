import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { remotesManifestSchema } from '@shambasoko/contracts';
import type { z } from 'zod';
import { type Broadcast, clusterBroadcast } from '../../cluster/broadcast';
import type { Database } from '../../db/schema';
import * as repo from './repository';

type RemotesManifest = z.infer<typeof remotesManifestSchema>;
type RemoteDescriptor = RemotesManifest['remotes'][number];

// GET /v1/remotes/manifest is hit on every page load and every 60 s by every client, so the built
// manifest is kept in process. A registry write drops it in every API process through the cluster
// broadcast. Every write also bumps registry_revision in its transaction, and a process re-reads that
// one-row counter at most every REVALIDATE_MS and rebuilds only when it moved: a safety net should a
// notification be lost.
const REVALIDATE_MS = 2_000;

interface BuiltManifest {
  manifest: RemotesManifest;
  body: string;
  etag: string;
}

async function buildManifest(db: Kysely<Database>): Promise<BuiltManifest> {
  const [remotes, rollouts] = await Promise.all([repo.listRemotes(db), repo.listRollouts(db)]);
  const versions = await repo.listVersions(
    db,
    remotes.map((r) => r.name),
  );
  const build = (remote: string, version: string | null) => {
    const v = versions.find((x) => x.remote === remote && x.version === version);
    return v && { version: v.version, entry: v.entry, mounts: v.mounts, menu: v.menu as RemoteDescriptor['menu'] };
  };
  const descriptors: RemoteDescriptor[] = remotes.flatMap((r) => {
    const live = build(r.name, r.live_version);
    if (!live) return [];
    const rollout = rollouts.find((o) => o.remote === r.name);
    const staged = rollout && build(r.name, rollout.version);
    return [
      {
        name: r.name,
        ...live,
        roles: r.roles as RemoteDescriptor['roles'],
        enabled: r.enabled,
        rollout:
          rollout && staged
            ? { ...staged, role: rollout.role as NonNullable<RemoteDescriptor['rollout']>['role'], percent: rollout.percent }
            : null,
      },
    ];
  });
  const manifest = { remotes: descriptors };
  const body = JSON.stringify(manifest);
  return { manifest, body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

export interface ManifestCache {
  get(): Promise<BuiltManifest>;
  /** Drops the cached manifest in every API process (this one wrote to the registry). */
  invalidate(): void;
  /** Stops listening to the broadcast (the app closed). */
  detach(): void;
}

export function createManifestCache(
  db: Kysely<Database>,
  now: () => number = Date.now,
  broadcast: Broadcast = clusterBroadcast,
): ManifestCache {
  let cached: { built: BuiltManifest; revision: number; checkedAt: number } | undefined;
  let pending: Promise<BuiltManifest> | undefined;
  const drop = () => {
    cached = undefined;
  };
  const unsubscribe = [broadcast.on('registry', drop), broadcast.onReset(drop)];
  const refresh = async (): Promise<BuiltManifest> => {
    const checkedAt = now();
    const revision = await repo.readRevision(db);
    if (cached && cached.revision === revision) {
      cached.checkedAt = checkedAt;
      return cached.built;
    }
    const built = await buildManifest(db);
    cached = { built, revision, checkedAt };
    return built;
  };
  return {
    get: () => {
      if (cached && now() - cached.checkedAt < REVALIDATE_MS) return Promise.resolve(cached.built);
      // One rebuild at a time, however many requests arrive while it runs.
      pending ??= refresh().finally(() => {
        pending = undefined;
      });
      return pending;
    },
    invalidate: () => broadcast.publish({ kind: 'registry' }),
    detach: () => unsubscribe.forEach((stop) => stop()),
  };
}

/** True when an If-None-Match header names this ETag (a list, weak forms and * included). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}
