import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { runSeeds } from '../../seed/run-seeds';
import { issueTestToken } from '../testing/auth';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import type { Database } from '../db/schema';
import { createTestDataDir } from '../testing/test-database';

// Kills the real core API (SIGKILL, no shutdown hook runs) while several clients place orders, starts
// it again on the same data (DATA_DIR, or DATABASE_URL when set) and checks the books: every order
// that was answered 201 is there with all its items and its stock decrement, and nothing is half-
// written (an order without items, stock gone without an order, a key claimed without its order).

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const JWT_SECRET = `crash-${randomUUID()}`;
const CLIENTS = 6;
const PRODUCTS = 5;
const START_STOCK = 10_000;
/** Kill once this many orders were acknowledged (and at least this long after the stream began). */
const ACKS_BEFORE_KILL = 25;
const MIN_STREAM_MS = 1_200;

interface Ack {
  orderId: string;
  key: string;
  userId: string;
  items: Map<string, number>;
}

interface Server {
  child: ChildProcess;
  port: number;
  exited: Promise<void>;
  output: string[];
}

let dataDir: string;
let databaseUrl: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
let server: Server | undefined;
const users: Array<{ id: string; headers: Record<string, string> }> = [];
let productIds: string[] = [];

async function withDb<T>(action: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  const handle = await openDatabase({ dataDir, databaseUrl });
  try {
    return await action(handle.db);
  } finally {
    await handle.close();
  }
}

