// npm run bench:lighthouse — Lighthouse (mobile preset) on /, /market and /dashboard (signed in as
// the demo farmer) against the stack started as `npm start` starts it, in Debian's Chromium.
// Each page twice: a first visit (HTTP cache, Cache Storage and service worker cleared, the session
// kept) and a repeat visit right after it, served by the service worker's precache and the HTTP cache.
import { execSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { DEMO, ROOT } from '../apps.mjs';
import { explainLcp } from './lantern-why.mjs';

// `--pages=/market,/dashboard` measures some of them only.
const PAGES = process.argv
  .find((a) => a.startsWith('--pages='))
  ?.slice('--pages='.length)
  .split(',') ?? ['/', '/market', '/dashboard'];
// Lighthouse's simulated throttling multiplies observed CPU time, so one run on a shared machine is
// noisy: `--runs=3` reports the run with the median performance score per page.
// `--visits=first` leaves out the repeat visits.
const VISITS = process.argv
  .find((a) => a.startsWith('--visits='))
  ?.slice('--visits='.length)
  .split(',') ?? ['first', 'repeat'];
// `--why` writes, beside each median report, the simulated chain that sets its LCP (lantern-why.mjs);
// with WHY_TRACE=1 also the median run's trace (the temp folder's lighthouse-<page>-<visit>-trace.json),
// for reading its main thread task by task.
const WHY = process.argv.includes('--why');
// `--keep-runs=<folder>` writes every run's trace and network log there (<page>-<visit>-<run>.json, ~7 MB
// each): what lantern-what-if.mjs re-simulates with a request made smaller, dropped or of another priority.
const KEEP_RUNS = process.argv.find((a) => a.startsWith('--keep-runs='))?.slice('--keep-runs='.length);
// `--throttling=devtools`: the page loaded through Chromium's own throttling (the preset's 150 ms round trip
// ×3.75 per request, 1.6 Mbit/s ×0.9, 4× CPU) and the metrics observed, instead of Lantern simulating a
// fast local load again. Slower and noisier, but it sees what a phone sees: a paint before the page's
// scripts have arrived, which Lantern's simulation waits for whenever those scripts were in by the time
// of the (fast) observed paint.
const THROTTLING = process.argv.find((a) => a.startsWith('--throttling='))?.slice('--throttling='.length) ?? 'simulate';
if (THROTTLING !== 'simulate' && THROTTLING !== 'devtools') throw new Error('--throttling= takes simulate or devtools');
const RUNS = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice('--runs='.length) ?? 1);
const BASE = 'http://localhost:3000';
const DEBUG_PORT = 9333;

/** A page and visit in file names: `landing-first`, `market-repeat`, `orders-123-first`. */
const runName = (page, visit) => `${page === '/' ? 'landing' : page.slice(1).replaceAll('/', '-')}-${visit}`;

/** What Lantern simulates a run from (lantern-what-if.mjs reads it back). */
function keepRun(folder, name, result) {
  const { Trace, DevtoolsLog, GatherContext, URL: url } = result.artifacts;
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    path.join(folder, `${name}.json`),
    JSON.stringify({ artifacts: { Trace, DevtoolsLog, GatherContext, URL: url }, settings: result.lhr.configSettings }),
  );
}

async function startStack(dataDir) {
  // Every remote served before the first visit (npm start alone serves the first ones while the rest build).
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs'), '--wait-for-all'], {
    cwd: ROOT,
    // Every visit refreshes the session (and so does each cache clearing's visit): seven runs of two
    // pages pass the 10 refreshes a minute one sign-in may make, and a 429 then slows a run down.
    env: { ...process.env, DATA_DIR: dataDir, AUTH_RATE_LIMIT_PER_SESSION: '1000' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => String(d).includes('ShambaSoko is ready') && resolve());
    child.on('exit', () => reject(new Error('the stack exited before it was ready')));
  });
  return () =>
    new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGINT');
    });
}

/**
 * A first visit: nothing cached for the site and no farm data saved on the device (the offline
 * support's IndexedDB and its mark), but the signed-in session (its storage key, the cookie) kept.
 * Left in place, the data a run saved would make the next run's dashboard paint from the device.
 */
async function forgetCaches(browser) {
  const context = browser.contexts()[0];
  const page = await context.newPage();
  await page.goto(`${BASE}/legal/privacy-policy`);
  await page.evaluate(() => localStorage.removeItem('shambasoko.offline.saved'));
  // Off the site first: a page still open (or its service worker) goes on fetching chunks, and those
  // would land in the HTTP cache just cleared (some "first" visits then read the shell from disk).
  await page.goto('about:blank');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Storage.clearDataForOrigin', { origin: BASE, storageTypes: 'cache_storage,service_workers,indexeddb' });
  await cdp.send('Network.clearBrowserCache');
  // A write to the disk cache still under way when it was cleared can land after: clear once more.
  await new Promise((resolve) => setTimeout(resolve, 500));
  await cdp.send('Network.clearBrowserCache');
  await page.close();
}

/** The demo farmer signs in through the form, so the browser holds the real session (refresh cookie). */
async function signInDemo(browser) {
  const context = browser.contexts()[0];
  const page = await context.newPage();
  await page.goto(`${BASE}/auth/sign-in`);
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel(/^Password/).fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(/\/dashboard/, { timeout: 60_000 });
  await page.close();
}

