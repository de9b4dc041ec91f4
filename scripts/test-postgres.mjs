// Runs the core API test suite a second time on a real PostgreSQL server: a throw-away cluster on
// 127.0.0.1 (free port, trust auth, data in a temp folder), removed afterwards. CI installs Debian's
// PostgreSQL; on a machine without it this pass is skipped with a message (and fails under CI=true).
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './apps.mjs';

function findBin() {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).filter((v) => existsSync(path.join(base, v, 'bin/pg_ctl'))).sort((a, b) => Number(b) - Number(a)) : [];
  return versions[0] ? path.join(base, versions[0], 'bin') : null;
}

const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const bin = findBin();
if (!bin) {
  const message = 'PostgreSQL is not installed (apt-get install -y postgresql): the API suite ran on the embedded database only.';
  if (process.env.CI) {
    console.error(message);
    process.exit(1);
  }
  console.log(`[test:postgres] skipped: ${message}`);
  process.exit(0);
}

// initdb refuses to run as root: run the server as the postgres user when we are root.
const asRoot = process.getuid?.() === 0;
const pgUser = (() => {
  try {
    return asRoot ? { uid: Number(execFileSync('id', ['-u', 'postgres']).toString()), gid: Number(execFileSync('id', ['-g', 'postgres']).toString()) } : null;
  } catch {
    return null;
  }
})();
const run = (cmd, args) => {
  const full = asRoot && pgUser ? ['runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args]] : [path.join(bin, cmd), args];
  const result = spawnSync(full[0], full[1], { stdio: 'pipe', encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${cmd} failed: ${result.stderr || result.stdout}`);
};

const dir = mkdtempSync(path.join(os.tmpdir(), 'shambasoko-pg-'));
if (pgUser) chownSync(dir, pgUser.uid, pgUser.gid);
const data = path.join(dir, 'data');
const port = await freePort();
let code = 1;
try {
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  run('pg_ctl', ['-D', data, '-w', '-l', path.join(dir, 'server.log'), '-o', `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off`, 'start']);
  console.log(`[test:postgres] PostgreSQL ${path.basename(path.dirname(bin))} on 127.0.0.1:${port}: running the API suite`);
  const jest = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/jest/bin/jest.js'), '--selectProjects', 'core-api'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: {
      ...process.env,
      DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres`,
      NODE_OPTIONS: '--experimental-vm-modules --disable-warning=ExperimentalWarning',
    },
  });
  code = jest.status ?? 1;
} finally {
  try {
    run('pg_ctl', ['-D', data, '-m', 'fast', 'stop']);
  } catch {
    // already stopped
  }
  rmSync(dir, { recursive: true, force: true });
}
process.exit(code);
