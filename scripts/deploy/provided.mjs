// What the shell provides to remotes: the installed version of every singleton it shares. The shell
// build writes it to dist/shared-versions.json, so the registry checks remotes against the live shell.
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const rootDir = path.resolve(import.meta.dirname, '../..');

const packageOf = (share) =>
  share
    .split('/')
    .slice(0, share.startsWith('@') ? 2 : 1)
    .join('/');

/** @param {Record<string, { version?: string, import?: false | string }>} shared the federation `shared` option */
export function providedVersions(shared) {
  const provides = {};
  for (const [name, config] of Object.entries(shared)) {
    if (config.import === false) continue;
    provides[name] = config.version ?? require(path.join(rootDir, 'node_modules', packageOf(name), 'package.json')).version;
  }
  return provides;
}

export const SHARED_VERSIONS_FILE = 'shared-versions.json';
