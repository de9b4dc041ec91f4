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
    // The shell's stylesheet takes the classes of the frames its server writes (shell/src/styles.css).
    ...(app.dir === 'shell' ? [path.join(ROOT, 'scripts/page-frame.mjs')] : []),
  ];
  for (const dir of inputs) if (existsSync(dir)) for await (const file of walk(dir)) files.push(file);
  for (const file of files.sort()) {
    if (!existsSync(file)) continue;
    hash.update(path.relative(ROOT, file));
    hash.update(await readFile(file));
  }
  return hash.digest('hex');
}

/**
 * The builds run in two webpack processes ("lanes", one per core), each compiling its apps one after
 * the other in one MultiCompiler: webpack, the federation plugin and the loaders are loaded once per
 * lane instead of once per app. The first lane starts with the shell and the auth remote, the second
 * with the market, so the apps a first visit needs are built first (start.mjs serves each as it is done).
 */
const LANES = [
  ['shell', 'mfe-auth', 'mfe-legal'],
  ['mfe-market', 'mfe-farm'],
];

/** Splits the stale apps into the lanes, in lane order; a lane with nothing stale is dropped. */
function planLanes(staleDirs, lanes = LANES) {
  const planned = lanes.map((lane) => lane.filter((dir) => staleDirs.includes(dir)));
  const unplanned = staleDirs.filter((dir) => !lanes.flat().includes(dir));
  if (unplanned.length > 0) planned[planned.length - 1].push(...unplanned);
  return planned.filter((lane) => lane.length > 0);
}

/** One lane: a child process (this file with --lane) that reports each app as its compilations end. */
function runLane(dirs, onBuilt) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [import.meta.filename, '--lane', dirs.join(',')], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    let output = '';
    let failure = null;
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('message', (message) => {
      if (message.built) onBuilt(message.built, message.ms);
      if (message.failed) failure = message;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0 && !failure) resolve();
      else reject(new Error(`build of ${failure?.failed ?? dirs.join(', ')} failed:\n${failure?.errors ?? ''}${output}`));
    });
  });
}

/**
 * The child's side: compiles the apps' configurations in order, one compilation at a time. Each app's
 * compilers are made, and run, in the app's folder, as `webpack` run there would: the federation plugin
 * reads the app's package.json from the working directory (its build version, in remoteEntry.js).
 * The plugin is loaded from the root, so every remote's runtime entry is generated in the root's
 * node_modules/.federation whichever lane builds it (webpack-cli in a workspace uses the workspace's;
 * only that module's id differs, a few bytes).
 */
async function buildLane(dirs) {
  const { default: webpack } = await import('webpack');
  await import('./webpack/create-config.mjs');
  const compilers = [];
  /** @type {Map<string, string>} compilation name → app folder */
  const appOf = new Map();
  for (const dir of dirs) {
    const appDir = path.join(ROOT, dir);
    process.chdir(appDir);
    const { default: configure } = await import(pathToFileURL(path.join(appDir, 'webpack.config.mjs')).href);
    const configs = [await configure({ WEBPACK_BUNDLE: true, WEBPACK_BUILD: true }, { mode: 'production' })].flat();
    // An app's compilations after the earlier apps', so the lane's first app is done first.
    const earlier = [...appOf.keys()];
    for (const config of configs) {
      appOf.set(config.name, dir);
      const compiler = webpack({ ...config, dependencies: [...(config.dependencies ?? []), ...earlier] });
      compiler.hooks.beforeRun.tap('BuildLane', () => process.chdir(appDir));
      compilers.push(compiler);
    }
  }
  process.chdir(ROOT);
  // One compilation at a time: the two lanes already take the two cores.
  const multi = new webpack.MultiCompiler(compilers, { parallelism: 1 });
  for (const compiler of compilers) multi.setDependencies(compiler, compiler.options.dependencies);
  const started = Date.now();
  const left = new Map(dirs.map((dir) => [dir, compilers.filter((c) => appOf.get(c.name) === dir).length]));
  let failed = false;
  for (const compiler of compilers) {
    compiler.hooks.done.tap('BuildLane', (stats) => {
      const dir = appOf.get(compiler.name);
      if (stats.hasErrors()) {
        failed = true;
        process.send?.({ failed: dir, errors: stats.toString('errors-warnings') });
        return;
      }
      if (stats.hasWarnings()) console.log(stats.toString('errors-warnings'));
      left.set(dir, left.get(dir) - 1);
      if (left.get(dir) === 0) process.send?.({ built: dir, ms: Date.now() - started });
    });
  }
  await new Promise((resolve, reject) => {
    multi.run((error) => {
      // Closing writes webpack's filesystem cache.
      multi.close((closeError) => (error || closeError ? reject(error ?? closeError) : resolve()));
    });
  });
  if (failed) process.exitCode = 1;
}

/**
 * Builds the stale apps (two lanes, one per core; see LANES). `onBuilt(dir)` is called for each app
 * already up to date at once, and for each built one as its build ends, after its stamp is written.
 */
export async function buildApps({ force = false, log = console.log, onBuilt = () => {} } = {}) {
  const stale = new Map();
  for (const app of APPS) {
    const hash = await sourceHash(app);
    const stampFile = path.join(ROOT, app.dir, 'dist', STAMP);
    const previous = existsSync(stampFile) ? (await readFile(stampFile, 'utf8')).trim() : '';
    if (force || previous !== hash) stale.set(app.dir, { hash, stampFile });
  }
  // An app already up to date is current at once.
  for (const app of APPS) if (!stale.has(app.dir)) onBuilt(app.dir);
  if (stale.size === 0) {
    log('front-end bundles are up to date');
    return;
  }
  const lanes = planLanes([...stale.keys()]);
  for (const lane of lanes) log(`building ${lane.join(', ')}…`);
  const writes = [];
  await Promise.all(
    lanes.map((lane) =>
      runLane(lane, (dir, ms) => {
        const job = stale.get(dir);
        const write = writeFile(job.stampFile, `${job.hash}\n`).then(() => {
          log(`built ${dir} in ${(ms / 1000).toFixed(1)} s`);
          onBuilt(dir);
        });
        writes.push(write);
      }),
    ),
  );
  await Promise.all(writes);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const lane = process.argv.indexOf('--lane');
  if (lane > 0) await buildLane(process.argv[lane + 1].split(','));
  else await buildApps({ force: process.argv.includes('--force') });
}
