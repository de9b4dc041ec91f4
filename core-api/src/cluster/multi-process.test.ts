import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { createPaymentsSandbox, type PaymentsSandbox } from '../../sandbox/server';
import { loadConfig } from '../config';
import { type DatabaseHandle, openDatabase } from '../db/database';
import type { Database } from '../db/schema';
import { createTestUser, type TestUser } from '../testing/auth';
import { emulatorSignUp, startAuthEmulator } from '../testing/auth-emulator';
import { payoutProblems } from '../testing/money';
import { orderableProducts, testCheckout } from '../testing/orders';
import { createShop } from '../testing/shops';
import { hashToken } from '../modules/identity/repository';
import { REFRESH_COOKIE } from '../modules/identity/routes';
import { accountFor } from '../modules/identity/test-fixtures';

// Three API processes, started as server.ts starts, on one throw-away PostgreSQL database; each
// request goes to the process a test chooses. Run by `npm run test:postgres` (it needs DATABASE_URL).

const SERVER_URL = process.env.DATABASE_URL;
const ROOT = path.resolve(__dirname, '../../..');
const SERVER = path.join(ROOT, 'core-api/src/server.ts');
const AUTH_PER_IP = 5;
const AUTH_PER_ACCOUNT = 3;
const AUTH_PER_SESSION = 3;
/** What "visible on every process" must take at most. */
const PROPAGATION_MS = 1_000;

/** One API process: its port, and what it printed (shown when it fails to start). */
type ApiProcess = Readonly<{ name: string; port: number; child: ChildProcess; output: string[] }>;

interface Answer {
  status: number;
  body: { header: { isSuccess: boolean; customerMessage: string }; body: unknown };
  headers: Headers;
}

const describeWithPostgres = SERVER_URL ? describe : describe.skip;
if (!SERVER_URL) {
  console.log('multi-process tests skipped: they need a PostgreSQL server (DATABASE_URL); `npm run test:postgres` runs them.');
}

let databaseName: string;
let databaseUrl: string;
let database: DatabaseHandle;
let db: Kysely<Database>;
let dataDir: string;
let processes: ApiProcess[] = [];
/** The M-Pesa stand-in every process prompts through. */
let sandbox: PaymentsSandbox;
let sandboxUrl: string;
const secret = loadConfig({ NODE_ENV: 'test' }).jwtSecret;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

