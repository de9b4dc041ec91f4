import fs from 'node:fs';

/**
 * PGlite does not lock its data folder, and two processes writing one folder corrupt it. This
 * file lock (holding the owner's pid) makes a second open fail loudly instead.
 */
export class DatabaseLockedError extends Error {
  override readonly name = 'DatabaseLockedError';
}

export interface LockFile {
  release(): void;
}

export function acquireLockFile(lockPath: string): LockFile {
  if (!tryCreate(lockPath)) {
    const holder = readPid(lockPath);
    if (holder !== undefined && isAlive(holder)) {
      throw new DatabaseLockedError(
        `The database folder is in use by process ${holder} (lock file ${lockPath}). ` +
          'Stop that process first; if it is not a ShambaSoko server, delete the lock file.',
      );
    }
    // The holder died without cleaning up: the lock is stale and ours to take.
    fs.rmSync(lockPath, { force: true });
    if (!tryCreate(lockPath)) {
      throw new DatabaseLockedError(`Another process took the lock file ${lockPath} at the same moment.`);
    }
  }

  let released = false;
  const release = (): void => {
    if (released) return;
    released = true;
    process.removeListener('exit', release);
    // Never delete a lock that someone else took over after ours was judged stale.
    if (readPid(lockPath) === process.pid) fs.rmSync(lockPath, { force: true });
  };
  // Covers process.exit() and a normal end; a hard kill leaves a stale lock that the next start takes over.
  process.on('exit', release);
  return { release };
}

/** Written aside then hard-linked, so no reader ever sees a lock file without its pid. */
function tryCreate(lockPath: string): boolean {
  const draft = `${lockPath}.${process.pid}.tmp`;
  fs.writeFileSync(draft, `${process.pid}\n`);
  try {
    fs.linkSync(draft, lockPath);
    return true;
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    throw error;
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

function readPid(lockPath: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(lockPath, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return errorCode(error) === 'EPERM';
  }
}

/** Duck-typed: `instanceof Error` fails for Node's own errors inside jest's sandbox. */
function errorCode(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
}
