import { matchPath } from 'react-router-dom';
import type { RemoteBuild, RemoteDescriptor, RemoteMenuEntry, RemoteMount, RemoteRollout, RemotesManifest } from '@shambasoko/contracts';
import { rolloutBucket } from '@shambasoko/shared';

/** Where the shell finds its remotes at run time; never baked into the build. */
const MANIFEST_URL = '/remotes.json';

class ManifestError extends Error {}

function isMount(value: unknown): value is RemoteMount {
  const m = value as RemoteMount;
  return typeof m?.path === 'string' && (m.layout === 'public' || m.layout === 'dashboard');
}

function isMenuEntry(value: unknown): value is RemoteMenuEntry {
  const m = value as RemoteMenuEntry;
  return (
    typeof m?.group === 'string' &&
    typeof m.label === 'string' &&
    typeof m.to === 'string' &&
    (m.roles === undefined || (Array.isArray(m.roles) && m.roles.every((r) => typeof r === 'string')))
  );
}

const menuOf = (value: unknown): RemoteMenuEntry[] => (Array.isArray(value) ? value.filter(isMenuEntry) : []);

function isBuild(value: unknown): boolean {
  const b = value as RemoteBuild;
  return typeof b?.entry === 'string' && b.entry.length > 0 && Array.isArray(b.mounts) && b.mounts.every(isMount);
}

/** A rollout that does not fit is ignored (everyone gets the live build), not fatal. */
function parseRollout(value: unknown): RemoteRollout | null {
  const r = value as RemoteRollout | null;
  if (!r || !isBuild(r) || typeof r.role !== 'string' || typeof r.percent !== 'number') return null;
  return {
    version: String(r.version ?? r.entry),
    entry: r.entry,
    mounts: r.mounts,
    menu: menuOf(r.menu),
    role: r.role,
    percent: r.percent,
  };
}

function parseRemote(value: unknown): RemoteDescriptor | null {
  const r = value as RemoteDescriptor;
  if (
    typeof r?.name !== 'string' ||
    !/^[a-z][a-z0-9_]*$/i.test(r.name) ||
    !isBuild(r) ||
    !Array.isArray(r.roles) ||
    !r.roles.every((role) => typeof role === 'string')
  )
    return null;
  // Older manifests (a plain file) have no version, switch, menu or rollout.
  return {
    name: r.name,
    version: typeof r.version === 'string' ? r.version : r.entry,
    entry: r.entry,
    roles: r.roles,
    enabled: r.enabled !== false,
    mounts: r.mounts,
    menu: menuOf(r.menu),
    rollout: parseRollout(r.rollout),
  };
}

/** Checks the manifest's shape; a remote entry that does not fit is dropped, not fatal. */
export function parseManifest(data: unknown): RemotesManifest {
  const list = (data as { remotes?: unknown })?.remotes;
  if (!Array.isArray(list)) throw new ManifestError('The remotes manifest has no "remotes" list.');
  return { remotes: list.map(parseRemote).filter((r): r is RemoteDescriptor => r !== null) };
}

const LAST_MOUNTS_KEY = 'shambasoko.lastMounts';
type KnownMount = RemoteMount & { remote: string };

/** The data block the shell's server writes into a first visit's page (scripts/page-hints.mjs). */
const INLINE_MANIFEST_ID = 'remotes-manifest';

/**
 * The manifest that came with the page, taken once: it is as fresh as the page itself (served with
 * no-cache), and saves the first fetch. A page the service worker served has none.
 */
function takeInlineManifest(): unknown {
  const block = typeof document === 'undefined' ? null : document.getElementById(INLINE_MANIFEST_ID);
  if (!block) return undefined;
  block.remove();
  try {
    return JSON.parse(block.textContent ?? '') as unknown;
  } catch {
    return undefined;
  }
}

async function readManifest(fetcher: typeof fetch, fresh: boolean): Promise<unknown> {
  const inline = fresh ? undefined : takeInlineManifest();
  if (inline !== undefined) return inline;
  // no-cache: the browser revalidates with the ETag and the server answers 304 when nothing changed.
  // reload (a page waiting for a remote): straight to the registry, past every cache on the way.
  const response = await fetcher(MANIFEST_URL, { cache: fresh ? 'reload' : 'no-cache' });
  if (!response.ok) throw new ManifestError(`Failed to load the remotes manifest: ${response.status}`);
  return response.json();
}

const isKnownMount = (m: unknown): m is KnownMount => isMount(m) && typeof (m as KnownMount).remote === 'string';

function storedMounts(): KnownMount[] {
  try {
    const mounts = JSON.parse(localStorage.getItem(LAST_MOUNTS_KEY) ?? '[]') as unknown;
    return Array.isArray(mounts) ? mounts.filter(isKnownMount) : [];
  } catch {
    return [];
  }
}

/**
 * `fresh` skips the copy that came with the page and every HTTP cache: for a page that waits for a
 * remote to be registered (or to come back), where a revalidated copy could still be the old one.
 */
