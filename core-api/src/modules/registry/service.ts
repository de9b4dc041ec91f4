import type { Kysely, Transaction } from 'kysely';
import type {
  PublishRequest,
  RegistryOverview,
  RegistryRemote,
  RemoteSettings,
  RemoteVersion,
  RolloutRequest,
  deployRequestSchema,
} from '@shambasoko/contracts';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { ApiError } from '../../http/envelope';
import { entryOriginProblem, mountsCollide, unmetRequirements } from './compatibility';
import * as repo from './repository';
import type { Actor } from './repository';

type Db = Kysely<Database>;
type RemoteRow = NonNullable<Awaited<ReturnType<typeof repo.findRemote>>>;
type VersionRow = NonNullable<Awaited<ReturnType<typeof repo.findVersion>>>;

const OPERATOR: Actor = { id: null, name: 'operator' };

/** The placeholder live version a fresh registry starts from (seed/remote-registry.ts): no build to go back to. */
const SEED_VERSION = 'seed';

export async function userActor(db: Db, userId: string): Promise<Actor> {
  return { id: userId, name: await repo.userName(db, userId) };
}

const iso = (date: Date | string) => new Date(date).toISOString();

function parseActor(text: string | null): Actor | null {
  if (text === null) return null;
  try {
    return JSON.parse(text) as Actor;
  } catch {
    return { id: null, name: text };
  }
}

function versionOut(v: VersionRow) {
  return {
    version: v.version,
    entry: v.entry,
    mounts: v.mounts,
    menu: v.menu as RemoteVersion['menu'],
    title: v.title ?? null,
    description: v.description ?? null,
    builtAt: iso(v.built_at),
    sizeBytes: Number(v.size_bytes),
    requires: v.requires,
    registeredAt: iso(v.registered_at),
  };
}

/** The console's view of some remotes (all when `names` is absent). */
async function describeRemotes(db: Db | Transaction<Database>, names?: string[]): Promise<RegistryRemote[]> {
  const rows = (await repo.listRemotes(db)).filter((r) => !names || names.includes(r.name));
  const [versions, previous, rollouts, everLive] = await Promise.all([
    repo.listVersions(
      db,
      rows.map((r) => r.name),
    ),
    repo.previousVersions(db),
    repo.listRollouts(db),
    repo.everLive(db),
  ]);
  return rows.map((r) => {
    const rollout = rollouts.find((o) => o.remote === r.name);
    const own = versions.filter((v) => v.remote === r.name).map(versionOut);
    // The live version's words, else the newest version's that has them.
    const named = [own.find((v) => v.version === r.live_version), ...own].find((v) => v?.title);
    const before = previous.get(r.name) ?? null;
    return {
      name: r.name,
      title: named?.title ?? null,
      description: named?.description ?? null,
      enabled: r.enabled,
      roles: r.roles as RegistryRemote['roles'],
      live: r.live_version,
      previous: before === SEED_VERSION ? null : before,
      everLive: everLive.has(r.name),
      rollout: rollout ? { version: rollout.version, role: rollout.role as RolloutRequest['role'], percent: rollout.percent } : null,
      versions: own,
      updatedAt: iso(r.updated_at),
      updatedBy: parseActor(r.updated_by),
    };
  });
}

async function describeRemote(db: Db | Transaction<Database>, name: string): Promise<RegistryRemote> {
  const [remote] = await describeRemotes(db, [name]);
  if (!remote) throw new ApiError(404, `There is no remote called ${name}.`);
  return remote;
}

export async function registryOverview(db: Db): Promise<RegistryOverview> {
  const [remotes, audit] = await Promise.all([describeRemotes(db), repo.listAudit(db, 100)]);
  return {
    remotes,
    audit: audit.map((a) => ({
      id: String(a.id),
      remote: a.remote,
      action: a.action,
      actor: { id: a.actor_id, name: a.actor_name },
      at: iso(a.at),
      before: a.before,
      after: a.after,
    })),
  };
}

