import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Kysely, KyselyPlugin } from 'kysely';
import type { DestinationStream } from 'pino';
import { seedRemoteRegistry } from '../../seed/remote-registry';
import { buildApp } from '../app';
import { createSessionGuard } from '../auth/sessions';
import { loadConfig, type Config } from '../config';
import { migrateToLatest } from '../db/migrate';
import type { Envelope } from '../http/envelope';
import type { Database } from '../db/schema';
import { openTestDatabase } from './test-database';

export interface TestRequest {
  method: string;
  url: string;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string or a Buffer (a file upload) as-is. */
  payload?: string | Buffer | object;
}

/** Shaped like light-my-request's answer, so tests can move to `app.inject` unchanged. */
export interface TestResponse {
  statusCode: number;
  headers: http.IncomingHttpHeaders;
  payload: string;
  rawPayload: Buffer;
  /** Parsed payload; the type is the caller's claim (an envelope unless told otherwise). */
  json<T = Envelope<unknown>>(): T;
}

export interface TestApp {
  /** Not yet listening: a test may still add routes before its first request. */
  app: FastifyInstance;
  db: Kysely<Database>;
  config: Config;
  /** Over a real socket on a free port (listening on first use). */
  request(request: TestRequest, options?: RequestLimit): Promise<TestResponse>;
  close(): Promise<void>;
}

/** The real app, started the way server.ts starts it, on a fresh test database. */
export async function startTestApp(
  env: Record<string, string> = {},
  { logStream, plugins = [] }: { logStream?: DestinationStream; plugins?: KyselyPlugin[] } = {},
): Promise<TestApp> {
  // A copy of a database the migrations and the seeds already ran on (embedded and on a server): the
  // migrations find nothing to do, as at a server's second start. Of the seeds, only the remote
  // registry's first manifest is not in the copy (it comes from the config); the others would find
  // nothing to do (identity/seeds.test.ts) and took ~0.1 s a test app.
  const database = await openTestDatabase({ migrated: true, seeded: true });
  const db = database.handle.db;
  await migrateToLatest(db);
  // A search thread (SEARCH_THREAD=on) reads the catalog through connections of its own: to this database.
  const thread = env.SEARCH_THREAD === 'on' && database.url !== undefined ? { DATABASE_URL: database.url } : {};
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: database.dataDir, ...thread, ...env });
  if (config.remotesSeed) await seedRemoteRegistry(db, config.remotesSeed);
  // Plugins (a statement counter) see what the app runs, not the test's own setup through `db`, nor the
  // session check: its facts are kept a few seconds and read again behind whichever request finds them
  // stale, so a count or log of one request would catch it at random.
  const app = await buildApp({
    db: plugins.reduce((d, plugin) => d.withPlugin(plugin), db),
    config,
    logStream,
    sessions: createSessionGuard(db),
  });
  return {
    app,
    db,
    config,
    request: (request, options) => sendOverHttp(app, request, options),
    close: async () => {
      await app.close();
      await database.dispose();
    },
  };
}

/**
 * A time limit for one request: past `limitMs` without an answer it fails. An event stream counts as
 * answered once its head arrives (status and `text/event-stream`): its body never ends by design, so
 * the connection is cut there and the payload is empty.
 */
export interface RequestLimit {
  limitMs: number;
}

/**
 * Real HTTP rather than `app.inject`: inject loads light-my-request, whose `cookie` 2.x dependency is
 * ESM-only, and jest on Node 20 cannot require ESM.
 */
export async function sendOverHttp(app: FastifyInstance, request: TestRequest, limit?: RequestLimit): Promise<TestResponse> {
  if (app.server.address() === null) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const headers: Record<string, string> = { ...request.headers };
  let body: string | Buffer | undefined;
  if (typeof request.payload === 'string' || Buffer.isBuffer(request.payload)) {
    body = request.payload;
  } else if (request.payload !== undefined) {
    body = JSON.stringify(request.payload);
    headers['content-type'] ??= 'application/json';
  }
  // Node frames a DELETE body only when told its length, as real clients do.
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));

  return new Promise((resolve, reject) => {
    const timer =
      limit &&
      setTimeout(() => {
        req.destroy();
        reject(new Error(`no answer within ${limit.limitMs} ms`));
      }, limit.limitMs);
    const done = (answer: TestResponse) => {
      clearTimeout(timer);
      resolve(answer);
    };
    // A fresh connection per request: the server may close one after refusing a body it did not read.
    const req = http.request({ host: '127.0.0.1', port, method: request.method, path: request.url, headers, agent: false }, (res) => {
      if (limit && String(res.headers['content-type'] ?? '').startsWith('text/event-stream')) {
        req.destroy();
        const rawPayload = Buffer.alloc(0);
        done({ statusCode: res.statusCode ?? 0, headers: res.headers, payload: '', rawPayload, json: <T>() => JSON.parse('') as T });
        return;
      }
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const rawPayload = Buffer.concat(chunks);
        const payload = rawPayload.toString('utf8');
        done({
          statusCode: res.statusCode ?? 0,
          headers: res.headers,
          payload,
          rawPayload,
          json: <T>() => JSON.parse(payload) as T,
        });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}
