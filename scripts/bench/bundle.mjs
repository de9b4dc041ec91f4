// npm run bench:bundle — first-load JavaScript of /, /market, /dashboard and /auth/sign-in, federated build
// against a monolith build of the same code, measured in Debian's Chromium.
// `-- --signed-in`: every page the farm and market remotes route, signed in, cold cache, federated
// build only, each against its budget (signed-in-pages.mjs). `--only=/farms,/budget` narrows it.
import { execSync, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { APPS, ROOT } from '../apps.mjs';
import { buildApps } from '../build.mjs';
import { createStaticServer } from '../serve-static.mjs';
import { SIGNED_IN_PAGES, signedInTable, storedSession } from './signed-in-pages.mjs';

const PAGES = ['/', '/market', '/dashboard', '/auth/sign-in'];
// Other worktrees on the same machine may run this bench at the same time: BENCH_BUNDLE_PORT moves it.
const FED_BASE = Number(process.env.BENCH_BUNDLE_PORT || 3080);
const MONO_PORT = FED_BASE + 10;

function buildMonolith() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/webpack-cli/bin/cli.js'), '--config', 'webpack.config.mjs'], {
      cwd: path.join(ROOT, 'scripts/bench/monolith'),
      stdio: 'inherit',
    });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error('monolith build failed'))));
  });
}

/**
 * Signed in without an API: the stored session says who is signed in, the refresh answers with a
 * token and every role, and every other API call fails as an unreachable API would (503), so each
 * page loads its code and renders its frame and error state. Code a page loads only once its data
 * arrives is not counted.
 */
async function signIn(context, role) {
  await context.addInitScript((session) => localStorage.setItem('shambasoko.session', JSON.stringify(session)), storedSession(role));
  await context.route(/\/(v1|api)\//, (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === '/v1/auth/refresh') {
      return route.fulfill({
        json: {
          header: { isSuccess: true, customerMessage: 'OK' },
          body: {
            auth: { accessToken: 'bench', expiresAt: Math.floor(Date.now() / 1000) + 3600 },
            roles: storedSession(role).state.user.roles,
          },
        },
      });
    }
    return route.fulfill({ status: 503, json: { header: { isSuccess: false, customerMessage: 'bench: no API' }, body: null } });
  });
}

async function measure(browser, origin, pathname, { role } = {}) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  if (role) await signIn(context, role);
  else {
    // /dashboard needs a session; a stored one is enough for the page to load its code.
    await context.addInitScript(() => {
      localStorage.setItem('currentUser', JSON.stringify({ uid: 'bench', displayName: 'Bench User', email: 'bench@example.co.ke' }));
      localStorage.setItem('accessToken', 'bench');
      localStorage.setItem('refreshToken', 'bench');
    });
  }
  const page = await context.newPage();
  const scripts = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    try {
      const body = await response.body();
      scripts.push({ url: response.url(), raw: body.length, gzip: zlib.gzipSync(body, { level: 6 }).length });
    } catch {
      // a script that failed to load has no body to count
    }
  });
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.goto(origin + pathname, { waitUntil: 'networkidle' });
  await page.waitForTimeout(300);
  // A page that failed to render would measure small and prove nothing.
  // Signed in without an API, a page may show only its error state: an alert counts as rendered.
  const heading = await page
    .locator(role ? 'h1, main [role="alert"]' : 'h1')
    .first()
    .textContent({ timeout: 30_000 })
    .catch(() => null);
  if (!heading) throw new Error(`${origin}${pathname} rendered no page heading: ${[...new Set(errors)].join(' | ') || 'no error logged'}`);
  const landed = new URL(page.url()).pathname;
  if (role && landed !== new URL(origin + pathname).pathname)
    throw new Error(`${origin}${pathname} went to ${landed}: not the page asked for`);
  await context.close();
  if (process.argv.includes('--verbose')) {
    console.log(`\n${origin}${pathname}`);
    for (const s of scripts) console.log(`  ${kb(s.gzip).padStart(9)} gz ${kb(s.raw).padStart(9)} raw  ${s.url}`);
  }
  return {
    requests: scripts.length,
    raw: scripts.reduce((n, s) => n + s.raw, 0),
    gzip: scripts.reduce((n, s) => n + s.gzip, 0),
  };
}

