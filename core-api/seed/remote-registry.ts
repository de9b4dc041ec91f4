import fs from 'node:fs';
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema';
import { bumpRevision, countRemotes, insertRemote, insertVersion, pushLive } from '../src/modules/registry/repository';

interface SeedRemote {
  name: string;
  entry: string;
  roles?: string[];
  enabled?: boolean;
  mounts?: Array<{ path: string; layout: 'public' | 'dashboard' }>;
  menu?: Array<{ group: string; label: string; to: string; roles?: string[] }>;
  title?: { en: string; sw: string };
  description?: { en: string; sw: string };
}

/**
 * An empty registry starts from the shell's remotes.json: each remote with its roles and a live
 * version "seed". Does nothing once the registry holds any remote, so it is safe at every start.
 */
export async function seedRemoteRegistry(db: Kysely<Database>, file: string): Promise<number> {
  if ((await countRemotes(db)) > 0) return 0;
  let remotes: SeedRemote[];
  try {
    remotes = (JSON.parse(fs.readFileSync(file, 'utf8')) as { remotes: SeedRemote[] }).remotes;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  await db.transaction().execute(async (trx) => {
    // Another process may have seeded between the count and here: the lock makes this one wait.
    await trx.selectFrom('registry_revision').select('id').forUpdate().execute();
    if ((await countRemotes(trx)) > 0) return;
    for (const r of remotes) {
      await insertRemote(trx, r.name, r.roles ?? ['*'], r.enabled ?? true, null);
      const version = {
        version: 'seed',
        entry: r.entry,
        builtAt: new Date(),
        sizeBytes: 0,
        requires: {},
        mounts: r.mounts ?? [],
        menu: r.menu ?? [],
        title: r.title ?? null,
        description: r.description ?? null,
      };
      await insertVersion(trx, r.name, version, null);
      await pushLive(trx, r.name, 'seed');
      await trx.updateTable('remotes').set({ live_version: 'seed' }).where('name', '=', r.name).execute();
    }
    await bumpRevision(trx);
  });
  return remotes.length;
}
