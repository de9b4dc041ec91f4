// The shell's service worker (shell/src/sw.ts). Workbox's InjectManifest normally compiles the worker as a
// child of the shell's compilation, where the federation plugin's hooks break it (a malformed chunk); so the
// worker is bundled first by a compilation of its own, and InjectManifest (compileSrc: false) only injects
// the shell's precache list into it and emits it as sw.js.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import TerserPlugin from 'terser-webpack-plugin';
import workbox from 'workbox-webpack-plugin';
import { SHARED_VERSIONS_FILE } from '../deploy/provided.mjs';
import { EARLY_ENTRY, HEAD_START_FILE } from '../page-hints.mjs';
import { precacheReport, printPrecacheReport } from '../bench/precache.mjs';

const rootDir = path.resolve(import.meta.dirname, '../..');
const workerDir = (name) => path.join(rootDir, '.cache/service-worker', name);

// Public files the installed app needs offline besides the build (the page links them).
const PRECACHED_PUBLIC = ['manifest.webmanifest', 'icons/icon.svg', 'icons/icon-192.png', 'icons/apple-touch-icon.png'];

/** The shell compilation's plugins: the precache list injected into the bundled worker, and its size printed. */
export function serviceWorkerPlugins({ appDir, name }) {
  const publicEntries = PRECACHED_PUBLIC.map((file) => ({
    url: `/${file}`,
    revision: createHash('sha256')
      .update(readFileSync(path.join(appDir, 'public', file)))
      .digest('hex')
      .slice(0, 16),
  }));
  return [
    new workbox.InjectManifest({
      swSrc: path.join(workerDir(name), 'sw.js'),
      swDest: 'sw.js',
      compileSrc: false,
      // The server's lists are not the app's. The early script serves first visits only, which the
      // worker does not answer (page-hints.mjs). Workbox calls a function here with { asset, compilation }.
      exclude: [
        /\.map$/,
        /LICENSE/,
        ({ asset }) => asset.name === SHARED_VERSIONS_FILE || asset.name === HEAD_START_FILE || asset.name.startsWith(`${EARLY_ENTRY}.`),
      ],
      additionalManifestEntries: publicEntries,
    }),
    {
      name: 'PrecacheReport',
      apply(compiler) {
        compiler.hooks.done.tap('PrecacheReport', (stats) => {
          if (!stats.hasErrors()) printPrecacheReport(precacheReport(compiler.options.output.path));
        });
      },
    },
  ];
}

/** The worker's own bundle, built before the shell. @param {{ appDir: string, name: string, rules: object[] }} o */
export function createServiceWorkerConfig({ appDir, name, rules }) {
  return {
    name: `${name}-sw`,
    mode: 'production',
    context: appDir,
    entry: { sw: './src/sw.ts' },
    target: 'webworker',
    devtool: false,
    output: { path: workerDir(name), filename: 'sw.js', publicPath: '/', clean: true },
    resolve: { extensions: ['.ts', '.js', '.mjs'] },
    module: { rules },
    // Workbox's own checks (assertions, logs) are for development builds only.
    optimization: { splitChunks: false, minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, extractComments: false })] },
    performance: { hints: false },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'warn' },
  };
}
