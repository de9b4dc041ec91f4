import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql, type PostgresPool, type PostgresPoolClient, type Transaction } from 'kysely';
import pg from 'pg';
import { Parser } from 'pg-protocol/dist/parser';
import { processLogger } from '../logger';
import { currentRequestId } from '../observability/context';
import { watchPool } from '../observability/metrics';
import { PoolChangeFeed, registerChangeFeed } from './change-feed';
import { acquireLockFile } from './lock-file';
import { logStatement } from './statement-log';
import type { Database } from './schema';

// int8 (count(*), bigint money columns) arrives as a string by default; our values stay far below 2^53.
pg.types.setTypeParser(20, Number);

export interface OpenDatabaseOptions {
  /** Embedded mode keeps its files in `<dataDir>/db`, guarded by `<dataDir>/db.lock`. */
  dataDir: string;
  /** When set, connect to this PostgreSQL server instead of the embedded engine. */
  databaseUrl?: string | undefined;
  /** On a server: the most connections each of the two pools opens (default 10, node-postgres'). */
  maxConnections?: number;
  /** Embedded: what the engine's thread may start from instead of loading it itself. */
  embeddedEngine?: EmbeddedEngine | undefined;
}

/**
 * A process that opens many embedded databases (the API tests: one or more per test file) prepares
 * PGlite once: its WebAssembly compiled (~0.17 s a start) and its file bundle read. Settings go on
 * PostgreSQL's command line (`shared_buffers=16MB`: zeroing the default 128 MB took ~0.1 s a start).
 */
export interface EmbeddedEngine {
  wasmModule?: WebAssembly.Module;
  fsBundle?: Uint8Array;
  settings?: string[];
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
    ? openEmbedded(options.dataDir, options.embeddedEngine)
    : openServer(options.databaseUrl, options.maxConnections);
}

async function openServer(connectionString: string, max = 10): Promise<DatabaseHandle> {
  // Custom plans by default: a prepared statement (below) otherwise switches to a generic plan after
  // five runs, and for our capped counts and searches those were 10-40x slower than planning each
  // call. Statements written to be right under any parameters ask for generic plans instead
  // (GENERIC_PLAN) and run on a second pool. No JIT: it compiled for ~200 ms whenever a plan's
  // estimate passed jit_above_cost, far more than the queries of this application ever run.
  // One connection stays open when idle: it listens for the change feed (db/change-feed.ts).
  // Pipelined clients write a statement without waiting for the answer to the one before: a
  // transaction's begin goes out with its first statement (withNamedStatements).
  const pool = new pg.Pool({ connectionString, max, min: 1, pipeline: true, options: '-c plan_cache_mode=force_custom_plan -c jit=off' });
  const genericPool = new pg.Pool({ connectionString, max, pipeline: true, options: '-c plan_cache_mode=force_generic_plan -c jit=off' });
  // Without a listener, an idle client dropped by the server would crash the process. After close,
  // a server that drops connections still closing (a dropped test database) is no news.
  let closed = false;
  for (const p of [pool, genericPool]) {
    p.on('error', (error) => {
      if (!closed) processLogger.error(`PostgreSQL idle client error: ${error.message}`);
    });
  }
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: withNamedStatements(pool, genericPool) }), log: logStatement });
  // Writes run on the custom-plan pool, so its connections hear this process's own changes first.
  const feed = new PoolChangeFeed(true);
  feed.watch(pool);
  registerChangeFeed(db, feed);
  const unwatch = [watchPool('custom-plans', pool), watchPool('generic-plans', genericPool)];
  return {
    db,
    engine: 'postgres',
    close: once(async () => {
      closed = true;
      for (const stop of unwatch) stop();
      await db.destroy();
    }),
  };
}

/**
 * A statement that starts with this comment (in its first 40 characters, so after a leading
 * `select` too) is planned once per connection and the plan kept for every later call, whatever the
 * parameters: PostgreSQL skips planning, which was 0.3-1.8 ms of every list and dashboard statement.
 * Only for statements whose best plan does not depend on their parameters: no searches (a rare word
 * wants the trigram index, a common one the sort order) and no membership join whose best order
 * depends on how many farms the caller has (see listShape in the farm repository). PGlite ignores it.
 */
const GENERIC_PLAN_MARKER = '/* generic plan */';
export const genericPlan = sql.raw(`${GENERIC_PLAN_MARKER} `);
const wantsGenericPlan = (text: string): boolean => text.slice(0, 40).includes(GENERIC_PLAN_MARKER);