/**
 * One registry change: locks the remote, runs `change` (which returns the audit's before/after, or
 * null when nothing changed), writes the audit entry and bumps the revision, all in one transaction.
 */
async function change(
  db: Db,
  name: string,
  action: string,
  actor: Actor,
  apply: (trx: Transaction<Database>, remote: RemoteRow) => Promise<{ before: unknown; after: unknown } | null>,
): Promise<RegistryRemote> {
  return db.transaction().execute(async (trx) => {
    const remote = await repo.lockRemote(trx, name);
    if (!remote) throw new ApiError(404, `There is no remote called ${name}.`);
    const audit = await apply(trx, remote);
    if (audit) {
      await repo.insertAudit(trx, { remote: name, action, actor, ...audit });
      await repo.bumpRevision(trx);
    }
    return describeRemote(trx, name);
  });
}

const settingsAction = (settings: RemoteSettings) =>
  settings.roles === undefined ? 'enabled' : settings.enabled === undefined ? 'roles' : 'settings';

/** Applies a remote's roles / kill switch inside the caller's transaction: the audit's before/after, or null when nothing changed. */
async function applySettings(trx: Transaction<Database>, remote: RemoteRow, settings: RemoteSettings, actor: Actor) {
  const before = { enabled: remote.enabled, roles: remote.roles };
  const after = { enabled: settings.enabled ?? remote.enabled, roles: settings.roles ?? remote.roles };
  if (JSON.stringify(before) === JSON.stringify(after)) return null;
  await repo.updateRemote(trx, remote.name, settings, actor);
  return { before, after };
}

export function updateSettings(db: Db, name: string, settings: RemoteSettings, actor: Actor): Promise<RegistryRemote> {
  return change(db, name, settingsAction(settings), actor, (trx, remote) => applySettings(trx, remote, settings, actor));
}

/**
 * The console's drafted changes, published together: every remote is locked (in name order, so two
 * publishes cannot deadlock), changed and audited in one transaction, so no viewer ever gets a manifest
 * with only part of them. An unknown remote refuses the whole publish.
 */
export function publish(db: Db, request: PublishRequest, actor: Actor): Promise<RegistryRemote[]> {
  const changes = [...request.changes].sort((a, b) => a.name.localeCompare(b.name));
  return db.transaction().execute(async (trx) => {
    let changed = false;
    for (const { name, ...settings } of changes) {
      const remote = await repo.lockRemote(trx, name);
      if (!remote) throw new ApiError(404, `There is no remote called ${name}.`);
      const audit = await applySettings(trx, remote, settings, actor);
      if (!audit) continue;
      await repo.insertAudit(trx, { remote: name, action: settingsAction(settings), actor, ...audit });
      changed = true;
    }
    if (changed) await repo.bumpRevision(trx);
    return describeRemotes(
      trx,
      changes.map((c) => c.name),
    );
  });
}

/**
 * Deletes a remote that was never live (a deploy registered without going live, or one a product owner
 * never promoted): its versions go with it, its audit stays. One that was ever live stays, since pages
 * opened earlier may still load it: switch it off instead.
 */
export async function deleteRemote(db: Db, name: string, actor: Actor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const remote = await repo.lockRemote(trx, name);
    if (!remote) throw new ApiError(404, `There is no remote called ${name}.`);
    if (remote.live_version !== null || (await repo.everLive(trx)).has(name))
      throw new ApiError(409, `${name} has been live, so it cannot be deleted; switch it off instead.`);
    const versions = (await repo.listVersions(trx, [name])).map((v) => v.version);
    await repo.deleteRemote(trx, name);
    await repo.insertAudit(trx, { remote: name, action: 'delete', actor, before: { versions }, after: null });
    await repo.bumpRevision(trx);
  });
}

type Candidate = Pick<DeployInput, 'entry' | 'requires' | 'mounts'>;

