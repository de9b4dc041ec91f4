// npm run bench:rspack — the issue-43 trial of Rspack: each remote's production build made by webpack (as
// `npm run build` makes it) and by Rspack from the same config (scripts/webpack/create-config.mjs, its
// plugins and loaders swapped for Rspack's own: scripts/webpack/rspack.mjs), both cold (no cache) in this process, one
// after the other. Prints each build's time and the gzip bytes of what a page loads from the remote: its
// entry (remoteEntry.js), its exposed routes' chunk, and all its scripts. Options: --apps=mfe-legal,…
// (default: the four remotes), --out=<folder> (default: a temporary one, removed; kept when given, with
// `<app>/webpack` and `<app>/rspack` inside, to serve or compare). --dist builds the remotes with Rspack
// into their own dist/ folders instead (their standalone hosts too) and stamps them up to date, so
// `npm start` and the browser tests serve Rspack's builds with webpack's shell; `npm run build -- --force`
// puts webpack's back.
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import webpack from 'webpack';
import { ROOT } from '../apps.mjs';
import { sourceHash } from '../build.mjs';
import { rspack, toRspack } from '../webpack/rspack.mjs';

const APPS = (process.argv.find((a) => a.startsWith('--apps='))?.slice('--apps='.length) ?? 'mfe-legal,mfe-auth,mfe-market,mfe-farm').split(
  ',',
);
const OUT = process.argv.find((a) => a.startsWith('--out='))?.slice('--out='.length);

const run = (compiler) =>
  new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error) reject(error);
      else if (stats.hasErrors()) reject(new Error(stats.toString({ all: false, errors: true })));
      else resolve(stats);
    }),
  );

const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

/** remoteEntry.js, the exposed routes' chunk(s) and every script of the build, gzip. */
function measureDist(dir) {
  const files = readdirSync(dir).filter((f) => f.endsWith('.js') && statSync(path.join(dir, f)).isFile());
  const entry = gz(path.join(dir, 'remoteEntry.js'));
  const routes = files.filter((f) => f.startsWith('__federation_expose_')).reduce((sum, f) => sum + gz(path.join(dir, f)), 0);
  const all = files.reduce((sum, f) => sum + gz(path.join(dir, f)), 0);
  return { entry, routes, all, files: files.length };
}

if (process.argv.includes('--dist')) {
  for (const app of APPS) {
    const { default: configOf } = await import(pathToFileURL(path.join(ROOT, app, 'webpack.config.mjs')).href);
    process.chdir(path.join(ROOT, app));
    const started = performance.now();
    // The remote, then its standalone host (which keeps the remote's files: clean is off in it).
    for (const config of [configOf({}, { mode: 'production' })].flat()) await run(rspack(toRspack({ ...config, cache: false })));
    writeFileSync(path.join(ROOT, app, 'dist', '.build-stamp'), `${await sourceHash({ dir: app })}\n`);
    console.log(`  ${app}: built by Rspack into dist/ in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  process.exit(0);
}

const out = OUT ? path.resolve(OUT) : mkdtempSync(path.join(os.tmpdir(), 'shambasoko-rspack-'));
const rows = [];
try {
  for (const app of APPS) {
    const { default: configOf } = await import(pathToFileURL(path.join(ROOT, app, 'webpack.config.mjs')).href);
    for (const bundler of ['webpack', 'rspack']) {
      const configs = [configOf({}, { mode: 'production' })].flat().map((config) => ({
        ...config,
        cache: false,
        output: { ...config.output, path: path.join(out, app, bundler) },
      }));
      // The remote only (a standalone host's second compilation is left out of the comparison).
      const remote = configs[0];
      const started = performance.now();
      await run(bundler === 'webpack' ? webpack(remote) : rspack(toRspack(remote)));
      const ms = performance.now() - started;
      rows.push({ app, bundler, ms, ...measureDist(path.join(out, app, bundler)) });
      console.log(`  ${app} ${bundler}: ${(ms / 1000).toFixed(1)} s`);
    }
  }
} finally {
  if (!OUT) rmSync(out, { recursive: true, force: true });
}

console.log('\n| app | bundler | build (cold) | remoteEntry.js | exposed routes | all scripts (files) |');
console.log('|---|---|---|---|---|---|');
for (const r of rows)
  console.log(`| ${r.app} | ${r.bundler} | ${(r.ms / 1000).toFixed(1)} s | ${kb(r.entry)} | ${kb(r.routes)} | ${kb(r.all)} (${r.files}) |`);
console.log(
  `\ngzip level 9, kB = 1,000 bytes; load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}${OUT ? `; builds kept in ${out}` : ''}`,
);
