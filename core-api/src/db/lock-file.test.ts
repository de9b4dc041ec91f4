import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseLockedError, acquireLockFile } from './lock-file';

let dir: string;
let lockPath: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shambasoko-lock-'));
  lockPath = path.join(dir, 'db.lock');
});

afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The pid of a process that has already ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  if (child.pid === undefined) throw new Error('could not start a child process');
  return child.pid;
}

describe('acquireLockFile', () => {
  it('writes our pid, refuses a second holder, and frees the file on release', () => {
    const lock = acquireLockFile(lockPath);
    expect(fs.readFileSync(lockPath, 'utf8').trim()).toBe(String(process.pid));
    expect(() => acquireLockFile(lockPath)).toThrow(DatabaseLockedError);
    expect(() => acquireLockFile(lockPath)).toThrow(`in use by process ${process.pid}`);

    lock.release();
    expect(fs.existsSync(lockPath)).toBe(false);
    acquireLockFile(lockPath).release();
  });

  it('takes over a stale lock left by a process that died', () => {
    fs.writeFileSync(lockPath, `${deadPid()}\n`);
    const lock = acquireLockFile(lockPath);
    expect(fs.readFileSync(lockPath, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  it('treats an unreadable lock file as stale', () => {
    fs.writeFileSync(lockPath, 'garbage');
    acquireLockFile(lockPath).release();
    expect(fs.existsSync(lockPath)).toBe(false);
  });

  it('does not delete a lock that another process holds by the time we release', () => {
    const lock = acquireLockFile(lockPath);
    fs.writeFileSync(lockPath, '1\n');
    lock.release();
    expect(fs.readFileSync(lockPath, 'utf8')).toBe('1\n');
  });

  it('releases on process exit as well', () => {
    const before = process.listenerCount('exit');
    const lock = acquireLockFile(lockPath);
    expect(process.listenerCount('exit')).toBe(before + 1);
    lock.release();
    expect(process.listenerCount('exit')).toBe(before);
  });
});
