// The deploy store: every build of a remote kept under <DATA_DIR>/deploys/<remote>/<version>/, where
// the version is a hash of the build's files. Versions are never overwritten or deleted, so a page
// that loaded an older entry keeps finding its chunks after a deploy.
import { createHash } from 'node:crypto';
import { cp, mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

async function listFiles(dir, prefix = '') {
  const out = [];
  for (const entry of await readdir(path.join(dir, prefix), { withFileTypes: true })) {
    const relative = path.posix.join(prefix, entry.name);
    if (entry.isDirectory()) out.push(...(await listFiles(dir, relative)));
    else if (entry.isFile()) out.push(relative);
  }
  return out.sort();
}

/** Hash of every file's path and bytes: the same build gives the same version. */
export async function contentVersion(dir) {
  const hash = createHash('sha256');
  let sizeBytes = 0;
  for (const file of await listFiles(dir)) {
    const bytes = await readFile(path.join(dir, file));
    sizeBytes += bytes.length;
    hash.update(file).update('\0').update(bytes).update('\0');
  }
  return { version: hash.digest('hex').slice(0, 16), sizeBytes };
}

export const storeDir = (dataDir) => path.join(dataDir, 'deploys');
export const versionDir = (dataDir, remote, version) => path.join(storeDir(dataDir), remote, version);

/** Copies a build into the store unless that version is there already; returns whether it copied. */
export async function storeVersion(dataDir, remote, version, fromDir) {
  const target = versionDir(dataDir, remote, version);
  try {
    if ((await stat(target)).isDirectory()) return false;
  } catch {
    // new version
  }
  // Copy beside it and rename: a half-copied version is never served.
  const partial = `${target}.partial-${process.pid}`;
  await mkdir(path.dirname(target), { recursive: true });
  await rm(partial, { recursive: true, force: true });
  await cp(fromDir, partial, { recursive: true });
  await rename(partial, target);
  return true;
}

/**
 * The shared singletons' version ranges a build requires, from its mf-manifest.json (e.g.
 * { react: "^19.1.0" }); shares without a range (requiredVersion false) are left out.
 */
export function requiresFromManifest(mfManifest) {
  const requires = {};
  for (const share of mfManifest?.shared ?? []) {
    const range = share.requiredVersion;
    if (share.singleton !== false && typeof share.name === 'string' && typeof range === 'string' && range && range !== '*')
      requires[share.name] = range;
  }
  return requires;
}

/**
 * Cache policy of a file in a stored version: every file, the entry included, is kept for a year. The
 * version is a hash of all the build's files and is in the path, so what a URL answers never changes;
 * a deploy or a rollback changes which version the manifest names, never a version's files. (Entries
 * used to be re-checked on every load: one round trip on every page's critical path for nothing.)
 */
export function versionCacheControl() {
  return 'public, max-age=31536000, immutable';
}