// kB of 1,000 bytes, as the budgets are written.
const kb = (n) => `${(n / 1000).toFixed(1)} kB`;

async function main() {
  const signedIn = process.argv.includes('--signed-in');
  if (!process.argv.includes('--no-build')) {
    await buildApps({ log: (m) => console.log(m) });
    if (!signedIn) await buildMonolith();
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-bundle-'));
  const manifest = JSON.parse(execSync(`cat ${path.join(ROOT, 'shell/public/remotes.json')}`).toString());
  for (const remote of manifest.remotes) {
    const index = APPS.findIndex((a) => a.name === remote.name);
    remote.entry = `http://localhost:${FED_BASE + index}/remoteEntry.js`;
  }
  const manifestFile = path.join(dir, 'remotes.json');
  writeFileSync(manifestFile, JSON.stringify(manifest));

  const serveApps = () =>
    APPS.map((app, i) =>
      createStaticServer({
        roots: [path.join(ROOT, app.dir, 'dist')],
        port: FED_BASE + i,
        files: app.dir === 'shell' ? { '/remotes.json': manifestFile } : {},
      }),
    );
  const servers = serveApps();
  if (!signedIn)
    servers.push(
      createStaticServer({
        roots: [path.join(ROOT, 'scripts/bench/.monolith-dist')],
        port: MONO_PORT,
        files: { '/remotes.json': manifestFile },
      }),
    );
  await Promise.all(servers.map((s) => s.listen()));

  const executablePath = process.env.CHROME_PATH || execSync('command -v chromium', { shell: '/bin/bash' }).toString().trim();
  const browser = await chromium.launch({
    executablePath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const rows = [];
  const only = process.argv
    .find((a) => a.startsWith('--only='))
    ?.slice('--only='.length)
    .split(',');
  try {
    if (signedIn) {
      for (const { path: pathname, role } of SIGNED_IN_PAGES.filter((p) => !only || only.includes(p.path))) {
        try {
          rows.push({ path: pathname, ...(await measure(browser, `http://localhost:${FED_BASE}`, pathname, { role })) });
        } catch (error) {
          // One page that fails to render is reported; the others are still measured.
          console.error(error.message);
          process.exitCode = 1;
        }
      }
      return;
    }
    for (const pathname of PAGES) {
      const fed = await measure(browser, `http://localhost:${FED_BASE}`, pathname);
      const mono = await measure(browser, `http://localhost:${MONO_PORT}`, pathname);
      rows.push({ page: pathname, fed, mono, ratio: fed.gzip / mono.gzip });
    }
  } finally {
    await browser.close();
    await Promise.all(servers.map((s) => s.close()));
    if (signedIn) {
      console.log('\nFirst-load JavaScript signed in, cold cache (gzip level 6 of each script as served, kB = 1,000 bytes)\n');
      console.log(signedInTable(rows));
      writeFileSync(path.join(ROOT, 'scripts/bench/.last-bundle-signed-in.json'), JSON.stringify(rows, null, 2));
    }
  }

  console.log('\nFirst-load JavaScript (gzip level 6 of each script as served, kB = 1,000 bytes)\n');
  console.log('page        | federated: req  raw       gzip     | monolith: req  raw       gzip     | ratio (gzip)');
  for (const r of rows) {
    console.log(
      `${r.page.padEnd(11)} | ${String(r.fed.requests).padStart(14)}  ${kb(r.fed.raw).padEnd(9)} ${kb(r.fed.gzip).padEnd(8)} | ${String(r.mono.requests).padStart(13)}  ${kb(r.mono.raw).padEnd(9)} ${kb(r.mono.gzip).padEnd(8)} | ${r.ratio.toFixed(3)}×`,
    );
  }
  writeFileSync(path.join(ROOT, 'scripts/bench/.last-bundle.json'), JSON.stringify(rows, null, 2));
}

await main();