/**
 * The checks a version must pass to be served, whether it arrives by deploy, promote, rollout or
 * rollback: its entry origin is allowed (by today's settings), the live shell provides the shared
 * versions it needs, and none of its mounts is another remote's. Throws the refusal, with the reason.
 */
async function refuseUnfit(
  trx: Transaction<Database>,
  config: Config,
  name: string,
  candidate: Candidate,
): Promise<{ note: string | null }> {
  const originProblem = entryOriginProblem(candidate.entry, config.remoteOrigins, config.nodeEnv === 'production');
  if (originProblem) throw new ApiError(422, `Refused: ${originProblem}.`);
  const shell = await repo.latestShellBuild(trx);
  const unmet = shell ? unmetRequirements(name, candidate.requires, shell.provides) : [];
  if (unmet.length > 0) throw new ApiError(409, `Refused: ${unmet.join('; ')}.`);
  const collisions = await mountCollisions(trx, name, candidate.mounts);
  if (collisions.length > 0) throw new ApiError(409, `Refused: ${collisions.join('; ')}.`);
  return { note: shell ? null : 'No shell build is registered, so shared versions were not checked.' };
}

/** A recorded version that is fit to serve now (refuseUnfit), or 404. */
async function fitVersion(trx: Transaction<Database>, config: Config, name: string, version: string): Promise<void> {
  const row = await repo.findVersion(trx, name, version);
  if (!row) throw new ApiError(404, `${name} has no recorded version ${version}.`);
  await refuseUnfit(trx, config, name, row);
}

/** Makes a recorded version live (pushing the history a rollback walks back); a rollout of it ends. */
async function makeLive(trx: Transaction<Database>, remote: RemoteRow, version: string, actor: Actor) {
  if (remote.live_version === version) return null;
  await repo.pushLive(trx, remote.name, version);
  await repo.updateRemote(trx, remote.name, { liveVersion: version }, actor);
  const rollout = await repo.findRollout(trx, remote.name);
  if (rollout?.version === version) await repo.deleteRollout(trx, remote.name);
  return { before: { live: remote.live_version }, after: { live: version } };
}

export function promote(db: Db, config: Config, name: string, version: string, actor: Actor): Promise<RegistryRemote> {
  return change(db, name, 'promote', actor, async (trx, remote) => {
    // Already live: nothing changes, so nothing to check.
    if (remote.live_version === version) return null;
    if (version === SEED_VERSION) throw new ApiError(409, 'The seed version is a placeholder, not a build: it cannot go live again.');
    await fitVersion(trx, config, name, version);
    return makeLive(trx, remote, version, actor);
  });
}

export function rollback(db: Db, config: Config, name: string, actor: Actor): Promise<RegistryRemote> {
  return change(db, name, 'rollback', actor, async (trx, remote) => {
    const [current, previous] = await repo.liveHistory(trx, name);
    if (!current || !previous || previous.version === SEED_VERSION)
      throw new ApiError(409, `${name} has no earlier live version to roll back to.`);
    await fitVersion(trx, config, name, previous.version);
    await repo.popLive(trx, current.id);
    await repo.updateRemote(trx, name, { liveVersion: previous.version }, actor);
    return { before: { live: remote.live_version }, after: { live: previous.version } };
  });
}

export function setRollout(db: Db, config: Config, name: string, rollout: RolloutRequest, actor: Actor): Promise<RegistryRemote> {
  return change(db, name, 'rollout', actor, async (trx, remote) => {
    if (rollout.version === SEED_VERSION)
      throw new ApiError(409, 'The seed version is a placeholder, not a build: it cannot go live again.');
    if (!(await repo.findVersion(trx, name, rollout.version)))
      throw new ApiError(404, `${name} has no recorded version ${rollout.version}.`);
    if (remote.live_version === rollout.version) throw new ApiError(409, `${rollout.version} is already live for everyone.`);
    await fitVersion(trx, config, name, rollout.version);
    const before = (await repo.findRollout(trx, name)) ?? null;
    await repo.putRollout(trx, name, rollout);
    return { before: before && { version: before.version, role: before.role, percent: before.percent }, after: rollout };
  });
}

