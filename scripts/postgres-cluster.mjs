// A throw-away PostgreSQL cluster on 127.0.0.1: free port, trust auth, fsync off, data in a temp
// folder that stop() removes. Used by the second API test pass and by the benchmarks.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** The newest Debian PostgreSQL bin folder, or null when PostgreSQL is not installed. */
export function findPostgresBin() {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((v) => existsSync(path.join(base, v, 'bin/pg_ctl')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return versions[0] ? path.join(base, versions[0], 'bin') : null;
}

export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

/**
 * Starts a cluster and answers `{ url, version, stop() }`. Throws when PostgreSQL is not installed
 * (check `findPostgresBin()` first to skip politely). `options.settings` adds `-c name=value` pairs;
 * `options.parent` is the folder its data goes in (the temporary folder unless told).
 */
export async function startCluster(options = {}) {
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install -y postgresql)');

  // initdb refuses to run as root: run the server as the postgres user when we are root.
  const asRoot = process.getuid?.() === 0;
  const pgUser = (() => {
    try {
      return asRoot
        ? { uid: Number(execFileSync('id', ['-u', 'postgres']).toString()), gid: Number(execFileSync('id', ['-g', 'postgres']).toString()) }
        : null;
    } catch {
      return null;
    }
  })();
  const run = (cmd, args) => {
    const full = asRoot && pgUser ? ['runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args]] : [path.join(bin, cmd), args];
    const result = spawnSync(full[0], full[1], { stdio: 'pipe', encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${cmd} failed: ${result.stderr || result.stdout}`);
  };

  const dir = mkdtempSync(path.join(options.parent ?? os.tmpdir(), 'shambasoko-pg-'));
  if (pgUser) chownSync(dir, pgUser.uid, pgUser.gid);
  const data = path.join(dir, 'data');
  const settings = Object.entries(options.settings ?? {}).map(([name, value]) => `-c ${name}=${value}`);
  let started = false;
  const stop = async () => {
    if (started) {
      try {
        run('pg_ctl', ['-D', data, '-m', 'fast', 'stop']);
      } catch {
        // already stopped
      }
      started = false;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const port = await freePort();
    run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
    run('pg_ctl', [
      '-D',
      data,
      '-w',
      '-l',
      path.join(dir, 'server.log'),
      '-o',
      [`-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off`, ...settings].join(' '),
      'start',
    ]);
    started = true;
    return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, version: path.basename(path.dirname(bin)), port, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
