import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { acquireLockFile } from './lock-file';
import type { Database } from './schema';

// int8 (count(*), bigint money columns) arrives as a string by default; our values stay far below 2^53.
pg.types.setTypeParser(20, Number);

export interface OpenDatabaseOptions {
  /** Embedded mode keeps its files in `<dataDir>/db`, guarded by `<dataDir>/db.lock`. */
  dataDir: string;
  /** When set, connect to this PostgreSQL server instead of the embedded engine. */
  databaseUrl?: string | undefined;
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: 'pglite' | 'postgres';
  /** Safe to call more than once. */
  close(): Promise<void>;
}

/**
 * The one place that knows which engine runs: the rest of the code sees a Kysely instance with
 * PostgreSQL semantics either way (PGlite speaks the wire protocol through node-postgres).
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl === undefined
    ? openEmbedded(options.dataDir)
    : openServer(options.databaseUrl);
}

async function openServer(connectionString: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString });
  // Without a listener, an idle client dropped by the server would crash the process.
  pool.on('error', (error) => console.error(`PostgreSQL idle client error: ${error.message}`));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, engine: 'postgres', close: once(() => db.destroy()) };
}

async function openEmbedded(dataDir: string): Promise<DatabaseHandle> {
  fs.mkdirSync(dataDir, { recursive: true });
  const lock = acquireLockFile(path.join(dataDir, 'db.lock'));
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(path.join(dataDir, 'db'), { extensions: { pg_trgm } });
  } catch (error) {
    lock.release();
    throw error;
  }
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool(createPgConfig(pglite)) }) });
  return {
    db,
    engine: 'pglite',
    close: once(async () => {
      try {
        await db.destroy();
        // The pool does not own the PGlite instance; closing it flushes and shuts PostgreSQL down cleanly.
        await pglite.close();
      } finally {
        lock.release();
      }
    }),
  };
}

function once(action: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= action());
}
