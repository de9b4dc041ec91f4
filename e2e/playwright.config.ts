import { execSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const root = path.resolve(__dirname, '..');
// Debian's headless shell (package chromium-headless-shell, the build Playwright itself prefers for
// headless runs) when it is installed: the same Blink without the full browser's UI process work, it
// ran the whole suite in 229 s instead of 382 s and with a third less CPU on a two-core machine.
// Debian's full chromium otherwise; CHROME_PATH over both.
const chromium =
  process.env.CHROME_PATH ||
  execSync('command -v chromium-headless-shell || command -v chromium || command -v chromium-browser', { shell: '/bin/bash' })
    .toString()
    .trim();

// The stack under test runs on its own data folder (database, remote registry, deploy store),
// so tests can deploy and toggle remotes and never touch a developer's data.
// Named here, made by the stack as it starts: tools that only read this file (knip) make nothing.
const runDir = process.env.E2E_RUN_DIR ?? path.join(os.tmpdir(), `shambasoko-e2e-${process.pid}-${Date.now().toString(36)}`);
process.env.E2E_RUN_DIR = runDir;

/** Specs that deploy, roll back or switch remotes (e2e/support/stack.ts), which every page reads. */
const SHARED_STATE = ['console', 'deploy', 'federation', 'offline', 'shell'].map((name) => `**/${name}.spec.ts`);

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: path.join(runDir, 'test-results'),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two browsers at a time, each working through its own spec files: the specs make their own accounts,
  // farms and shops. The specs that change what every page sees (the remote registry: deploys,
  // rollbacks, switches; the service worker's caches) run on their own afterwards, one at a time.
  workers: 2,
  fullyParallel: false,
  // No retries, in CI either: a flaky test is fixed, not retried.
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: 'http://localhost:3000',
    // The app's service worker would answer requests that specs route or count; offline.spec.ts allows it.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
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
    },
  },
  projects: [
    { name: 'pages', testIgnore: SHARED_STATE },
    { name: 'shared-state', testMatch: SHARED_STATE, dependencies: ['pages'], workers: 1 },
  ],
  webServer: {
    // Every remote served before the first test (npm start serves the first ones while the rest build).
    command: `node ${path.join(root, 'scripts/start.mjs')} --wait-for-all`,
    cwd: root,
    url: 'http://localhost:3000/remotes.json',
    timeout: 300_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGINT', timeout: 30_000 },
    stdout: 'pipe',
    stderr: 'pipe',
    // Many sign-ins from one address in a few minutes are the test suite, not an attack. The API writes
    // warnings and errors only: a line for each of the run's requests (1.2 MB in CI) cost a busy
    // machine's cores in the API and in the relay of start.mjs, and said nothing a failing test does not.
    env: {
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      DATA_DIR: path.join(runDir, 'data'),
      AUTH_RATE_LIMIT_PER_IP: '10000',
      AUTH_RATE_LIMIT_PER_ACCOUNT: '1000',
    },
  },
});
