// npm run bench:precache — what the service worker downloads at first install: the shell's precache
// list (read back from the built sw.js), its files' sizes raw and gzip, against the 1.5 MB goal.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';

export const PRECACHE_GOAL_BYTES = 1.5 * 1024 * 1024;
const ENTRY = /\{(?:"revision":(?:"[^"]*"|null),"url":"([^"]+)"|"url":"([^"]+)","revision":(?:"[^"]*"|null))\}/g;

/** @param {string} distDir  the shell's dist; public files are looked up in ../public */
export function precacheReport(distDir) {
  const sw = readFileSync(path.join(distDir, 'sw.js'), 'utf8');
  const urls = [...sw.matchAll(ENTRY)].map((m) => m[1] ?? m[2]);
  const files = urls.map((url) => {
    const rel = decodeURIComponent(url.replace(/^\//, '').split('?')[0]);
    const file = [distDir, path.join(distDir, '../public')].map((d) => path.join(d, rel)).find((f) => existsSync(f));
    const body = file ? readFileSync(file) : Buffer.alloc(0);
    return { url, raw: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length, missing: !file };
  });
  const total = (key) => files.reduce((sum, f) => sum + f[key], 0);
  return { files, raw: total('raw'), gzip: total('gzip') };
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

export function printPrecacheReport(report, { verbose = false } = {}) {
  if (verbose) for (const f of report.files) console.log(`  ${f.url.padEnd(48)} ${kb(f.raw).padStart(10)} ${kb(f.gzip).padStart(10)} gz`);
  const missing = report.files.filter((f) => f.missing).map((f) => f.url);
  console.log(
    `[precache] ${report.files.length} files, ${kb(report.raw)} (${kb(report.gzip)} gzip) at first install; goal < ${kb(PRECACHE_GOAL_BYTES)}` +
      (report.raw > PRECACHE_GOAL_BYTES ? ' — OVER THE GOAL' : ''),
  );
  if (missing.length) console.log(`[precache] listed but not found: ${missing.join(', ')}`);
}

/**
 * What the worker then keeps of each remote version the account uses (shell/src/features/offline/remote-cache.ts):
 * the entry and its exposed modules' chunks from mf-manifest.json, without the shared fallbacks.
 */
export function remoteCacheReport(distDir) {
  const manifest = JSON.parse(readFileSync(path.join(distDir, 'mf-manifest.json'), 'utf8'));
  const names = new Set(['remoteEntry.js']);
  for (const exposed of manifest.exposes ?? [])
    for (const kind of ['js', 'css'])
      for (const when of ['sync', 'async']) for (const f of exposed.assets?.[kind]?.[when] ?? []) names.add(f);
  const bodies = [...names]
    .map((n) => path.join(distDir, n))
    .filter((f) => existsSync(f))
    .map((f) => readFileSync(f));
  return {
    files: bodies.length,
    raw: bodies.reduce((n, b) => n + b.length, 0),
    gzip: bodies.reduce((n, b) => n + zlib.gzipSync(b, { level: 9 }).length, 0),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = path.resolve(import.meta.dirname, '../..');
  const shell = precacheReport(path.join(root, 'shell/dist'));
  printPrecacheReport(shell, { verbose: true });
  console.log('\nThen, per remote version the account uses (cached after the first page, in the background):');
  let raw = shell.raw;
  let gzip = shell.gzip;
  for (const remote of ['mfe-farm', 'mfe-market', 'mfe-auth', 'mfe-legal']) {
    const dist = path.join(root, remote, 'dist');
    if (!existsSync(path.join(dist, 'mf-manifest.json'))) continue;
    const r = remoteCacheReport(dist);
    raw += r.raw;
    gzip += r.gzip;
    console.log(`  ${remote.padEnd(12)} ${String(r.files).padStart(3)} files ${kb(r.raw).padStart(10)} ${kb(r.gzip).padStart(10)} gz`);
  }
  console.log(`  shell and all four remotes: ${kb(raw)} (${kb(gzip)} gzip)`);
}
