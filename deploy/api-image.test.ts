import fs from 'node:fs';
import path from 'node:path';

// Issue 44: the API image's production install (the Dockerfile's prod-deps stage) carries no front-end
// code. The packages `npm ci --omit=dev --workspace …` installs are read from the lock file, as npm does.
const ROOT = path.resolve(__dirname, '..');

interface LockEntry {
  link?: boolean;
  resolved?: string;
  dev?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };

/** The workspaces the prod-deps stage installs. */
function imageWorkspaces(dockerfile: string): string[] {
  const stage = /FROM manifests AS prod-deps[\s\S]*?RUN (npm ci[^\n]*(?:\\\n[^\n]*)*)/.exec(dockerfile)?.[1] ?? '';
  expect(stage).toContain('--omit=dev');
  return [...stage.matchAll(/--workspace[= ](\S+)/g)].map((m) => m[1] ?? '');
}

/** Where node's lookup from `from` (a lock key) finds `name`. */
function locate(from: string, name: string): string | undefined {
  for (let dir = from; ; dir = dir.includes('/node_modules/') ? dir.slice(0, dir.lastIndexOf('/node_modules/')) : '') {
    const key = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (lock.packages[key]) return key;
    if (!dir) return undefined;
  }
}

/** Every package name the install brings, from the given workspaces down. */
function installed(workspaces: string[]): Set<string> {
  const names = new Set<string>();
  const seen = new Set<string>();
  const queue = [...workspaces];
  while (queue.length > 0) {
    const key = queue.pop() ?? '';
    if (seen.has(key)) continue;
    seen.add(key);
    const entry = lock.packages[key];
    if (!entry) continue;
    if (entry.link && entry.resolved) {
      queue.push(entry.resolved);
      continue;
    }
    const optionalPeers = entry.peerDependenciesMeta ?? {};
    const wanted = [
      ...Object.keys(entry.dependencies ?? {}),
      ...Object.keys(entry.optionalDependencies ?? {}),
      ...Object.keys(entry.peerDependencies ?? {}).filter((name) => !optionalPeers[name]?.optional),
    ];
    for (const name of wanted) {
      const found = locate(key, name);
      if (!found) continue;
      names.add(name);
      queue.push(found);
    }
  }
  return names;
}

describe('the API image (Dockerfile, prod-deps stage)', () => {
  const workspaces = imageWorkspaces(fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8'));
  const packages = installed(workspaces);

  it('installs core-api and the zod-only contracts', () => {
    expect(workspaces).toContain('core-api');
    expect([...packages]).toEqual(expect.arrayContaining(['@shambasoko/contracts', 'zod', 'fastify', 'firebase-admin']));
  });

  it('brings no React, design system, Lingui or Firebase web SDK', () => {
    const frontEnd = [
      '@shambasoko/shared',
      'react',
      'react-dom',
      'react-router-dom',
      'zustand',
      '@tanstack/react-query',
      '@lingui/message-utils',
      'firebase',
      'idb-keyval',
    ];
    expect(frontEnd.filter((name) => packages.has(name))).toEqual([]);
  });

  it('reads the lock file as npm does: shared would bring them', () => {
    expect([...installed(['shared'])]).toEqual(expect.arrayContaining(['react', 'firebase', '@lingui/message-utils']));
  });
});