export function clearRollout(db: Db, name: string, actor: Actor): Promise<RegistryRemote> {
  return change(db, name, 'rollout', actor, async (trx) => {
    const before = await repo.findRollout(trx, name);
    if (!before) return null;
    await repo.deleteRollout(trx, name);
    return { before: { version: before.version, role: before.role, percent: before.percent }, after: null };
  });
}

export async function registerShell(db: Db, version: string, provides: Record<string, string>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await repo.upsertShellBuild(trx, version, provides);
    await repo.insertAudit(trx, { remote: 'shell', action: 'shell', actor: OPERATOR, before: null, after: { version, provides } });
  });
}

type DeployInput = z.output<typeof deployRequestSchema>;

export interface DeployResult {
  remote: RegistryRemote;
  /** False when this exact version was already recorded (and live, when asked). */
  created: boolean;
  /** Set when the shared-version check was skipped. */
  note: string | null;
}

/**
 * Registers a build and (by default) makes it live, after the checks a deploy must pass; any refusal
 * leaves the registry as it was. A remote the registry has never seen is created switched off and
 * for no role: nobody sees it until a product owner decides who should.
 */
export async function deploy(db: Db, config: Config, name: string, input: DeployInput): Promise<DeployResult> {
  // Checked before anything else too, so a foreign entry is refused as such whatever else it claims.
  const originProblem = entryOriginProblem(input.entry, config.remoteOrigins, config.nodeEnv === 'production');
  if (originProblem) throw new ApiError(422, `Refused: ${originProblem}.`);
  return db.transaction().execute(async (trx) => {
    await repo.insertRemote(trx, name, [], false, OPERATOR);
    const remote = (await repo.lockRemote(trx, name))!;
    const existing = await repo.findVersion(trx, name, input.version);
    if (existing && existing.entry !== input.entry)
      throw new ApiError(
        409,
        `Refused: ${name} ${input.version} is already recorded with entry ${existing.entry}; versions are immutable.`,
      );

    const { note } = await refuseUnfit(trx, config, name, input);

    let created = false;
    if (!existing) {
      await repo.insertVersion(trx, name, { ...input, builtAt: new Date(input.builtAt) }, OPERATOR);
      await repo.insertAudit(trx, {
        remote: name,
        action: 'deploy',
        actor: OPERATOR,
        before: null,
        after: { version: input.version, entry: input.entry },
      });
      created = true;
    }
    if (input.makeLive) {
      const live = await makeLive(trx, remote, input.version, OPERATOR);
      if (live) await repo.insertAudit(trx, { remote: name, action: 'promote', actor: OPERATOR, ...live });
      created ||= live !== null;
    }
    if (created) await repo.bumpRevision(trx);
    return { remote: await describeRemote(trx, name), created, note };
  });
}

/** "mount /cart is already served by shop", for each of `mounts` another remote's live version claims. */
async function mountCollisions(trx: Transaction<Database>, name: string, mounts: DeployInput['mounts']): Promise<string[]> {
  const others = (await repo.listRemotes(trx)).filter((r) => r.name !== name && r.live_version !== null);
  const problems: string[] = [];
  for (const other of others) {
    const live = await repo.findVersion(trx, other.name, other.live_version!);
    for (const mount of mounts) {
      const taken = live?.mounts.find((m) => mountsCollide(m.path, mount.path));
      if (taken)
        problems.push(
          taken.path === mount.path
            ? `mount ${mount.path} is already served by ${other.name}`
            : `mount ${mount.path} overlaps ${taken.path}, served by ${other.name}`,
        );
    }
  }
  return problems;
}

export function operatorRollback(db: Db, config: Config, name: string): Promise<RegistryRemote> {
  return rollback(db, config, name, OPERATOR);
}