/**
 * Names every parameterised statement by a hash of its text, so node-postgres prepares it once per
 * connection and later runs only bind + execute: PostgreSQL skips parse and analysis each call.
 * Statements without parameters keep the simple protocol (migrations send several commands in one text). Names are capped: each one costs memory in every server connection, and
 * texts that vary beyond a few hundred shapes (long IN lists) run unnamed as before.
 * A connection is taken from `genericPool` when its first statement asks for a generic plan
 * (GENERIC_PLAN_MARKER), from `pool` otherwise; a transaction starts with `begin`, so it always runs
 * on `pool` with custom plans.
 */
const MAX_NAMED_STATEMENTS = 1000;

/**
 * A transaction's first round trip also names the request (or job run) it works for, as its
 * `application_name` (SET LOCAL: back to the pool's own at commit or rollback). pg_stat_activity and
 * PostgreSQL's log (%a in log_line_prefix) then show which request holds a lock or ran a slow
 * statement, while every statement's text stays the same for every request and stays prepared by
 * name. Statements outside a transaction are not named: README "Request ids in the database".
 */
const BEGIN = /^(begin|start transaction)\b/;
export const APPLICATION_NAME_PREFIX = 'shambasoko ';

/** Set for the one transaction genericPlanTransaction begins: its begin clears it, so no later one inherits it. */
const genericPlans = new AsyncLocalStorage<{ pending: boolean }>();

/**
 * `db.transaction()` whose statements each keep a generic plan, as GENERIC_PLAN_MARKER does outside
 * transactions: PostgreSQL plans each once per connection instead of on every call, and never with a
 * sequential scan where an index serves (a plan kept from when a table was small must not scan it once
 * it has grown). The transaction's first round trip says so (SET LOCAL plan_cache_mode and
 * enable_seqscan), so it costs no extra one. Only for transactions
 * whose every statement is planned the same whatever its parameters (writes and reads by key, such as
 * placing an order: planning was 0.9 of its 2.3 ms of statements), never around a search or a capped
 * count. PGlite ignores it.
 */
export function genericPlanTransaction<DB>(db: Kysely<DB>): { execute<T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> } {
  return { execute: (work) => genericPlans.run({ pending: true }, () => db.transaction().execute(work)) };
}

function beginWithSettings(text: string, requestId: string | undefined): string {
  if (!BEGIN.test(text)) return text;
  let begun = text;
  if (requestId !== undefined) {
    // Request ids are printable ASCII (request-log.ts); PostgreSQL keeps 63 bytes of the name.
    const name = `${APPLICATION_NAME_PREFIX}${requestId}`.slice(0, 63).replaceAll("'", "''");
    begun += `; set local application_name = '${name}'`;
  }
  const generic = genericPlans.getStore();
  if (generic?.pending === true) {
    generic.pending = false;
    // No sequential scan where an index serves: a generic plan is made once, at a connection's first
    // such transaction, and kept. Made while a table was still small (a new database, the first
    // orders), it read the whole table for each later call: the order's Idempotency-Key link scanned
    // every key (2,558 rows at 3,000 orders in bench:load; 0.12 ms an order and growing) until an
    // ANALYZE happened to replan it. Every statement here reads or writes by key, so an index is right
    // at any size.
    begun += '; set local plan_cache_mode = force_generic_plan; set local enable_seqscan = off';
  }
  return begun;
}

/** The answer given for a statement before PostgreSQL's arrives (a begin, an unread write): nobody reads it. */
const answeredAhead = (command: string) => ({ command, rowCount: null, rows: [], fields: [] });

/**
 * Ends a write whose answer nobody reads (`.modifyEnd(unreadWrite)`): inside a transaction on the
 * server it is written and the transaction goes on without waiting for it, so a transaction that ends
 * with one writes it and its commit in one round trip. If it fails, the transaction fails with its
 * error: the next statement or the commit (which PostgreSQL answers ROLLBACK) throws it. Outside a
 * transaction, and on the embedded engine, it runs as any statement.
 */
const UNREAD_MARKER = '/* unread */';
export const unreadWrite = sql.raw(` ${UNREAD_MARKER}`);
const COMMIT = /^commit\b/;
const ROLLBACK = /^rollback\b/;

