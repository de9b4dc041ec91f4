// Builds the production bundles of the apps whose sources changed since their last build.
import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { APPS, ROOT } from './apps.mjs';

const STAMP = '.build-stamp';

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (!/\.test\.tsx?$/.test(entry.name)) yield full;
  }
}

/** A hash of everything that goes into an app's bundle (its sources, shared/, contracts/, build config, lock file). */
export async function sourceHash(app) {
  const hash = createHash('sha256');
  const inputs = [
    path.join(ROOT, app.dir, 'src'),
    path.join(ROOT, 'shared/src'),
    path.join(ROOT, 'contracts/src'),
    path.join(ROOT, 'scripts/webpack'),
  ];
  const files = [
    path.join(ROOT, app.dir, 'webpack.config.mjs'),
    path.join(ROOT, app.dir, 'package.json'),
    path.join(ROOT, 'contracts/package.json'),
    path.join(ROOT, 'package-lock.json'),
  ];
  for (const dir of inputs) if (existsSync(dir)) for await (const file of walk(dir)) files.push(file);
  for (const file of files.sort()) {
    if (!existsSync(file)) continue;
    hash.update(path.relative(ROOT, file));
    hash.update(await readFile(file));
  }
  return hash.digest('hex');
}

function run(app) {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/webpack-cli/bin/cli.js'), '--mode', 'production'], {
      cwd: path.join(ROOT, app.dir),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => {
      if (code === 0) resolve(Date.now() - started);
      else reject(new Error(`build of ${app.dir} failed:\n${output}`));
    });
  });
}

/** Builds stale apps, two at a time (this machine has two cores). */
export async function buildApps({ force = false, log = console.log } = {}) {
  const stale = [];
  for (const app of APPS) {
    const hash = await sourceHash(app);
    const stampFile = path.join(ROOT, app.dir, 'dist', STAMP);
    const previous = existsSync(stampFile) ? (await readFile(stampFile, 'utf8')).trim() : '';
    if (force || previous !== hash) stale.push({ app, hash, stampFile });
  }
  if (stale.length === 0) {
    log('front-end bundles are up to date');
    return;
  }
  const queue = [...stale];
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      log(`building ${job.app.dir}…`);
      const ms = await run(job.app);
      await writeFile(job.stampFile, `${job.hash}\n`);
      log(`built ${job.app.dir} in ${(ms / 1000).toFixed(1)} s`);
    }
  };
  await Promise.all([worker(), worker()]);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildApps({ force: process.argv.includes('--force') });
}
