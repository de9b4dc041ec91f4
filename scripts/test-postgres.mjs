// Runs the core API test suite a second time on a real PostgreSQL server: a throw-away cluster on
// 127.0.0.1 (free port, trust auth, data in memory when the machine allows), removed afterwards. CI
// installs Debian's PostgreSQL; on a machine without it this pass is skipped with a message (and fails
// under CI=true).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './apps.mjs';
import memoryFolderModule from './memory-folder.cjs';
import { findPostgresBin, startCluster } from './postgres-cluster.mjs';

if (!findPostgresBin()) {
  const message = 'PostgreSQL is not installed (apt-get install -y postgresql): the API suite ran on the embedded database only.';
  if (process.env.CI) {
    console.error(message);
    process.exit(1);
  }
  console.log(`[test:postgres] skipped: ${message}`);
  process.exit(0);
}

const cluster = await startCluster({ parent: memoryFolderModule.memoryFolder() });
let code = 1;
try {
  console.log(`[test:postgres] PostgreSQL ${cluster.version} on 127.0.0.1:${cluster.port}: running the API suite`);
  // Extra arguments (a path pattern) go first: --selectProjects takes every word after it as a project name.
  const jest = spawnSync(
    process.execPath,
    ['--liftoff-only', path.join(ROOT, 'node_modules/jest/bin/jest.js'), ...process.argv.slice(2), '--selectProjects', 'core-api'],
    {
      cwd: ROOT,
      stdio: 'inherit',
      env: {
        ...process.env,
        DATABASE_URL: cluster.url,
        // The API's config refuses to load without it; jest would set it too, but say it here.
        NODE_ENV: 'test',
        NODE_OPTIONS: '--experimental-vm-modules --disable-warning=ExperimentalWarning',
      },
    },
  );
  code = jest.status ?? 1;
} finally {
  await cluster.stop();
}
process.exit(code);
