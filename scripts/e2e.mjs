// npm run test:e2e: the browser tests (e2e/playwright.config.ts) in a run folder of their own, which
// holds the stack's data, the builds the deploy specs copy and Playwright's results. Removed when
// every test passed; kept, and named, when one failed. Arguments go to `playwright test`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './apps.mjs';

const runDir = mkdtempSync(path.join(os.tmpdir(), 'shambasoko-e2e-'));
const run = spawnSync(
  process.execPath,
  [
    path.join(ROOT, 'node_modules/@playwright/test/cli.js'),
    'test',
    '-c',
    path.join(ROOT, 'e2e/playwright.config.ts'),
    ...process.argv.slice(2),
  ],
  { cwd: ROOT, stdio: 'inherit', env: { ...process.env, E2E_RUN_DIR: runDir } },
);
if (run.status === 0) rmSync(runDir, { recursive: true, force: true });
else console.error(`\nThe run's data, copied builds and results are kept in ${runDir}`);
process.exit(run.status ?? 1);
