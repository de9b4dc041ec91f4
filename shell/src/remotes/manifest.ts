import { matchPath } from 'react-router-dom';
import type { RemoteDescriptor, RemoteMount, RemotesManifest } from '@shambasoko/shared';

/** Where the shell finds its remotes at run time; never baked into the build. */
const MANIFEST_URL = '/remotes.json';

class ManifestError extends Error {}

function isMount(value: unknown): value is RemoteMount {
  const m = value as RemoteMount;
  return typeof m?.path === 'string' && (m.layout === 'public' || m.layout === 'dashboard');
}

function isRemote(value: unknown): value is RemoteDescriptor {
  const r = value as RemoteDescriptor;
  return (
    typeof r?.name === 'string' &&
    /^[a-z][a-z0-9_]*$/i.test(r.name) &&
    typeof r.entry === 'string' &&
    r.entry.length > 0 &&
    Array.isArray(r.roles) &&
    r.roles.every((role) => typeof role === 'string') &&
    Array.isArray(r.mounts) &&
    r.mounts.every(isMount)
  );
}

/** Checks the manifest's shape; a remote entry that does not fit is dropped, not fatal. */
export function parseManifest(data: unknown): RemotesManifest {
  const list = (data as { remotes?: unknown })?.remotes;
  if (!Array.isArray(list)) throw new ManifestError('The remotes manifest has no "remotes" list.');
  return { remotes: list.filter(isRemote) };
}

export async function fetchManifest(fetcher: typeof fetch = fetch): Promise<RemotesManifest> {
  const response = await fetcher(MANIFEST_URL, { cache: 'no-cache' });
  if (!response.ok) throw new ManifestError(`Failed to load the remotes manifest: ${response.status}`);
  return parseManifest(await response.json());
}

function remoteVisibleTo(remote: RemoteDescriptor, role: string): boolean {
  return remote.roles.includes('*') || remote.roles.includes(role);
}

export type MountMatch =
  | { kind: 'remote'; remote: RemoteDescriptor; mount: RemoteMount }
  | { kind: 'hidden'; remote: RemoteDescriptor; mount: RemoteMount }
  | { kind: 'none' };

/** Finds the remote that owns a path; 'hidden' when it exists but the role may not see it. */
export function matchMount(manifest: RemotesManifest, pathname: string, role: string): MountMatch {
  for (const remote of manifest.remotes) {
    for (const mount of remote.mounts) {
      if (matchPath({ path: mount.path, end: true }, pathname)) {
        return remoteVisibleTo(remote, role) ? { kind: 'remote', remote, mount } : { kind: 'hidden', remote, mount };
      }
    }
  }
  return { kind: 'none' };
}

/** True when a path is served by a remote the role can see (used to hide menu entries). */
export function pathAvailable(manifest: RemotesManifest, pathname: string, role: string): boolean {
  return matchMount(manifest, pathname, role).kind === 'remote';
}
