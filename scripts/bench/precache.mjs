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

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dist = path.resolve(import.meta.dirname, '../../shell/dist');
  printPrecacheReport(precacheReport(dist), { verbose: true });
}