function withNamedStatements(pool: pg.Pool, genericPool: pg.Pool = pool): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | null => {
    let name = names.get(text);
    if (name === undefined) {
      // Past the cap nothing is remembered, so texts that never repeat cannot grow the map.
      if (names.size >= MAX_NAMED_STATEMENTS) return null;
      name = `k_${createHash('sha1').update(text).digest('base64url')}`;
      names.set(text, name);
    }
    return name;
  };
  return {
    async connect(): Promise<PostgresPoolClient> {
      // Taken on the first statement, which decides the pool; Kysely runs one statement at a time
      // on a connection it holds.
      let client: pg.PoolClient | undefined;
      // A transaction's begin, written and not yet awaited.
      let begun: Promise<unknown> | undefined;
      let inTransaction = false;
      // The open transaction's unread writes, written and not yet awaited.
      let unread: Promise<unknown>[] = [];
      /** The first unread write's error, once they have all been answered. */
      const unreadError = async (): Promise<unknown> => {
        const outcomes = await Promise.allSettled(unread);
        unread = [];
        return outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected')?.reason;
      };
      const send = (to: pg.PoolClient, textOrCursor: unknown, values?: readonly unknown[]) => {
        const text = typeof textOrCursor === 'string' ? textOrCursor : undefined;
        const name = text !== undefined && values !== undefined && values.length > 0 ? nameOf(text) : null;
        if (name === null) return to.query(textOrCursor as string, values as unknown[]);
        return to.query({ name, text: text!, values: values as unknown[] });
      };
      const run = async (textOrCursor: unknown, values?: readonly unknown[]) => {
        const text = typeof textOrCursor === 'string' ? textOrCursor : undefined;
        client ??= await (text !== undefined && wantsGenericPlan(text) ? genericPool : pool).connect();
        if (text !== undefined && (values === undefined || values.length === 0) && BEGIN.test(text)) {
          // Written now and answered with the transaction's first statement, which the pipelined
          // client writes right behind it: one round trip less for every transaction (Kysely reads
          // nothing from a begin's result). A begin cannot fail on a working connection (its text
          // is ours: settings and a quoted name), and a broken one fails the statement behind it too.
          begun = client.query(beginWithSettings(text, currentRequestId()));
          begun.catch(() => undefined); // awaited with the next statement
          inTransaction = true;
          return answeredAhead('BEGIN');
        }
        const before = begun;
        begun = undefined;
        // A cursor (Kysely's stream) is no promise, and a pipelined client refuses it anyway.
        if (before !== undefined && text === undefined) await before;
        const answer = send(client, textOrCursor, values);
        if (text !== undefined && inTransaction && text.endsWith(UNREAD_MARKER)) {
          answer.catch(() => undefined); // its error comes with the next statement's answer
          unread.push(answer);
          if (before !== undefined) await before;
          return answeredAhead('UNREAD');
        }
        const rollback = text !== undefined && ROLLBACK.test(text);
        if (rollback || (text !== undefined && COMMIT.test(text))) inTransaction = false;
        if (before !== undefined && text !== undefined) {
          answer.catch(() => undefined); // its error comes from the return below, once the begin's is known
          await before;
        }
        if (unread.length === 0) return answer;
        // Written behind the unread writes: answered after them. A failed one aborted the transaction,
        // so its error is the one to tell (this statement's is "current transaction is aborted", and a
        // commit's answer is ROLLBACK).
        await Promise.allSettled([answer]);
        const failed = await unreadError();
        if (failed !== undefined && !rollback) throw failed;
        return answer;
      };
      return {
        query: run as unknown as PostgresPoolClient['query'],
        release: () => {
          client?.release();
          client = undefined;
          begun = undefined;
          inTransaction = false;
          unread = [];
        },
      };
    },
    end: async () => {
      await pool.end();
      if (genericPool !== pool) await genericPool.end();
    },
  };
}

async function openEmbedded(dataDir: string, prepared: EmbeddedEngine | undefined): Promise<DatabaseHandle> {
  fs.mkdirSync(dataDir, { recursive: true });
  const lock = acquireLockFile(path.join(dataDir, 'db.lock'));
  let engine: PgliteWorker;
  try {
    engine = await PgliteWorker.start(path.join(dataDir, 'db'), prepared);
  } catch (error) {
    lock.release();
    throw error;
  }
  // node-postgres drives PGlite through any object with PGlite's protocol surface (waitReady,
  // execProtocolStream); ours forwards it to the worker thread. Loaded here: that adapter carries the
  // whole PGlite build (0.5 MB), which a server on PostgreSQL never needs.
  const { createPgConfig } = await import('@electric-sql/pglite/node-postgres');
  const pool = new pg.Pool(createPgConfig(engine as unknown as PGlite));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: logStatement });
  // One session, one process: every change is heard in the answer of the statement that commits it.
  const feed = new PoolChangeFeed(false);
  feed.watch(pool);
  registerChangeFeed(db, feed);
  const unwatch = watchPool('embedded', pool);
  return {
    db,
    engine: 'pglite',
    close: once(async () => {
      unwatch();
      try {
        await db.destroy();
        // The pool does not own the engine; closing it flushes and shuts PostgreSQL down cleanly.
        await engine.close();
      } finally {
        lock.release();
      }
    }),
  };
}

