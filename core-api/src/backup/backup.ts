import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import pg from 'pg';
import { acquireLockFile } from '../db/lock-file';
import { DiskPhotoStore, type PhotoStore } from '../storage/photo-store';
import { s3Client, S3PhotoStore, type S3Settings } from '../storage/s3-photo-store';
import { PHOTO_FOLDERS } from '../storage/to-bucket';

const run = promisify(execFile);

/**
 * One backup is one tar file: `manifest.json`, the database (`database.tar.gz`, PGlite's own tarball
 * of the cluster, or `database.dump`, pg_dump's custom format) and every photo under `photos/<folder>/`.
 */
interface BackupManifest {
  format: 'shambasoko-backup';
  version: 1;
  engine: 'pglite' | 'postgres';
  createdAt: string;
  photos: number;
}

export interface BackupTarget {
  /** The embedded database lives in `<dataDir>/db`; disk photos in `<dataDir>/uploads` and `message-photos`. */
  dataDir: string;
  /** Set: PostgreSQL (pg_dump / pg_restore on the PATH, the server's major version or newer). */
  databaseUrl: string | undefined;
  /** Set: photos are in this bucket rather than on disk. */
  photoStorage: S3Settings | null;
}

export class BackupError extends Error {
  override readonly name = 'BackupError';
}