export async function fetchManifest(fetcher: typeof fetch = fetch, { fresh = false }: { fresh?: boolean } = {}): Promise<RemotesManifest> {
  const manifest = parseManifest(await readManifest(fetcher, fresh));
  const mounts: KnownMount[] = manifest.remotes.flatMap((r) => r.mounts.map((m) => ({ path: m.path, layout: m.layout, remote: r.name })));
  // A remote missing from this manifest (not registered yet, or its build gone) keeps the mounts it
  // last had, after the present ones: the shell can then tell "that section is away" from "no such page".
  const names = new Set(manifest.remotes.map((r) => r.name));
  const away = storedMounts().filter((m) => !names.has(m.remote));
  try {
    localStorage.setItem(LAST_MOUNTS_KEY, JSON.stringify([...mounts, ...away]));
  } catch {
    // Storage full or refused: the next start paints a plainer frame, nothing more.
  }
  return manifest;
}

/**
 * The mount of `pathname` in the manifests this browser has read (each remote's latest): a guess of
 * the frame to paint while the manifest loads, or of the section a missing remote served; never
 * used to load anything.
 */
export function lastKnownMount(pathname: string): KnownMount | null {
  return storedMounts().find((m) => matchPath({ path: m.path, end: true }, pathname) !== null) ?? null;
}

/** The signed-in account as far as remote choice goes. */
export interface RemoteViewer {
  userId: string | null;
  /** The roles the account holds (a staged rollout targets one of them). */
  roles: readonly string[];
  /** The role the account currently acts as (what the sidebar and routes are filtered by). */
  role: string;
}

/** A remote as this page uses it: the build chosen for the viewer, and whether the viewer sees it. */
export interface EffectiveRemote extends RemoteDescriptor {
  /** 'rollout' when the viewer falls inside the staged rollout. */
  variant: 'live' | 'rollout';
  visibility: 'visible' | 'role' | 'off';
}

/** Live build, or the rollout's when the account holds its role and its bucket is below the percentage. */
export function chooseBuild(remote: RemoteDescriptor, viewer: RemoteViewer): { variant: 'live' | 'rollout'; build: RemoteBuild } {
  const rollout = remote.rollout;
  if (rollout && viewer.userId && viewer.roles.includes(rollout.role) && rolloutBucket(viewer.userId, remote.name) < rollout.percent) {
    return { variant: 'rollout', build: { version: rollout.version, entry: rollout.entry, mounts: rollout.mounts, menu: rollout.menu } };
  }
  return { variant: 'live', build: { version: remote.version, entry: remote.entry, mounts: remote.mounts, menu: remote.menu } };
}

function visibilityOf(remote: RemoteDescriptor, role: string): EffectiveRemote['visibility'] {
  if (!remote.enabled) return 'off';
  return remote.roles.includes('*') || remote.roles.includes(role) ? 'visible' : 'role';
}

/**
 * The remotes for a viewer. `pins` holds the build each remote/variant first had on this page: a
 * loaded entry cannot be swapped under a running page, so a new version applies on the next load,
 * while switches and roles follow every manifest.
 */
export function effectiveRemotes(manifest: RemotesManifest, viewer: RemoteViewer, pins: Map<string, RemoteBuild>): EffectiveRemote[] {
  return manifest.remotes.map((remote) => {
    const { variant, build } = chooseBuild(remote, viewer);
    const key = `${remote.name}:${variant}`;
    if (!pins.has(key)) pins.set(key, build);
    const pinned = pins.get(key) ?? build;
    return { ...remote, ...pinned, variant, visibility: visibilityOf(remote, viewer.role) };
  });
}

export type MountMatch =
  | { kind: 'remote'; remote: EffectiveRemote; mount: RemoteMount }
  | { kind: 'hidden'; remote: EffectiveRemote; mount: RemoteMount }
  | { kind: 'off'; remote: EffectiveRemote; mount: RemoteMount }
  | { kind: 'none' };

/** Finds the remote that owns a path; 'hidden' when the role may not see it, 'off' when it is switched off. */
export function matchMount(remotes: readonly EffectiveRemote[], pathname: string): MountMatch {
  for (const remote of remotes) {
    for (const mount of remote.mounts) {
      if (matchPath({ path: mount.path, end: true }, pathname)) {
        const kind = remote.visibility === 'visible' ? 'remote' : remote.visibility === 'role' ? 'hidden' : 'off';
        return { kind, remote, mount };
      }
    }
  }
  return { kind: 'none' };
}

/** True when a path is served by a remote the role can see and that is switched on (used to hide menu entries). */
export function pathAvailable(manifest: RemotesManifest, pathname: string, role: string): boolean {
  const remotes = manifest.remotes.map((remote) => ({ ...remote, variant: 'live' as const, visibility: visibilityOf(remote, role) }));
  return matchMount(remotes, pathname).kind === 'remote';
}
