// npm run bench:bundle — first-load JavaScript of /, /market, /dashboard and /auth/sign-in, federated build
// against a monolith build of the same code, measured in Debian's Chromium.
import { execSync, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { APPS, ROOT } from '../apps.mjs';
import { buildApps } from '../build.mjs';
import { createStaticServer } from '../serve-static.mjs';

const PAGES = ['/', '/market', '/dashboard', '/auth/sign-in'];
const FED_BASE = 3080;
const MONO_PORT = 3090;

function buildMonolith() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/webpack-cli/bin/cli.js'), '--config', 'webpack.config.mjs'], {
      cwd: path.join(ROOT, 'scripts/bench/monolith'),
      stdio: 'inherit',
    });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error('monolith build failed'))));
  });
}

async function measure(browser, origin, pathname) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  // /dashboard needs a session; a stored one is enough for the page to load its code.
  await context.addInitScript(() => {
    localStorage.setItem('currentUser', JSON.stringify({ uid: 'bench', displayName: 'Bench User', email: 'bench@example.co.ke' }));
    localStorage.setItem('accessToken', 'bench');
    localStorage.setItem('refreshToken', 'bench');
  });
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
  const heading = await page
    .locator('h1')
    .first()
    .textContent({ timeout: 5000 })
    .catch(() => null);
  if (!heading) throw new Error(`${origin}${pathname} rendered no page heading: ${errors.join(' | ') || 'no error logged'}`);
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
  if (!process.argv.includes('--no-build')) {
    await buildApps({ log: (m) => console.log(m) });
    await buildMonolith();
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-bundle-'));
  const manifest = JSON.parse(execSync(`cat ${path.join(ROOT, 'shell/public/remotes.json')}`).toString());
  for (const remote of manifest.remotes) {
    const index = APPS.findIndex((a) => a.name === remote.name);
    remote.entry = `http://localhost:${FED_BASE + index}/remoteEntry.js`;
  }
  const manifestFile = path.join(dir, 'remotes.json');
  writeFileSync(manifestFile, JSON.stringify(manifest));

  const servers = APPS.map((app, i) =>
    createStaticServer({
      roots: [path.join(ROOT, app.dir, 'dist')],
      port: FED_BASE + i,
      files: app.dir === 'shell' ? { '/remotes.json': manifestFile } : {},
    }),
  );
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
  try {
    for (const pathname of PAGES) {
      const fed = await measure(browser, `http://localhost:${FED_BASE}`, pathname);
      const mono = await measure(browser, `http://localhost:${MONO_PORT}`, pathname);
      rows.push({ page: pathname, fed, mono, ratio: fed.gzip / mono.gzip });
    }
  } finally {
    await browser.close();
    await Promise.all(servers.map((s) => s.close()));
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
