import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { runSeeds } from '../../seed/run-seeds';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import type { Database } from '../db/schema';
import { createShop } from '../testing/shops';
import { createTestDataDir } from '../testing/test-database';
import { startS3StandIn, S3_STAND_IN_CREDENTIALS, type S3StandIn } from '../../sandbox/s3';
import { s3Client, S3PhotoStore, type S3Settings } from '../storage/s3-photo-store';
import { BackupError, createBackup, restoreBackup, type BackupTarget } from './backup';

// Issue 44: a backup of a seeded database restores into an empty one with every table identical. The
// unit suite runs this on the embedded database; `npm run test:postgres` on PostgreSQL (pg_dump/pg_restore).

const serverUrl = process.env.DATABASE_URL || undefined;
const cleanUps: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanUp of cleanUps.reverse()) await cleanUp();
});

// The source's photos are in a bucket (listed page by page), the target's on disk: a restore may change where photos live.
let bucket: S3Settings;
beforeAll(async () => {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'shambasoko-backup-s3-'));
  const standIn: S3StandIn = await startS3StandIn({ directory, bucket: 'backup-source' });
  cleanUps.push(async () => {
    await standIn.close();
    fs.rmSync(directory, { recursive: true, force: true });
  });
  bucket = { endpoint: standIn.url, bucket: 'backup-source', region: 'us-east-1', ...S3_STAND_IN_CREDENTIALS, forcePathStyle: true };
});

/** A fresh DATA_DIR and, on PostgreSQL, a fresh database on the server; `seeded` migrates and seeds it. */
async function newTarget({ seeded }: { seeded: boolean }): Promise<BackupTarget> {
  const dataDir = seeded
    ? await createTestDataDir({ migrated: true })
    : fs.mkdtempSync(path.join(os.tmpdir(), 'shambasoko-restore-target-'));
  cleanUps.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  let databaseUrl: string | undefined;
  if (serverUrl !== undefined) {
    const name = `shambasoko_backup_${randomUUID().replaceAll('-', '')}`;
    await onServer(`create database ${name}`);
    cleanUps.push(() => onServer(`drop database if exists ${name} with (force)`));
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  return { dataDir, databaseUrl, photoStorage: null };
}

async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(statement).finally(() => client.end());
}

async function withDb<T>(target: BackupTarget, action: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  const handle = await openDatabase({ dataDir: target.dataDir, databaseUrl: target.databaseUrl });
  try {
    return await action(handle.db);
  } finally {
    await handle.close();
  }
}

/** Every table of the schema: its row count and an md5 of its rows in a fixed order; every sequence's position. */
async function fingerprint(db: Kysely<Database>): Promise<Record<string, string>> {
  const tables = await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = 'public' order by 1`.execute(db);
  const result: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const { rows } = await sql<{ n: number; sum: string }>`
      select count(*)::int as n, md5(coalesce(string_agg(t::text, E'\n' order by t::text), '')) as sum from ${sql.table(name)} t`.execute(
      db,
    );
    result[name] = `${rows[0]!.n} rows, md5 ${rows[0]!.sum}`;
  }
  const sequences = await sql<{ name: string; value: string | null }>`
    select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public'`.execute(db);
  for (const { name, value } of sequences.rows) result[`sequence ${name}`] = value ?? 'unused';
  return result;
}

describe(`backup and restore (${serverUrl === undefined ? 'embedded database' : 'PostgreSQL'})`, () => {
  it('restores a seeded database into an empty one with every table and sequence identical, photos included', async () => {
    const source = await newTarget({ seeded: true });
    const photo = Buffer.from('RIFF....WEBPVP8 not really a picture, but bytes to carry');
    const before = await withDb(source, async (db) => {
      await migrateToLatest(db);
      await runSeeds(db, 'test', loadConfig({ NODE_ENV: 'test', DATA_DIR: source.dataDir }).remotesSeed);
      await createShop(db, 'a-test-secret-of-enough-length-123456', { name: 'Backup' });
      return fingerprint(db);
    });
    const client = s3Client(bucket);
    await new S3PhotoStore(client, bucket.bucket, 'uploads').put('abcdefabcdefabcdefabcdefabcdefab-800.webp', photo, 'image/webp');
    await new S3PhotoStore(client, bucket.bucket, 'message-photos').put('0123456789abcdef0123456789abcdef-400.webp', photo, 'image/webp');
    client.destroy();
    source.photoStorage = bucket;
    // A seeded database has data worth comparing: the seeds fill products, sellers and more.
    expect(Object.keys(before).length).toBeGreaterThan(20);
    expect(before.products).not.toMatch(/^0 rows/);

    const file = path.join(source.dataDir, 'backups', 'backup.tar');
    const manifest = await createBackup(source, file);
    expect(manifest).toMatchObject({ format: 'shambasoko-backup', engine: serverUrl === undefined ? 'pglite' : 'postgres', photos: 2 });

    const target = await newTarget({ seeded: false });
    await restoreBackup(target, file);
    expect(await withDb(target, fingerprint)).toEqual(before);
    expect(fs.readFileSync(path.join(target.dataDir, 'uploads', 'abcdefabcdefabcdefabcdefabcdefab-800.webp'))).toEqual(photo);
    expect(fs.readFileSync(path.join(target.dataDir, 'message-photos', '0123456789abcdef0123456789abcdef-400.webp'))).toEqual(photo);

    // A second restore would mix two databases: refused, and the first restore is untouched.
    await expect(restoreBackup(target, file)).rejects.toThrow(BackupError);
    expect(await withDb(target, fingerprint)).toEqual(before);
  }, 120_000);

  it('refuses a file that is not a backup', async () => {
    const target = await newTarget({ seeded: false });
    const file = path.join(target.dataDir, 'notes.tar');
    fs.writeFileSync(path.join(target.dataDir, 'notes.txt'), 'hello');
    execFileSync('tar', ['-cf', file, '-C', target.dataDir, 'notes.txt']);
    await expect(restoreBackup(target, file)).rejects.toThrow('This file is not a ShambaSoko backup');
  });
});