async function startProcess(name: string, extraEnv: Record<string, string> = {}): Promise<ApiProcess> {
  const port = await freePort();
  const { NODE_OPTIONS: _, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    cwd: ROOT,
    env: {
      ...env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      AUTH_RATE_LIMIT_PER_IP: String(AUTH_PER_IP),
      AUTH_RATE_LIMIT_PER_ACCOUNT: String(AUTH_PER_ACCOUNT),
      AUTH_RATE_LIMIT_PER_SESSION: String(AUTH_PER_SESSION),
      ORDER_RATE_LIMIT_PER_USER: '1000',
      // The expiry job every second, checked every 100 ms by each process.
      SCHEDULER_TICK_MS: '100',
      JOB_INTERVALS: 'order-expiry=1000',
      MPESA_BASE_URL: sandboxUrl,
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(String(chunk)));
  child.stderr?.on('data', (chunk: Buffer) => output.push(String(chunk)));
  const apiProcess = { name, port, child, output };
  const deadline = Date.now() + 50_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API process ${name} exited: ${output.join('')}`);
    if (Date.now() > deadline) throw new Error(`API process ${name} did not start: ${output.join('')}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return apiProcess;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function call(
  on: ApiProcess,
  method: string,
  url: string,
  { headers = {}, body }: { headers?: Record<string, string>; body?: unknown } = {},
): Promise<Answer> {
  const response = await fetch(`http://127.0.0.1:${on.port}${url}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Answer['body'], headers: response.headers };
}

/** Polls `check` until it holds; answers how long that took, or fails past `withinMs`. */
async function within(withinMs: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > withinMs) throw new Error(`not visible within ${withinMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const A = () => processes[0]!;
const B = () => processes[1]!;
const C = () => processes[2]!;

async function productWithStock(minStock: number): Promise<{ id: string; stock: number }> {
  const [product] = await orderableProducts(db, { minStock });
  if (!product) throw new Error(`no orderable seeded product with ${minStock} in stock`);
  return product;
}

const stockShownBy = async (on: ApiProcess, productId: string): Promise<number> =>
  ((await call(on, 'GET', `/v1/products/${productId}`)).body.body as { stockQuantity: number }).stockQuantity;

const order = (on: ApiProcess, buyer: TestUser, productId: string, quantity: number, key = randomUUID()) =>
  call(on, 'POST', '/v1/orders', {
    headers: { ...buyer.headers, 'idempotency-key': key },
    body: testCheckout({ items: [{ productId, quantity }] }),
  });

describeWithPostgres('several API processes on one PostgreSQL', () => {
  beforeAll(async () => {
    databaseName = `shambasoko_cluster_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: SERVER_URL });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    const url = new URL(SERVER_URL!);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shambasoko-cluster-'));
    await startAuthEmulator();
    sandbox = createPaymentsSandbox({ port: 0, host: '127.0.0.1' });
    sandboxUrl = await sandbox.listen();
    // Started together: migrations and seeds take turns under the advisory lock.
    processes = await Promise.all(['A', 'B', 'C'].map((name) => startProcess(name)));
    database = await openDatabase({ dataDir, databaseUrl });
    db = database.db;
  }, 120_000);

  afterAll(async () => {
    await Promise.all(
      processes.map(
        (p) =>
          new Promise<void>((resolve) => {
            if (p.child.exitCode !== null || p.child.signalCode !== null) return resolve();
            p.child.once('exit', () => resolve());
            p.child.kill('SIGTERM');
          }),
      ),
    );
    await database?.close();
    await sandbox?.close();
    if (databaseName) {
      const admin = new pg.Client({ connectionString: SERVER_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${databaseName} with (force)`);
      await admin.end();
    }
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('a refresh token reused on another process ends the sign-in on every process within 1 s', async () => {
    const ip = { 'x-forwarded-for': '10.0.1.1' };
    const account = await emulatorSignUp();
    const created = await call(A(), 'POST', '/v1/auth/create-account', {
      headers: ip,
      body: {
        idToken: account.idToken,
        account: accountFor(account),
      },
    });
    expect(created.status).toBe(201);
    const cookieOf = (answer: Answer) => /shambasoko_refresh=([^;]+)/.exec(answer.headers.get('set-cookie') ?? '')![1]!;
    const refreshOn = (on: ApiProcess, token: string) =>
      call(on, 'POST', '/v1/auth/refresh', { headers: { ...ip, cookie: `${REFRESH_COOKIE}=${token}` } });
    const first = cookieOf(created);

    // Used on A: rotated.
    const rotated = await refreshOn(A(), first);
    expect(rotated.status).toBe(200);
    const access = (rotated.body.body as { auth: { accessToken: string } }).auth.accessToken;
    const statusOn = async (on: ApiProcess) =>
      (await call(on, 'GET', '/v1/profile/status', { headers: { authorization: `Bearer ${access}` } })).status;
    // Every process has now cached the session as live.
    expect(await Promise.all(processes.map(statusOn))).toEqual([200, 200, 200]);

    // Past the grace window for a lost answer, the old token shown again on B is a stolen copy.
    await db
      .updateTable('refresh_tokens')
      .set({ used_at: new Date(Date.now() - 60_000) })
      .where('token_hash', '=', hashToken(decodeURIComponent(first)))
      .execute();
    expect((await refreshOn(B(), first)).status).toBe(401);
    // Each process's cache said "live" a moment ago (for 5 s): only the broadcast can end it this fast.
    await within(PROPAGATION_MS, async () => (await Promise.all(processes.map(statusOn))).every((s) => s === 401));
  }, 30_000);

  it('a sign-in rate limit of N a minute holds across the three processes together', async () => {
    const ip = { 'x-forwarded-for': '10.0.2.2' };
    const statuses: number[] = [];
    for (let i = 0; i < AUTH_PER_IP * 3; i += 1) {
      const answer = await call(processes[i % 3]!, 'POST', '/v1/auth/login', { headers: ip, body: { idToken: 'not-a-real-token' } });
      statuses.push(answer.status);
    }
    expect(statuses.filter((s) => s !== 429)).toHaveLength(AUTH_PER_IP);
    expect(statuses.slice(AUTH_PER_IP).every((s) => s === 429)).toBe(true);
  }, 30_000);

  it('a per-sign-in refresh limit spent through A and B is enforced on C, with Retry-After; another sign-in is not affected', async () => {
    const ip = { 'x-forwarded-for': '10.0.3.3' };
    const account = await emulatorSignUp();
    const created = await call(A(), 'POST', '/v1/auth/create-account', {
      headers: ip,
      body: { idToken: account.idToken, account: accountFor(account) },
    });
    expect(created.status).toBe(201);
    const cookieOf = (answer: Answer) => /shambasoko_refresh=([^;]+)/.exec(answer.headers.get('set-cookie') ?? '')![1]!;
    const refreshOn = (on: ApiProcess, token: string) =>
      call(on, 'POST', '/v1/auth/refresh', { headers: { ...ip, cookie: `${REFRESH_COOKIE}=${token}` } });
    let token = cookieOf(created);
    for (let i = 0; i < AUTH_PER_SESSION; i += 1) {
      const rotated = await refreshOn(i % 2 === 0 ? A() : B(), token);
      expect(rotated.status).toBe(200);
      token = cookieOf(rotated);
    }
    const refused = await refreshOn(C(), token);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The same person's other sign-in, from the same address, refreshes on C.
    const other = await call(B(), 'POST', '/v1/auth/login', { headers: ip, body: { idToken: account.idToken } });
    expect(other.status).toBe(200);
    expect((await refreshOn(C(), cookieOf(other))).status).toBe(200);
  }, 30_000);

  it('a per-account sign-in limit counts verified sign-ins on every process; checks naming the e-mail do not spend it', async () => {
    const account = await emulatorSignUp();
    // Each from its own address, so only the per-account budget is at stake.
    let host = 0;
    const from = () => ({ 'x-forwarded-for': `10.0.4.${(host += 1)}` });
    const created = await call(A(), 'POST', '/v1/auth/create-account', {
      headers: from(),
      body: { idToken: account.idToken, account: accountFor(account) },
    });
    expect(created.status).toBe(201);
    for (const on of processes) {
      expect((await call(on, 'POST', '/v1/auth/email-status', { headers: from(), body: { email: account.email } })).status).toBe(200);
    }
    const statuses: number[] = [];
    let last: Answer | undefined;
    for (let i = 0; i < AUTH_PER_ACCOUNT; i += 1) {
      last = await call(processes[(i + 1) % 3]!, 'POST', '/v1/auth/login', { headers: from(), body: { idToken: account.idToken } });
      statuses.push(last.status);
    }
    // create-account was the first of AUTH_PER_ACCOUNT; the last sign-in, on another process, is one too many.
    expect(statuses).toEqual([...Array<number>(AUTH_PER_ACCOUNT - 1).fill(200), 429]);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
  }, 30_000);

  it("an order on A changes the stock B's catalog shows within 1 s", async () => {
    const buyer = await createTestUser(db, secret);
    const product = await productWithStock(20);
    // B's cached answer is fresh for ~10 s: without a message from A it would show the old stock.
    expect(await stockShownBy(B(), product.id)).toBe(product.stock);
    expect(await stockShownBy(B(), product.id)).toBe(product.stock);
    expect((await order(A(), buyer, product.id, 3)).status).toBe(201);
    await within(PROPAGATION_MS, async () => (await stockShownBy(B(), product.id)) === product.stock - 3);
  }, 30_000);

  it("a listing created or renamed through A is found on B by words nobody searched there, within 1 s (B's search index)", async () => {
    const shop = await createShop(db, secret, { name: 'Indexed' });
    const total = async (q: string) =>
      ((await call(B(), 'GET', `/v1/products?q=${encodeURIComponent(q)}`)).body.body as { total: number }).total;
    // B's index is built and answering.
    expect(await total('okapiberry')).toBe(0);
    const created = await call(A(), 'POST', '/v1/seller/products', {
      headers: shop.user.headers,
      body: { title: 'Okapiberry jam', category: 'crops', unit: 'bag_90kg', price: 300, stock: 10 },
    });
    expect(created.status).toBe(201);
    const id = (created.body.body as { id: string }).id;
    await within(PROPAGATION_MS, async () => (await total('okapiberry jam')) === 1);
    const renamed = await call(A(), 'PATCH', `/v1/seller/products/${id}`, {
      headers: shop.user.headers,
      body: { title: 'Quaggaberry jam' },
    });
    expect(renamed.status).toBe(200);
    await within(PROPAGATION_MS, async () => (await total('quaggaberry')) === 1);
    expect(await total('okapiberry')).toBe(0);
  }, 30_000);

  it("a new order through A and its step through C show in the seller's Sales list kept on B within 1 s", async () => {
    const shop = await createShop(db, secret, { name: 'Kept Sales' });
    const buyer = await createTestUser(db, secret);
    type Sales = { total: number; items: { id: string; status: string }[] };
    const sales = async () => (await call(B(), 'GET', '/v1/seller/sales?status=all', { headers: shop.user.headers })).body.body as Sales;
    // Kept on B from here on: only a message can change what B answers.
    expect((await sales()).total).toBe(0);
    expect((await sales()).total).toBe(0);
    const placed = await order(A(), buyer, shop.productId, 1);
    expect(placed.status).toBe(201);
    await within(PROPAGATION_MS, async () => (await sales()).total === 1);
    const partId = (await sales()).items[0]!.id;
    const paid = await call(C(), 'POST', `/v1/seller/sales/${partId}/mark-paid`, {
      headers: { ...shop.user.headers, 'idempotency-key': randomUUID() },
    });
    expect(paid.status).toBe(200);
    await within(PROPAGATION_MS, async () => (await sales()).items[0]!.status === 'paid');
  }, 30_000);

  it("a farm renamed through A shows in its member's farm list kept on B within 1 s", async () => {
    const farmer = await createTestUser(db, secret, { roles: ['Farmer'] });
    const created = await call(A(), 'POST', '/v1/farms', {
      headers: farmer.headers,
      body: { name: 'Shamba la Kwanza', location: 'Nyeri', totalSize: 3, owner: 'Test' },
    });
    expect(created.status).toBe(201);
    const farmId = (created.body.body as { id: string }).id;
    const names = async () =>
      ((await call(B(), 'GET', '/v1/farms', { headers: farmer.headers })).body.body as { items: { name: string }[] }).items.map(
        (f) => f.name,
      );
    expect(await names()).toEqual(['Shamba la Kwanza']);
    expect((await call(A(), 'PATCH', `/v1/farms/${farmId}`, { headers: farmer.headers, body: { name: 'Shamba la Pili' } })).status).toBe(
      200,
    );
    await within(PROPAGATION_MS, async () => (await names())[0] === 'Shamba la Pili');
  }, 30_000);

  it('two buyers racing for the last unit through different processes: one 201, one 409', async () => {
    const [first, second] = await Promise.all([createTestUser(db, secret), createTestUser(db, secret)]);
    const product = await productWithStock(1);
    await db.updateTable('products').set({ stock_quantity: 1 }).where('id', '=', product.id).execute();
    const answers = await Promise.all([order(A(), first!, product.id, 1), order(B(), second!, product.id, 1)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const row = await db.selectFrom('products').select('stock_quantity').where('id', '=', product.id).executeTakeFirstOrThrow();
    expect(row.stock_quantity).toBe(0);
  }, 30_000);

  it('one phone number gets at most 3 M-Pesa PIN prompts in the window, whichever processes send them', async () => {
    const buyers = [await createTestUser(db, secret), await createTestUser(db, secret)];
    const product = await productWithStock(20);
    const mpesaOrder = (on: ApiProcess, buyer: TestUser) =>
      call(on, 'POST', '/v1/orders', {
        headers: { ...buyer.headers, 'idempotency-key': randomUUID() },
        body: testCheckout({ items: [{ productId: product.id, quantity: 1 }], payment: { method: 'mpesa', phone: '0799 123 456' } }),
      });
    // Six at once, two on each process, from two accounts: the count is one row of PostgreSQL's, not each process's.
    const answers = await Promise.all([A(), B(), C(), A(), B(), C()].map((on, i) => mpesaOrder(on, buyers[i % 2]!)));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(sandbox.prompts().filter((p) => p.phone === '254799123456')).toHaveLength(3);
    const payments = answers.map((a) => (a.body.body as { payment: { status: string } }).payment.status).sort();
    expect(payments).toEqual(['failed', 'failed', 'failed', 'pending', 'pending', 'pending']);
    // A refused order stays waiting; Try again on yet another process is refused with when to come back.
    const index = answers.findIndex((a) => (a.body.body as { payment: { status: string } }).payment.status === 'failed');
    const refused = answers[index]!.body.body as { id: string; status: string };
    expect(refused.status).toBe('pending_payment');
    const again = await call(processes[(index + 1) % 3]!, 'POST', `/v1/orders/${refused.id}/payments`, {
      headers: buyers[index % 2]!.headers,
      body: { method: 'mpesa', phone: '0799 123 456' },
    });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(sandbox.prompts().filter((p) => p.phone === '254799123456')).toHaveLength(3);
  }, 30_000);

  it('three payout requests for the same balance through three processes pay it once', async () => {
    const shop = await createShop(db, secret, { name: 'Cluster' });
    // Released earnings, written as the books write a release (a balanced set of lines).
    const txn = randomUUID();
    await db
      .insertInto('ledger_entries')
      .values([
        { txn_id: txn, kind: 'adjustment', account: 'platform:commission', amount: 2500 },
        { txn_id: txn, kind: 'adjustment', account: 'seller:available', seller_id: shop.sellerId, amount: -2500 },
      ])
      .execute();
    const payout = (on: ApiProcess) =>
      call(on, 'POST', '/v1/seller/payouts', { headers: { ...shop.user.headers, 'idempotency-key': randomUUID() }, body: {} });
    const answers = await Promise.all([payout(A()), payout(B()), payout(C())]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422, 422]);
    const rows = await db.selectFrom('disbursements').select(['originator_id', 'amount']).where('seller_id', '=', shop.sellerId).execute();
    expect(rows).toEqual([{ originator_id: expect.any(String), amount: 2500 }]);
    await within(5_000, async () => sandbox.disbursements().some((d) => d.originatorConversationId === rows[0]!.originator_id));
    await within(5_000, async () => {
      const row = await db.selectFrom('disbursements').select('status').where('seller_id', '=', shop.sellerId).executeTakeFirstOrThrow();
      return row.status === 'paid';
    });
    expect(await payoutProblems(db, [shop.sellerId])).toEqual([]);
  }, 30_000);

  it('the expiry job runs once per interval, not once per process', async () => {
    const runs = async () =>
      Number(
        (await db.selectFrom('scheduled_jobs').select('run_count').where('name', '=', 'order-expiry').executeTakeFirst())?.run_count ?? 0,
      );
    const before = await runs();
    const started = Date.now();
    await new Promise((r) => setTimeout(r, 4_000));
    const ran = (await runs()) - before;
    const intervals = (Date.now() - started) / 1_000;
    // Three processes check every 100 ms; with the lock it runs about once a second, not three times.
    expect(ran).toBeGreaterThanOrEqual(Math.floor(intervals) - 1);
    expect(ran).toBeLessThanOrEqual(Math.ceil(intervals) + 1);
  }, 30_000);

  it('a process killed in the middle of a load of orders: retries on another process lose and duplicate nothing', async () => {
    const buyers = await Promise.all([0, 1, 2, 3].map(() => createTestUser(db, secret)));
    const product = await productWithStock(200);
    const perBuyer = 8;
    let killed = false;
    const placed: Array<{ buyer: string; key: string; orderId: string }> = [];

    const placeWithRetries = async (buyer: TestUser, index: number) => {
      const key = randomUUID();
      for (let attempt = 0; attempt < 10; attempt += 1) {
        const alive = processes.filter((p) => p.child.exitCode === null && p.child.signalCode === null);
        const target = alive[(index + attempt) % alive.length]!;
        try {
          const answer = await order(target, buyer, product.id, 2, key);
          if (answer.status === 201 || answer.status === 200) {
            placed.push({ buyer: buyer.id, key, orderId: (answer.body.body as { id: string }).id });
            return;
          }
          // The first attempt's transaction still holds the key (409): wait and try again.
          if (answer.status !== 409) throw new Error(`order answered ${answer.status}: ${answer.body.header.customerMessage}`);
        } catch (error) {
          if (error instanceof Error && error.message.startsWith('order answered')) throw error;
          // The connection died with the process: the same key, on another one.
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('an order never got through');
    };

    const load = buyers.map(async (buyer, b) => {
      for (let i = 0; i < perBuyer; i += 1) {
        if (b === 0 && i === 3 && !killed) {
          killed = true;
          C().child.kill('SIGKILL');
        }
        await placeWithRetries(buyer, b * perBuyer + i);
      }
    });
    await Promise.all(load);
    expect(killed).toBe(true);

    expect(placed).toHaveLength(buyers.length * perBuyer);
    const buyerIds = buyers.map((b) => b.id);
    const orders = await db.selectFrom('orders').select('id').where('user_id', 'in', buyerIds).execute();
    expect(orders).toHaveLength(buyers.length * perBuyer);
    expect(new Set(placed.map((p) => p.orderId)).size).toBe(placed.length);
    const row = await db.selectFrom('products').select('stock_quantity').where('id', '=', product.id).executeTakeFirstOrThrow();
    expect(row.stock_quantity).toBe(product.stock - 2 * buyers.length * perBuyer);
  }, 45_000);

  it('API_PROCESSES=2: a killed worker is replaced, and SIGTERM drains every worker and exits 0', async () => {
    const primary = await startProcess('cluster', { API_PROCESSES: '2' });
    const workers = () => [...primary.output.join('').matchAll(/listening on \S+ \(process (\d+)\)/g)].map((m) => Number(m[1]));
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    await within(20_000, async () => workers().length === 2);
    const [victim] = workers();
    process.kill(victim!, 'SIGKILL');
    await within(20_000, async () => workers().length === 3);
    expect((await fetch(`http://127.0.0.1:${primary.port}/health`)).ok).toBe(true);

    const exited = new Promise<number | null>((resolve) => primary.child.once('exit', (code) => resolve(code)));
    primary.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(workers().filter(alive)).toEqual([]);
  }, 60_000);
});

// Messages (issue 41) need no Auth emulator: two processes of their own, so `-t message` runs alone.
describeWithPostgres('messages across API processes', () => {
  let messageProcesses: ApiProcess[] = [];
  let messageDatabase: DatabaseHandle | undefined;
  let messageDatabaseName: string | undefined;

  beforeAll(async () => {
    messageDatabaseName = `shambasoko_messages_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: SERVER_URL });
    await admin.connect();
    await admin.query(`create database ${messageDatabaseName}`);
    await admin.end();
    const url = new URL(SERVER_URL!);
    url.pathname = `/${messageDatabaseName}`;
    databaseUrl = url.toString();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shambasoko-messages-'));
    sandboxUrl = 'http://127.0.0.1:9';
    messageProcesses = await Promise.all(['A', 'B'].map((name) => startProcess(name)));
    messageDatabase = await openDatabase({ dataDir, databaseUrl });
  }, 120_000);

  afterAll(async () => {
    await Promise.all(
      messageProcesses.map(
        (p) =>
          new Promise<void>((resolve) => {
            if (p.child.exitCode !== null || p.child.signalCode !== null) return resolve();
            p.child.once('exit', () => resolve());
            p.child.kill('SIGTERM');
          }),
      ),
    );
    await messageDatabase?.close();
    if (messageDatabaseName) {
      const admin = new pg.Client({ connectionString: SERVER_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${messageDatabaseName} with (force)`);
      await admin.end();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('a message sent through process A reaches a message stream open on process B within 1 s', async () => {
    const [a, b] = messageProcesses as [ApiProcess, ApiProcess];
    const mdb = messageDatabase!.db;
    const shop = await createShop(mdb, secret, { name: 'Streamed' });
    const buyer = await createTestUser(mdb, secret, { firstName: 'Live', lastName: 'Buyer' });
    const started = await call(a, 'POST', '/v1/conversations', { headers: buyer.headers, body: { sellerId: shop.sellerId } });
    expect(started.status).toBe(200);
    const conversationId = (started.body.body as { id: string }).id;
    const ticket = await call(b, 'POST', '/v1/messages/stream-ticket', { headers: shop.user.headers });
    const controller = new AbortController();
    const stream = await fetch(`http://127.0.0.1:${b.port}/v1/messages/stream?ticket=${(ticket.body.body as { ticket: string }).ticket}`, {
      signal: controller.signal,
    });
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = stream.body!.getReader();
    try {
      const sentAt = Date.now();
      const sent = await call(a, 'POST', `/v1/conversations/${conversationId}/messages`, {
        headers: buyer.headers,
        body: { text: 'From A' },
      });
      expect(sent.status).toBe(201);
      const messageId = (sent.body.body as { id: string }).id;
      let text = '';
      while (!text.includes(messageId)) {
        const { value, done } = await Promise.race([
          reader.read(),
          new Promise<never>((_, fail) =>
            setTimeout(() => fail(new Error(`not on B within ${PROPAGATION_MS} ms: ${text}`)), PROPAGATION_MS),
          ),
        ]);
        if (done) throw new Error(`stream ended: ${text}`);
        text += new TextDecoder().decode(value);
      }
      expect(Date.now() - sentAt).toBeLessThan(PROPAGATION_MS);
      expect(text).toContain(conversationId);
    } finally {
      controller.abort();
    }
  });
});

// Notices (issue 41): three processes run the notice-outbox job every 200 ms over one backlog, each
// drain on its own connection while others may still be draining; every SMS and e-mail goes out once.
describeWithPostgres('notices across API processes', () => {
  const PER_CHANNEL = 120;
  let noticeProcesses: ApiProcess[] = [];
  let noticeDatabase: DatabaseHandle | undefined;
  let noticeDatabaseName: string | undefined;
  let catcher: PaymentsSandbox | undefined;

  beforeAll(async () => {
    noticeDatabaseName = `shambasoko_notices_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: SERVER_URL });
    await admin.connect();
    await admin.query(`create database ${noticeDatabaseName}`);
    await admin.end();
    const url = new URL(SERVER_URL!);
    url.pathname = `/${noticeDatabaseName}`;
    databaseUrl = url.toString();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shambasoko-notices-'));
    // The Africa's Talking stand-in and the mail catcher, shared by the three processes.
    catcher = createPaymentsSandbox({ port: 0, host: '127.0.0.1', smtpPort: 0 });
    sandboxUrl = await catcher.listen();
    const env = {
      AT_BASE_URL: `${sandboxUrl}/africastalking`,
      SMTP_URL: `smtp://127.0.0.1:${catcher.smtpPort()}`,
      SCHEDULER_TICK_MS: '50',
      JOB_INTERVALS: 'order-expiry=1000,notice-outbox=200',
    };
    noticeProcesses = await Promise.all(['A', 'B', 'C'].map((name) => startProcess(name, env)));
    noticeDatabase = await openDatabase({ dataDir, databaseUrl });
  }, 120_000);

  afterAll(async () => {
    await Promise.all(
      noticeProcesses.map(
        (p) =>
          new Promise<void>((resolve) => {
            if (p.child.exitCode !== null || p.child.signalCode !== null) return resolve();
            p.child.once('exit', () => resolve());
            p.child.kill('SIGTERM');
          }),
      ),
    );
    await noticeDatabase?.close();
    await catcher?.close();
    if (noticeDatabaseName) {
      const admin = new pg.Client({ connectionString: SERVER_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${noticeDatabaseName} with (force)`);
      await admin.end();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('each notice of a backlog is sent once, by SMS and by e-mail, with three processes draining it', async () => {
    const ndb = noticeDatabase!.db;
    const stamp = randomUUID().slice(0, 8);
    const due = new Date(Date.now() - 60_000);
    const rows = Array.from({ length: PER_CHANNEL }, (_, i) => [
      {
        channel: 'sms' as const,
        recipient: `+2547${String(10_000_000 + i)}`,
        body: `Notice ${stamp} number ${i}`,
        next_attempt_at: due,
      },
      {
        channel: 'email' as const,
        recipient: `notice-${stamp}-${i}@example.test`,
        subject: `Notice ${stamp} number ${i}`,
        body: `Notice ${stamp} number ${i}`,
        next_attempt_at: due,
      },
    ]).flat();
    await ndb.insertInto('notice_outbox').values(rows).execute();

    const sent = async () =>
      Number(
        (
          await ndb
            .selectFrom('notice_outbox')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('body', 'like', `Notice ${stamp} %`)
            .where('status', '=', 'sent')
            .executeTakeFirstOrThrow()
        ).n,
      );
    await within(60_000, async () => (await sent()) === rows.length);
    // Time for a late duplicate (a drain that claimed a row twice) to arrive.
    await new Promise((r) => setTimeout(r, 1_500));

    const smsTexts = catcher!
      .sms()
      .map((m) => m.message)
      .filter((text) => text.includes(stamp));
    const mailSubjects = catcher!
      .mail()
      .map((m) => m.subject)
      .filter((subject) => subject.includes(stamp));
    const expected = rows.filter((r) => r.channel === 'sms').map((r) => r.body);
    expect(smsTexts.sort()).toEqual([...expected].sort());
    expect(mailSubjects.sort()).toEqual([...expected].sort());
    const attempts = await ndb
      .selectFrom('notice_outbox')
      .select('attempts')
      .where('body', 'like', `Notice ${stamp} %`)
      .where('attempts', '<>', 1)
      .execute();
    expect(attempts).toEqual([]);
    const runs = await ndb.selectFrom('scheduled_jobs').select('run_count').where('name', '=', 'notice-outbox').executeTakeFirst();
    expect(Number(runs?.run_count ?? 0)).toBeGreaterThan(1);
  }, 120_000);
});