/** Writes a backup of the database and the photos to `file`; answers what it holds. */
export async function createBackup(target: BackupTarget, file: string): Promise<BackupManifest> {
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'shambasoko-backup-'));
  try {
    const engine = target.databaseUrl === undefined ? 'pglite' : 'postgres';
    if (engine === 'pglite') {
      if (!fs.existsSync(path.join(target.dataDir, 'db', 'PG_VERSION')))
        throw new BackupError(`There is no embedded database in ${target.dataDir} (is DATA_DIR or DATABASE_URL set as the API has it?).`);
      // The lock refuses a backup while the API has the embedded database open: a copy of files in use is not a backup.
      const lock = acquireLockFile(path.join(target.dataDir, 'db.lock'));
      try {
        await pgliteArchive('dump', path.join(target.dataDir, 'db'), path.join(staging, 'database.tar.gz'));
      } finally {
        lock.release();
      }
    } else {
      // One consistent snapshot of a running server (pg_dump reads in one repeatable-read transaction).
      await tool('pg_dump', [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--file=${path.join(staging, 'database.dump')}`,
        target.databaseUrl!,
      ]);
    }
    const photos = await withPhotoStores(target, async (stores, names) => {
      let count = 0;
      for (const folder of PHOTO_FOLDERS) {
        const dir = path.join(staging, 'photos', folder);
        fs.mkdirSync(dir, { recursive: true });
        for (const name of await names(folder)) {
          const bytes = await stores[folder].get(name);
          if (bytes === undefined) continue; // removed since it was listed
          fs.writeFileSync(path.join(dir, name), bytes);
          count += 1;
        }
      }
      return count;
    });
    const manifest: BackupManifest = { format: 'shambasoko-backup', version: 1, engine, createdAt: new Date().toISOString(), photos };
    fs.writeFileSync(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    // Written beside the target and renamed, so a backup file that exists is a whole one.
    const partial = `${path.resolve(file)}.partial`;
    await tool('tar', ['-cf', partial, '-C', staging, '.']);
    fs.renameSync(partial, path.resolve(file));
    return manifest;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * Restores `file` into an empty target: no embedded cluster in `<dataDir>/db`, or a PostgreSQL
 * database without tables. A backup restores into the engine it was taken from.
 */
export async function restoreBackup(target: BackupTarget, file: string): Promise<BackupManifest> {
  if (!fs.existsSync(file)) throw new BackupError(`No backup file at ${file}.`);
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'shambasoko-restore-'));
  try {
    await tool('tar', ['-xf', path.resolve(file), '-C', staging]);
    const manifest = readManifest(path.join(staging, 'manifest.json'));
    const engine = target.databaseUrl === undefined ? 'pglite' : 'postgres';
    if (manifest.engine !== engine) {
      throw new BackupError(
        `This backup is of the ${manifest.engine === 'pglite' ? 'embedded database' : 'PostgreSQL database'}; ` +
          `restore it with ${manifest.engine === 'pglite' ? 'DATABASE_URL unset' : 'DATABASE_URL set'}.`,
      );
    }
    if (engine === 'pglite') {
      const dbDir = path.join(target.dataDir, 'db');
      if (fs.existsSync(dbDir) && fs.readdirSync(dbDir).length > 0)
        throw new BackupError(`${dbDir} already holds a database; restore into an empty DATA_DIR (or move that folder aside).`);
      fs.mkdirSync(target.dataDir, { recursive: true });
      const lock = acquireLockFile(path.join(target.dataDir, 'db.lock'));
      try {
        await pgliteArchive('load', dbDir, path.join(staging, 'database.tar.gz'));
      } finally {
        lock.release();
      }
    } else {
      await assertEmptyServerDatabase(target.databaseUrl!);
      await tool('pg_restore', [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        `--dbname=${target.databaseUrl!}`,
        path.join(staging, 'database.dump'),
      ]);
    }
    await withPhotoStores(target, async (stores) => {
      for (const folder of PHOTO_FOLDERS) {
        const dir = path.join(staging, 'photos', folder);
        if (!fs.existsSync(dir)) continue;
        for (const name of fs.readdirSync(dir)) await stores[folder].put(name, fs.readFileSync(path.join(dir, name)), 'image/webp');
      }
    });
    return manifest;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

function readManifest(file: string): BackupManifest {
  const manifest = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<BackupManifest>) : {};
  if (manifest.format !== 'shambasoko-backup' || manifest.version !== 1 || (manifest.engine !== 'pglite' && manifest.engine !== 'postgres'))
    throw new BackupError('This file is not a ShambaSoko backup (no manifest.json of format 1).');
  return manifest as BackupManifest;
}

async function assertEmptyServerDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from pg_tables where schemaname = 'public'`);
    if ((rows[0]?.n ?? 0) > 0) throw new BackupError('The target database already has tables; restore into an empty database (createdb).');
  } finally {
    await client.end();
  }
}

type Stores = Record<(typeof PHOTO_FOLDERS)[number], PhotoStore>;
const storesOf = (make: (folder: string) => PhotoStore): Stores => ({ uploads: make('uploads'), 'message-photos': make('message-photos') });

async function withPhotoStores<T>(
  target: BackupTarget,
  action: (stores: Stores, names: (folder: string) => Promise<string[]>) => Promise<T>,
): Promise<T> {
  const settings = target.photoStorage;
  if (settings === null) {
    const stores = storesOf((folder) => new DiskPhotoStore(path.join(target.dataDir, folder)));
    const names = async (folder: string) => {
      const dir = path.join(target.dataDir, folder);
      return fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => !n.endsWith('.tmp')) : [];
    };
    return action(stores, names);
  }
  const client = s3Client(settings);
  try {
    const stores = storesOf((folder) => new S3PhotoStore(client, settings.bucket, folder));
    const names = async (folder: string) => {
      const found: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: settings.bucket, Prefix: `${folder}/`, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) if (object.Key) found.push(object.Key.slice(folder.length + 1));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token !== undefined);
      return found;
    };
    return await action(stores, names);
  } finally {
    client.destroy();
  }
}

async function tool(command: string, args: string[]): Promise<void> {
  try {
    await run(command, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const failure = error as { code?: string; stderr?: string; message: string };
    if (failure.code === 'ENOENT')
      throw new BackupError(`${command} is not installed (Debian: apt-get install -y postgresql-client for pg_dump and pg_restore).`);
    throw new BackupError(`${command} failed: ${(failure.stderr || failure.message).trim()}`);
  }
}

function pgliteArchive(action: 'dump' | 'load', dataDir: string, file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(require.resolve('../db/pglite-archive.mjs'), { workerData: { action, dataDir, file } });
    worker.once('message', (answer: { ok: boolean; message?: string }) => {
      void worker.terminate();
      if (answer.ok) resolve();
      else reject(new BackupError(`The embedded database could not be ${action === 'dump' ? 'backed up' : 'restored'}: ${answer.message}`));
    });
    worker.once('error', reject);
  });
}