type WorkerAnswer =
  | { type: 'ready' }
  | { type: 'fatal'; failure: { message: string } }
  | { id: number; answer: Uint8Array }
  | { id: number; failure: { message: string } };

/** A backend message as node-postgres' parser makes it (an error is its DatabaseError). */
type ProtocolMessage = { name: string };

/**
 * PGlite is PostgreSQL compiled to WebAssembly: every query runs synchronously on the thread that
 * owns it. On the API's main thread a 50 ms query froze every other request for 50 ms (event-loop
 * p99 of 2.4 s under bench:load), so the engine lives in a worker and this proxy speaks to it.
 */
class PgliteWorker {
  readonly waitReady: Promise<void>;
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (messages: ProtocolMessage[]) => void; reject: (error: Error) => void }>();
  #nextId = 1;
  #failure: Error | undefined;

  private constructor(dataDir: string, prepared: EmbeddedEngine | undefined) {
    this.#worker = new Worker(require.resolve('./pglite-worker.mjs'), { workerData: { dataDir, engine: prepared } });
    this.waitReady = new Promise((resolve, reject) => {
      this.#worker.on('message', (answer: WorkerAnswer) => {
        if ('type' in answer) {
          if (answer.type === 'ready') resolve();
          else reject(this.#fail(new Error(`The embedded database could not open: ${answer.failure.message}`)));
          return;
        }
        const request = this.#pending.get(answer.id);
        this.#pending.delete(answer.id);
        if ('failure' in answer) request?.reject(new Error(`Embedded database failure: ${answer.failure.message}`));
        else {
          try {
            request?.resolve(this.#read(answer.answer));
          } catch (error) {
            request?.reject(error instanceof Error ? error : new Error(String(error)));
          }
        }
      });
      this.#worker.on('error', (error) => reject(this.#fail(error)));
      this.#worker.on('exit', (code) => reject(this.#fail(new Error(`The embedded database thread stopped (exit code ${code}).`))));
    });
  }

  static async start(dataDir: string, prepared: EmbeddedEngine | undefined): Promise<PgliteWorker> {
    const engine = new PgliteWorker(dataDir, prepared);
    try {
      await engine.waitReady;
    } catch (error) {
      await engine.#worker.terminate();
      throw error;
    }
    return engine;
  }

  /** What node-postgres' PGlite connection calls for each protocol message it sends. */
  execProtocolStream(message: Uint8Array): Promise<ProtocolMessage[]> {
    // A copy: the serializer's buffer may be a slice of a pooled allocation that must not be detached.
    const copy = new Uint8Array(message);
    return this.#request({ type: 'exec', message: copy }, [copy.buffer]);
  }

  async close(): Promise<void> {
    if (this.#failure === undefined) await this.#request({ type: 'close' });
    this.#failure ??= new Error('The embedded database is closed.');
    await this.#worker.terminate();
  }

  #request(body: { type: 'exec'; message: Uint8Array } | { type: 'close' }, transfer: ArrayBuffer[] = []): Promise<ProtocolMessage[]> {
    if (this.#failure !== undefined) return Promise.reject(this.#failure);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ id, ...body }, transfer);
    });
  }

  /**
   * PostgreSQL's bytes, read as node-postgres reads a server's. An answer holds whole messages only, so
   * each has a parser of its own: nothing an answer leaves unread can spoil the next one.
   */
  #read(answer: Uint8Array): ProtocolMessage[] {
    const messages: ProtocolMessage[] = [];
    if (answer.length > 0)
      new Parser().parse(Buffer.from(answer.buffer, answer.byteOffset, answer.length), (message) => messages.push(message));
    return messages;
  }

  #fail(error: Error): Error {
    this.#failure ??= error;
    for (const request of this.#pending.values()) request.reject(error);
    this.#pending.clear();
    return error;
  }
}

function once(action: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= action());
}
