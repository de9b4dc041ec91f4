import { type Kysely, type Transaction, sql } from 'kysely';
import type { Database } from '../../db/schema';

// All SQL of the remote registry. Writes take a transaction from the service, which holds the
// remote's row lock (lockRemote) so concurrent promotes and rollbacks cannot interleave.

type Db = Kysely<Database> | Transaction<Database>;

export interface Actor {
  id: string | null;
  name: string;
}

export interface VersionInput {
  version: string;
  entry: string;
  builtAt: Date;
  sizeBytes: number;
  requires: Record<string, string>;
  mounts: Array<{ path: string; layout: 'public' | 'dashboard'; offline?: boolean }>;
  menu: Array<{ group: string; label: string; to: string; roles?: string[] }>;
  title?: { en: string; sw: string } | null;
  description?: { en: string; sw: string } | null;
}

export const listRemotes = (db: Db) => db.selectFrom('remotes').selectAll().orderBy('name').execute();

export const findRemote = (db: Db, name: string) => db.selectFrom('remotes').selectAll().where('name', '=', name).executeTakeFirst();

/** The remote's row, locked for the rest of the transaction. */
export const lockRemote = (trx: Transaction<Database>, name: string) =>
  trx.selectFrom('remotes').selectAll().where('name', '=', name).forUpdate().executeTakeFirst();

export async function insertRemote(db: Db, name: string, roles: string[], enabled: boolean, actor: Actor | null): Promise<void> {
  await db
    .insertInto('remotes')
    .values({ name, roles: JSON.stringify(roles), enabled, updated_by: actor ? JSON.stringify(actor) : null })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

export async function updateRemote(
  db: Db,
  name: string,
  change: { enabled?: boolean; roles?: string[]; liveVersion?: string },
  actor: Actor,
): Promise<void> {
  await db
    .updateTable('remotes')
    .set({
      ...(change.enabled === undefined ? {} : { enabled: change.enabled }),
      ...(change.roles === undefined ? {} : { roles: JSON.stringify(change.roles) }),
      ...(change.liveVersion === undefined ? {} : { live_version: change.liveVersion }),
      updated_at: new Date(),
      updated_by: JSON.stringify(actor),
    })
    .where('name', '=', name)
    .execute();
}

export const listVersions = (db: Db, remotes: string[]) =>
  remotes.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('remote_versions')
        .selectAll()
        .where('remote', 'in', remotes)
        .orderBy('registered_at', 'desc')
        .orderBy('version')
        .execute();

export const findVersion = (db: Db, remote: string, version: string) =>
  db.selectFrom('remote_versions').selectAll().where('remote', '=', remote).where('version', '=', version).executeTakeFirst();

export async function insertVersion(db: Db, remote: string, v: VersionInput, actor: Actor | null): Promise<void> {
  await db
    .insertInto('remote_versions')
    .values({
      remote,
      version: v.version,
      entry: v.entry,
      built_at: v.builtAt,
      size_bytes: v.sizeBytes,
      requires: JSON.stringify(v.requires),
      mounts: JSON.stringify(v.mounts),
      menu: JSON.stringify(v.menu),
      title: v.title ? JSON.stringify(v.title) : null,
      description: v.description ? JSON.stringify(v.description) : null,
      registered_by: actor?.name ?? null,
    })
    .onConflict((oc) => oc.columns(['remote', 'version']).doNothing())
    .execute();
}

/** Newest first: [current live, the one before, …]. */
export const liveHistory = (db: Db, remote: string, limit = 2) =>
  db.selectFrom('remote_live_history').select(['id', 'version']).where('remote', '=', remote).orderBy('id', 'desc').limit(limit).execute();

/** The remotes that have had a live version, ever (a rollback keeps the remote in this list). */
export async function everLive(db: Db): Promise<Set<string>> {
  const rows = await db.selectFrom('remote_live_history').select('remote').distinct().execute();
  return new Set(rows.map((r) => r.remote));
}

/** Deletes a remote with its versions and rollout (cascade); its audit entries stay. */
export async function deleteRemote(db: Db, name: string): Promise<void> {
  await db.deleteFrom('remotes').where('name', '=', name).execute();
}

/** The version before the current live one, per remote. */
export async function previousVersions(db: Db): Promise<Map<string, string>> {
  const rows = await sql<{ remote: string; version: string }>`
    select remote, version from (
      select remote, version, row_number() over (partition by remote order by id desc) as n from remote_live_history
    ) ranked where n = 2`.execute(db);
  return new Map(rows.rows.map((r) => [r.remote, r.version]));
}

export async function pushLive(db: Db, remote: string, version: string): Promise<void> {
  await db.insertInto('remote_live_history').values({ remote, version }).execute();
}

export async function popLive(db: Db, id: number): Promise<void> {
  await db.deleteFrom('remote_live_history').where('id', '=', id).execute();
}

export const listRollouts = (db: Db) => db.selectFrom('remote_rollouts').selectAll().execute();

export const findRollout = (db: Db, remote: string) =>
  db.selectFrom('remote_rollouts').selectAll().where('remote', '=', remote).executeTakeFirst();

export async function putRollout(db: Db, remote: string, rollout: { version: string; role: string; percent: number }): Promise<void> {
  await db
    .insertInto('remote_rollouts')
    .values({ remote, ...rollout })
    .onConflict((oc) => oc.column('remote').doUpdateSet(rollout))
    .execute();
}

export async function deleteRollout(db: Db, remote: string): Promise<void> {
  await db.deleteFrom('remote_rollouts').where('remote', '=', remote).execute();
}

export const latestShellBuild = (db: Db) =>
  db.selectFrom('shell_builds').selectAll().orderBy('registered_at', 'desc').orderBy('version').limit(1).executeTakeFirst();

export async function upsertShellBuild(db: Db, version: string, provides: Record<string, string>): Promise<void> {
  const values = { provides: JSON.stringify(provides), registered_at: new Date() };
  await db
    .insertInto('shell_builds')
    .values({ version, ...values })
    .onConflict((oc) => oc.column('version').doUpdateSet(values))
    .execute();
}

export async function insertAudit(
  db: Db,
  entry: { remote: string; action: string; actor: Actor; before: unknown; after: unknown },
): Promise<void> {
  await db
    .insertInto('remote_audit')
    .values({
      remote: entry.remote,
      action: entry.action,
      actor_id: entry.actor.id,
      actor_name: entry.actor.name,
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
    })
    .execute();
}

export const listAudit = (db: Db, limit: number) => db.selectFrom('remote_audit').selectAll().orderBy('id', 'desc').limit(limit).execute();

export async function bumpRevision(db: Db): Promise<void> {
  await db
    .updateTable('registry_revision')
    .set((eb) => ({ revision: eb('revision', '+', 1) }))
    .where('id', '=', 1)
    .execute();
}

export async function readRevision(db: Db): Promise<number> {
  const row = await db.selectFrom('registry_revision').select('revision').where('id', '=', 1).executeTakeFirst();
  return row?.revision ?? 0;
}

export async function countRemotes(db: Db): Promise<number> {
  const row = await db
    .selectFrom('remotes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function userName(db: Db, userId: string): Promise<string> {
  const row = await db.selectFrom('users').select(['full_name', 'email']).where('id', '=', userId).executeTakeFirst();
  return row?.full_name?.trim() || row?.email || userId;
}