/** Like the benches' startApi: the real server.ts in its own process, on a free loopback port. */
async function startServer(): Promise<Server> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_OPTIONS: '',
    NODE_ENV: 'development',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    JWT_SECRET,
    LOG_LEVEL: 'error',
    FIREBASE_AUTH_EMULATOR_HOST: '',
    // Each client orders back to back: far more than a buyer's order rate limit allows.
    ORDER_RATE_LIMIT_PER_USER: '1000000',
  };
  if (databaseUrl === undefined) delete env.DATABASE_URL;
  else env.DATABASE_URL = databaseUrl;
  const child = spawn(process.execPath, ['--import', 'tsx', 'core-api/src/server.ts'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`core-api did not start in 30 s:\n${output.join('')}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      const match = /core-api listening on http:\/\/[^:]+:(\d+)/.exec(output.join(''));
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`core-api exited during start:\n${output.join('')}`));
    });
  });
  return { child, port, exited, output };
}

async function kill(target: Server, signal: NodeJS.Signals): Promise<void> {
  if (target.child.exitCode === null && target.child.signalCode === null) target.child.kill(signal);
  await target.exited;
}

interface Answer {
  status: number;
  body: { header: { customerMessage: string }; body: { id: string; items: Array<{ productId: string; quantity: number }> } | null } | null;
}

/** One request on its own connection; a connection cut by the kill rejects. */
function post(port: number, url: string, headers: Record<string, string>, payload: object): Promise<Answer> {
  const body = JSON.stringify(payload);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: url,
        agent: false,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Answer['body'] });
          } catch {
            reject(new Error(`unreadable answer ${res.statusCode}: ${text.slice(0, 100)}`));
          }
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function checkout(items: Array<{ productId: string; quantity: number }>) {
  return {
    shipping: {
      firstName: 'Achieng',
      lastName: 'Otieno',
      email: 'achieng@example.co.ke',
      phone: '0712 345 678',
      address: 'Plot 4, Oginga Odinga Street',
      city: 'Kisumu',
      state: 'Kisumu',
      postalCode: '40100',
    },
    delivery: 'standard' as const,
    payment: { method: 'bank' as const },
    items,
  };
}

beforeAll(async () => {
  dataDir = await createTestDataDir();
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl !== undefined && serverUrl !== '') {
    const name = `shambasoko_crash_${randomUUID().replaceAll('-', '')}`;
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    };
    await admin(`create database ${name}`);
    dropDatabase = () => admin(`drop database if exists ${name} with (force)`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  // Prepared here, then closed: the embedded engine lets one process at a time open the folder.
  await withDb(async (db) => {
    await migrateToLatest(db);
    await runSeeds(db, 'test');
    const products = await db
      .selectFrom('products')
      .select('id')
      .where('category', '<>', 'services')
      .orderBy('id')
      .limit(PRODUCTS)
      .execute();
    productIds = products.map((p) => p.id);
    await db.updateTable('products').set({ stock_quantity: START_STOCK }).where('id', 'in', productIds).execute();
    for (let i = 0; i < CLIENTS; i += 1) {
      const row = await db
        .insertInto('users')
        .values({
          firebase_uid: `crash-${randomUUID()}`,
          email: `crash${i}-${randomUUID().slice(0, 8)}@example.co.ke`,
          username: `crash${i}${randomUUID().slice(0, 8)}`,
          first_name: 'Crash',
          last_name: `Buyer${i}`,
          full_name: `Crash Buyer${i}`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const token = await issueTestToken(db, JWT_SECRET, row.id);
      users.push({ id: row.id, headers: { authorization: `Bearer ${token}` } });
    }
  });
}, 60_000);

afterAll(async () => {
  if (server) await kill(server, 'SIGKILL');
  await dropDatabase?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

/** Orders back to back until `stop()`; returns what was acknowledged and what was lost in flight. */
function orderStream(port: number) {
  const acks: Ack[] = [];
  const unknown: Ack[] = [];
  const refusals: string[] = [];
  let stopped = false;
  let n = 0;
  const loops = users.map(async (user, c) => {
    while (!stopped) {
      n += 1;
      const lines = new Map<string, number>();
      // Each order touches one or two products, so the kill can land between a decrement and the next.
      lines.set(productIds[(n + c) % PRODUCTS]!, 1 + (n % 3));
      if (n % 2 === 0) lines.set(productIds[(n + c + 2) % PRODUCTS]!, 1);
      const key = `crash-${c}-${n}-${randomUUID()}`;
      const items = [...lines].map(([productId, quantity]) => ({ productId, quantity }));
      try {
        const res = await post(port, '/v1/orders', { ...user.headers, 'idempotency-key': key }, checkout(items));
        if (res.status === 201 && res.body?.body) acks.push({ orderId: res.body.body.id, key, userId: user.id, items: lines });
        else refusals.push(`${res.status} ${res.body?.header.customerMessage ?? ''}`);
      } catch {
        // Cut by the kill: the order may or may not exist, but it must be whole either way.
        unknown.push({ orderId: '', key, userId: user.id, items: lines });
        return;
      }
    }
  });
  return {
    acks,
    unknown,
    refusals,
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
    },
    done: Promise.all(loops),
  };
}

describe('crash safety of order placement', () => {
  it('keeps every acknowledged order whole across a SIGKILL and a restart, and writes nothing by halves', async () => {
    server = await startServer();
    const stream = orderStream(server.port);
    const started = Date.now();
    while (stream.acks.length < ACKS_BEFORE_KILL || Date.now() - started < MIN_STREAM_MS) {
      if (Date.now() - started > 20_000)
        throw new Error(`only ${stream.acks.length} orders in 20 s: ${stream.refusals.slice(0, 3).join('; ')}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    // Mid-stream: every client has a request in flight at this moment.
    await kill(server, 'SIGKILL');
    await stream.done;
    const acknowledged = [...stream.acks];
    expect(stream.refusals).toEqual([]);
    // The kill really landed mid-stream: some requests were cut before their answer.
    expect(stream.unknown.length).toBeGreaterThan(0);
    expect(acknowledged.length).toBeGreaterThanOrEqual(ACKS_BEFORE_KILL);

    // Same data, new process: it must start (stale lock, crash recovery) and keep taking orders.
    server = await startServer();
    const after = await post(
      server.port,
      '/v1/orders',
      { ...users[0]!.headers, 'idempotency-key': `after-${randomUUID()}` },
      checkout([{ productId: productIds[0]!, quantity: 1 }]),
    );
    expect(after.status).toBe(201);
    acknowledged.push({ orderId: after.body!.body!.id, key: 'after', userId: users[0]!.id, items: new Map([[productIds[0]!, 1]]) });
    // A retry of a request cut in flight answers its order if it was placed (200), or places it now
    // (201): either way one order per key.
    for (const lost of stream.unknown) {
      const user = users.find((u) => u.id === lost.userId)!;
      const items = [...lost.items].map(([productId, quantity]) => ({ productId, quantity }));
      const retry = await post(server.port, '/v1/orders', { ...user.headers, 'idempotency-key': lost.key }, checkout(items));
      expect([200, 201]).toContain(retry.status);
      acknowledged.push({ ...lost, orderId: retry.body!.body!.id });
    }
    await kill(server, 'SIGTERM');
    server = undefined;

    await withDb(async (db) => {
      const orders = await db.selectFrom('orders').select(['id', 'user_id', 'subtotal', 'discount', 'delivery_fee', 'total']).execute();
      const items = await db.selectFrom('order_items').select(['order_id', 'product_id', 'quantity', 'unit_price']).execute();
      const keys = await db.selectFrom('idempotency_keys').select(['key', 'order_id']).execute();
      const stock = await db.selectFrom('products').select(['id', 'stock_quantity']).where('id', 'in', productIds).execute();

      const problems: string[] = [];
      const byId = new Map(orders.map((o) => [o.id, o]));
      // Acknowledged → present, with exactly the items that were answered.
      for (const ack of acknowledged) {
        const order = byId.get(ack.orderId);
        if (!order) {
          problems.push(`acknowledged order ${ack.orderId} (key ${ack.key}) is missing`);
          continue;
        }
        const got = items
          .filter((i) => i.order_id === ack.orderId)
          .map((i) => `${i.product_id}×${i.quantity}`)
          .sort();
        const want = [...ack.items].map(([p, q]) => `${p}×${q}`).sort();
        if (got.join() !== want.join()) problems.push(`order ${ack.orderId} has items ${got.join()} instead of ${want.join()}`);
      }
      // Nothing half-written: every order has items, a key and consistent money; every key has its order.
      for (const order of orders) {
        const own = items.filter((i) => i.order_id === order.id);
        if (own.length === 0) problems.push(`order ${order.id} has no items`);
        const subtotal = own.reduce((sum, i) => sum + i.unit_price * i.quantity, 0);
        if (order.subtotal !== subtotal || order.total !== subtotal - order.discount + order.delivery_fee)
          problems.push(`order ${order.id} totals do not add up`);
      }
      for (const key of keys) if (key.order_id === null) problems.push(`idempotency key ${key.key} claimed without an order`);
      if (keys.length !== orders.length) problems.push(`${keys.length} keys for ${orders.length} orders`);
      // Stock gone = units ordered, product by product.
      for (const product of stock) {
        const ordered = items.filter((i) => i.product_id === product.id).reduce((sum, i) => sum + i.quantity, 0);
        if (START_STOCK - product.stock_quantity !== ordered) {
          problems.push(`product ${product.id}: stock down by ${START_STOCK - product.stock_quantity}, orders hold ${ordered}`);
        }
      }
      const integrity = await sql<{
        ok: boolean;
      }>`select count(*) = 0 as ok from order_items i left join orders o on o.id = i.order_id where o.id is null`.execute(db);
      if (integrity.rows[0]?.ok !== true) problems.push('order items without an order');
      expect(problems).toEqual([]);
      expect(orders.length).toBeGreaterThanOrEqual(acknowledged.length);
    });
  }, 60_000);
});
