// What the service worker keeps of each remote: pure helpers, shared by the worker and its tests.

export interface CachedRemote {
  name: string;
  version: string;
  entry: string;
}

export const REMOTE_CACHE_PREFIX = 'shambasoko-remote-';

/** Only stored versions (content hashes) are cached: a dev server's entry changes under the same URL. */
export const cacheableVersion = (version: string) => /^[0-9a-f]{8,64}$/.test(version);

export const remoteCacheName = (remote: Pick<CachedRemote, 'name' | 'version'>) => `${REMOTE_CACHE_PREFIX}${remote.name}-${remote.version}`;

interface AssetList {
  js?: { sync?: unknown; async?: unknown };
  css?: { sync?: unknown; async?: unknown };
}
const files = (list: unknown): string[] => (Array.isArray(list) ? list.filter((f): f is string => typeof f === 'string') : []);
const assetFiles = (assets: AssetList | undefined) =>
  [assets?.js?.sync, assets?.js?.async, assets?.css?.sync, assets?.css?.async].flatMap(files);

/**
 * The absolute URLs of a remote version: its entry and every chunk its federation manifest
 * (mf-manifest.json) lists for its exposed modules. Its shared-library fallbacks are left out: the
 * shell provides every singleton, so a remote never loads its own copies (they were 40% of the bytes).
 * A missing or odd manifest leaves just the entry; the worker also keeps chunks fetched later under
 * that version.
 */
export function remoteFiles(entry: string, manifest: unknown): string[] {
  const m = manifest as { exposes?: Array<{ assets?: AssetList }> } | null;
  const names = (Array.isArray(m?.exposes) ? m.exposes : []).flatMap((e) => assetFiles(e?.assets));
  const urls = names.filter((n) => !/^[a-z]+:|^\/|\.\./i.test(n)).map((n) => new URL(n, entry).href);
  return [...new Set([entry, ...urls])];
}

/** Caches of remote versions no longer wanted: an older version of a remote that is now cached anew. */
export function staleRemoteCaches(keys: readonly string[], current: readonly CachedRemote[]): string[] {
  const keep = new Set(current.map(remoteCacheName));
  const names = new Set(current.map((r) => r.name));
  return keys.filter((key) => {
    if (!key.startsWith(REMOTE_CACHE_PREFIX) || keep.has(key)) return false;
    const rest = key.slice(REMOTE_CACHE_PREFIX.length);
    const name = rest.slice(0, rest.lastIndexOf('-'));
    return names.has(name);
  });
}