const lighthouseRun = (url) =>
  lighthouse(url, {
    port: DEBUG_PORT,
    output: 'json',
    logLevel: 'error',
    // Storage is kept (the session); first visits clear the caches themselves (forgetCaches).
    disableStorageReset: true,
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    throttlingMethod: THROTTLING,
  });

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-'));
const stop = await startStack(dataDir);
const executablePath = process.env.CHROME_PATH || execSync('command -v chromium', { shell: '/bin/bash' }).toString().trim();
const profile = mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-profile-'));
const chrome = spawn(
  executablePath,
  [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    `--user-data-dir=${profile}`,
    `--remote-debugging-port=${DEBUG_PORT}`,
    'about:blank',
  ],
  { stdio: 'ignore' },
);
const rows = [];
try {
  let browser;
  // Chromium can take well over 10 s to open its debugging port on a busy machine.
  for (let i = 0; i < 300 && !browser; i += 1) {
    browser = await chromium
      .connectOverCDP(`http://127.0.0.1:${DEBUG_PORT}`)
      .catch(() => new Promise((r) => setTimeout(() => r(undefined), 200)));
  }
  if (!browser) throw new Error(`Chromium did not open its debugging port ${DEBUG_PORT}`);
  await signInDemo(browser);
  for (const page of PAGES)
    for (const visit of VISITS) {
      const runs = [];
      for (let run = 0; run < RUNS; run += 1) {
        if (visit === 'first') await forgetCaches(browser);
        else await lighthouseRun(`${BASE}${page}`); // the visit this one repeats
        const result = await lighthouseRun(`${BASE}${page}`);
        if (KEEP_RUNS !== undefined) keepRun(KEEP_RUNS, `${runName(page, visit)}-${run + 1}`, result);
        const c = result.lhr.categories;
        const a = result.lhr.audits;
        // A first visit downloads every script: one read from a cache (0 bytes over the network) is no first visit.
        const cached = (a['network-requests']?.details?.items ?? [])
          .filter((r) => visit === 'first' && r.resourceType === 'Script' && r.transferSize === 0)
          .map((r) => new URL(r.url).pathname);
        if (cached.length > 0) console.warn(`  ${page} ${visit}, run ${run + 1}: from a cache: ${cached.join(', ')}`);
        runs.push({
          cached: cached.length,
          lhr: result.lhr,
          why: WHY ? await explainLcp(result.artifacts, result.lhr.configSettings) : undefined,
          trace: process.env.WHY_TRACE ? result.artifacts.Trace : undefined,
          row: {
            page,
            visit,
            performance: Math.round(c.performance.score * 100),
            accessibility: Math.round(c.accessibility.score * 100),
            bestPractices: Math.round(c['best-practices'].score * 100),
            fcp: a['first-contentful-paint'].displayValue,
            lcp: a['largest-contentful-paint'].displayValue,
            tbt: a['total-blocking-time'].displayValue,
            cls: a['cumulative-layout-shift'].displayValue,
          },
        });
      }
      runs.sort((x, y) => x.row.performance - y.row.performance);
      const median = runs[Math.floor(runs.length / 2)];
      rows.push({
        ...median.row,
        all: runs.map((r) => r.row.performance).join('/'),
        lcps: runs
          .map((r) => `${(r.lhr.audits['largest-contentful-paint'].numericValue / 1000).toFixed(2)}${r.cached > 0 ? ' (cached!)' : ''}`)
          .join('/'),
      });
      // The full report (main-thread breakdown, long tasks, bootup time) of the median run, for digging.
      const stem = `scripts/bench/.last-lighthouse-${runName(page, visit)}`;
      writeFileSync(path.join(ROOT, `${stem}.json`), JSON.stringify(median.lhr));
      if (median.why) writeFileSync(path.join(ROOT, `${stem}-why.txt`), median.why);
      if (median.trace)
        writeFileSync(path.join(os.tmpdir(), `lighthouse-${runName(page, visit)}-trace.json`), JSON.stringify(median.trace));
    }
  await browser.close().catch(() => undefined);
} finally {
  chrome.kill('SIGKILL');
  await stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(profile, { recursive: true, force: true });
}
console.log(
  `\nLighthouse, mobile preset (${THROTTLING === 'devtools' ? "Chromium's own throttling:" : 'simulated'} slow 4G, 4x CPU slowdown), median of ${RUNS} run(s); load: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}\n`,
);
console.log('Goal (issue 43): LCP ≤ 2.0 s on the first visit, ≤ 0.8 s on a repeat visit.\n');
console.log('page        | visit  | performance | accessibility | best practices | FCP     | LCP     | TBT     | CLS');
for (const r of rows) {
  console.log(
    `${r.page.padEnd(11)} | ${r.visit.padEnd(6)} | ${String(r.performance).padStart(11)} | ${String(r.accessibility).padStart(13)} | ${String(r.bestPractices).padStart(14)} | ${r.fcp.padEnd(7)} | ${r.lcp.padEnd(7)} | ${r.tbt.padEnd(7)} | ${r.cls}${RUNS > 1 ? `  (runs: ${r.all}; LCP ${r.lcps} s)` : ''}`,
  );
}
