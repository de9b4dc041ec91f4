import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { todayInNairobi } from '@shambasoko/contracts/time';
import pg from 'pg';
import { type DatabaseHandle, type EmbeddedEngine, openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';

/**
 * Test databases. Embedded: a copy of an initdb'd template folder (initdb costs ~3-5 s, a copy
 * ~0.2 s). With DATABASE_URL: a throw-away database created on that server, so the same tests
 * also prove the SQL on real PostgreSQL.
 */
interface TemplateChoice {
  /** Start from a copy of a database the migrations have already run on. */
  migrated?: boolean;
  /** …and the seeds too (a test app's start: the catalog, the demo farms and personas). */
  seeded?: boolean;
}

export interface TestDatabase {
  handle: DatabaseHandle;
  /** The DATA_DIR of this test database (unused by the server engine, but always a fresh folder). */
  dataDir: string;
  /** On a server: this database's URL (undefined: embedded). */
  url?: string;
  dispose(): Promise<void>;
}

/**
 * @param migrated  embedded only: start from a copy of a cluster the migrations have already run on
 *   (built once per machine, PGlite version and migrations' source), instead of running them again:
 *   ~2 s saved per test app. The caller still migrates (a no-op then), the way the server does.
 */
export async function openTestDatabase({ migrated = false, seeded = false }: TemplateChoice = {}): Promise<TestDatabase> {
  const dataDir = await createTestDataDir({ migrated, seeded });
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl === undefined || serverUrl === '') {
    const handle = await openDatabase({ dataDir, embeddedEngine: await embeddedEngine() });
    return { handle, dataDir, dispose: disposer(handle, dataDir) };
  }

  const name = `shambasoko_test_${randomUUID().replaceAll('-', '')}`;
  // Migrated: a copy of a template database the migrations ran on once (per server and migrations'
  // source), as embedded; running 50 migrations for every test app was most of an app's start.
  const template = seeded
    ? ` template ${await seededServerTemplate(serverUrl)}`
    : migrated
      ? ` template ${await migratedServerTemplate(serverUrl)}`
      : '';
  await withServer(serverUrl, (client) => client.query(`create database ${name}${template}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ dataDir, databaseUrl: url.toString() });
  const cleanUp = disposer(handle, dataDir);
  return {
    handle,
    dataDir,
    url: url.toString(),
    dispose: async () => {
      await cleanUp();
      await withServer(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/**
 * On a server: a database the migrations have run on, named by their digest, used only as a template
 * (CREATE DATABASE … TEMPLATE copies it). Built once; parallel jest workers race to rename their draft
 * into place and the loser drops its own.
 */
async function migratedServerTemplate(serverUrl: string): Promise<string> {
  return serverTemplate(serverUrl, `shambasoko_template_${migrationsDigest()}`, undefined, migrateToLatest);
}

/** The migrated template with the seeds run on it (see seedsDigest for what renames it). */
async function seededServerTemplate(serverUrl: string): Promise<string> {
  const migrated = await migratedServerTemplate(serverUrl);
  return serverTemplate(serverUrl, `shambasoko_seeded_${migrationsDigest()}_${seedsDigest()}`, migrated, runTestSeeds);
}

async function serverTemplate(
  serverUrl: string,
  template: string,
  base: string | undefined,
  build: (db: DatabaseHandle['db']) => Promise<void>,
): Promise<string> {
  let exists = false;
  await withServer(serverUrl, async (client) => {
    exists = (await client.query('select 1 from pg_database where datname = $1', [template])).rowCount === 1;
  });
  if (exists) return template;
  const draft = `shambasoko_draft_${randomUUID().replaceAll('-', '')}`;
  await withServer(serverUrl, (client) => client.query(`create database ${draft}${base === undefined ? '' : ` template ${base}`}`));
  const url = new URL(serverUrl);
  url.pathname = `/${draft}`;
  // The server engine does not use the data folder.
  const handle = await openDatabase({ dataDir: os.tmpdir(), databaseUrl: url.toString() });
  try {
    await build(handle.db);
  } finally {
    await handle.close();
  }
  await withServer(serverUrl, async (client) => {
    // The pool's connections may still be closing on the server; a renamed or copied database must have none.
    await client.query('select pg_terminate_backend(pid, 5000) from pg_stat_activity where datname = $1', [draft]);
    try {
      await client.query(`alter database ${draft} rename to ${template}`);
    } catch (error) {
      await client.query(`drop database if exists ${draft} with (force)`);
      const won = (await client.query('select 1 from pg_database where datname = $1', [template])).rowCount === 1;
      if (!won) throw error;
    }
  });
  return template;
}

declare global {
  /** Set by the API tests' environment (jest-environment.cjs): PGlite prepared once per worker process. */
  var shambasokoEmbeddedEngine: (() => Promise<EmbeddedEngine>) | undefined;
}

/**
 * How test databases start on the embedded engine: from PGlite as the worker process prepared it (when
 * run by jest's API project), with 16 MB of shared buffers, far more than a test database holds.
 */
async function embeddedEngine(): Promise<EmbeddedEngine> {
  const prepared = await globalThis.shambasokoEmbeddedEngine?.();
  return { ...prepared, settings: ['shared_buffers=16MB'] };
}

/**
 * Where test databases and their templates live: jest.config.cjs names the memory folder when the
 * machine has one with room (scripts/memory-folder.cjs), else the system's temporary folder.
 */
const scratch = process.env.SHAMBASOKO_TEST_SCRATCH || os.tmpdir();

/** A fresh DATA_DIR whose `db` folder is a copy of an empty, initialised PGlite cluster. */
export async function createTestDataDir({ migrated = false, seeded = false }: TemplateChoice = {}): Promise<string> {
  const embedded = process.env.DATABASE_URL === undefined || process.env.DATABASE_URL === '';
  const template = embedded ? await (seeded ? seededTemplate() : migrated ? migratedTemplate() : pgliteTemplate()) : undefined;
  const dataDir = fs.mkdtempSync(path.join(scratch, 'shambasoko-test-'));
  if (template !== undefined) fs.cpSync(path.join(template, 'db'), path.join(dataDir, 'db'), { recursive: true });
  return dataDir;
}

function disposer(handle: DatabaseHandle, dataDir: string): () => Promise<void> {
  return async () => {
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

async function withServer(url: string, action: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await action(client);
  } finally {
    await client.end();
  }
}

/**
 * Built once per machine and PGlite version, shared by parallel jest workers: each builds in a
 * private folder and renames it into place; the loser of that race throws its copy away.
 */
async function pgliteTemplate(): Promise<string> {
  assertDynamicImportSupport();
  const template = path.join(scratch, `shambasoko-pglite-template-${pgliteVersion()}`);
  if (fs.existsSync(path.join(template, 'db', 'PG_VERSION'))) return template;

  return buildTemplate(template, async (draft) => {
    const handle = await openDatabase({ dataDir: draft, embeddedEngine: await embeddedEngine() });
    await handle.close();
  });
}

/** The empty template with the migrations run on it; its name changes with any migration's source. */
async function migratedTemplate(): Promise<string> {
  const empty = await pgliteTemplate();
  return derivedTemplate(empty, `${empty}-migrated-${migrationsDigest()}`, migrateToLatest);
}

/** The migrated template with the seeds run on it; renamed by the seeds' source and the Nairobi day. */
async function seededTemplate(): Promise<string> {
  const migrated = await migratedTemplate();
  return derivedTemplate(migrated, `${migrated}-seeded-${seedsDigest()}`, runTestSeeds);
}

/** A template made from a copy of `base` that `build` ran on, unless it is there already. */
async function derivedTemplate(base: string, template: string, build: (db: DatabaseHandle['db']) => Promise<void>): Promise<string> {
  if (fs.existsSync(path.join(template, 'db', 'PG_VERSION'))) return template;
  return buildTemplate(template, async (draft) => {
    fs.cpSync(path.join(base, 'db'), path.join(draft, 'db'), { recursive: true });
    const handle = await openDatabase({ dataDir: draft, embeddedEngine: await embeddedEngine() });
    try {
      await build(handle.db);
    } finally {
      await handle.close();
    }
  });
}

/**
 * The seeds a test app runs at start (the registry's manifest aside, which the app seeds itself while
 * the registry is empty). Loaded here only when a template is built: most test files never need them.
 */
async function runTestSeeds(db: DatabaseHandle['db']): Promise<void> {
  const { runSeeds } = await import('../../seed/run-seeds');
  await runSeeds(db, 'test');
}

/**
 * What the seeded template depends on besides the migrations: the seeds' source, and the day in
 * Nairobi (the catalog's listing dates and expiries are counted from the day it is seeded).
 */
function seedsDigest(): string {
  const hash = createHash('sha256');
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else {
        hash.update(path.relative(seedsDir, file));
        hash.update(fs.readFileSync(file));
      }
    }
  };
  const seedsDir = path.join(__dirname, '..', '..', 'seed');
  walk(seedsDir);
  hash.update(todayInNairobi());
  return hash.digest('hex').slice(0, 16);
}

/** Builds a template in a private folder and renames it into place; the loser of a race throws its copy away. */
async function buildTemplate(template: string, build: (draft: string) => Promise<void>): Promise<string> {
  const draft = fs.mkdtempSync(`${template}.draft-`);
  try {
    await build(draft);
  } catch (error) {
    fs.rmSync(draft, { recursive: true, force: true });
    throw error;
  }
  try {
    fs.renameSync(draft, template);
  } catch {
    fs.rmSync(draft, { recursive: true, force: true });
  }
  return template;
}

function migrationsDigest(): string {
  const dir = path.join(__dirname, '..', '..', 'migrations');
  const hash = createHash('sha256');
  for (const file of fs.readdirSync(dir).sort()) {
    hash.update(file);
    hash.update(fs.readFileSync(path.join(dir, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

function pgliteVersion(): string {
  // package.json is not in the package's exports; find it next to the resolved entry point.
  let dir = path.dirname(require.resolve('@electric-sql/pglite'));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  const manifest: unknown = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  return typeof manifest === 'object' && manifest !== null && 'version' in manifest ? String(manifest.version) : 'unknown';
}

/**
 * PGlite's CommonJS build loads Node built-ins with import(), which jest's sandbox allows only
 * when Node runs with --experimental-vm-modules. Fail with the fix instead of a 30 s hang.
 */
function assertDynamicImportSupport(): void {
  if (typeof vm.SyntheticModule !== 'function') {
    throw new Error(
      "The embedded database needs jest to run with Node's --experimental-vm-modules flag: " +
        "NODE_OPTIONS='--experimental-vm-modules' npx jest --selectProjects core-api " +
        '(or set DATABASE_URL to test against a PostgreSQL server).',
    );
  }
}

/**
 * For a describe block: opens a fresh test database before its tests and disposes of it after.
 * Returns a getter, since the database exists only once beforeAll has run.
 */
export function useTestDatabase(): () => TestDatabase {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await openTestDatabase();
  }, 60_000);
  afterAll(async () => {
    await database?.dispose();
  });
  return () => {
    if (database === undefined) throw new Error('The test database opens in beforeAll; use it inside a test.');
    return database;
  };
}
