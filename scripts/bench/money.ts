// npm run bench:money: the money machinery on an embedded database in a temp folder, with the payments
// sandbox in this process (wired as core-api/src/modules/payments/payouts.test.ts wires it).
// 1. Ledger size: --orders N (default 1,000) orders of two of 50 sellers' parts each through the API (bank,
//    marked paid by each seller, delivered, confirmed by the buyer), 5 % of parts cancelled by their
//    seller once paid (a refund due), every seller paid out once; rows and bytes per 1,000 orders.
// 2. A payout end to end: --payouts N (default 30) payouts over real HTTP, each from POST /v1/seller/payouts
//    until its disbursement row is paid (polled every 5 ms), against the bare baseline: the same B2C
//    request posted straight to the sandbox, timed until the script's own server receives its result.
// Usage: node --import tsx scripts/bench/money.ts [--orders=1000] [--payouts=30]
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { SANDBOX_B2C, SANDBOX_CREDENTIALS, createPaymentsSandbox } from '../../core-api/sandbox/server';
import { runSeeds } from '../../core-api/seed/run-seeds';
import { buildApp } from '../../core-api/src/app';
import { loadConfig } from '../../core-api/src/config';
import { openDatabase } from '../../core-api/src/db/database';
import { migrateToLatest } from '../../core-api/src/db/migrate';
import type { Database } from '../../core-api/src/db/schema';
import { createTestUser, type TestUser } from '../../core-api/src/testing/auth';
import { ledgerProblems, payoutProblems } from '../../core-api/src/testing/money';
import { testCheckout } from '../../core-api/src/testing/orders';
import { createShop, type TestShop } from '../../core-api/src/testing/shops';
import { sendOverHttp } from '../../core-api/src/testing/test-app';

type App = Awaited<ReturnType<typeof buildApp>>;

function option(name: string, fallback: number): number {
  const arg = process.argv.find((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (arg === undefined) return fallback;
  const value = arg.includes('=') ? arg.split('=')[1] : process.argv[process.argv.indexOf(arg) + 1];
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} takes a whole number, got ${value}`);
  return n;
}

const ORDERS = option('orders', 1000);
const PAYOUTS = option('payouts', 30);
const SELLERS = 50;
const TOKEN = 'bench-b2c-token';
const TABLES = ['ledger_entries', 'disbursements', 'orders', 'order_fulfilments', 'payments'] as const;

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
const figures = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return { median: quantile(sorted, 0.5), p95: quantile(sorted, 0.95) };
};

interface Answer {
  statusCode: number;
  body: unknown;
}

/** app.inject for the bulk of the orders: the socket would only add noise to a count of rows. */
async function call(app: App, method: string, url: string, user: TestUser, payload?: object): Promise<Answer> {
  const res = await app.inject({
    method: method as 'POST',
    url,
    headers: { ...user.headers, ...(method === 'POST' && url === '/v1/orders' ? { 'idempotency-key': randomUUID() } : {}) },
    ...(payload === undefined ? {} : { payload }),
  });
  const parsed = JSON.parse(res.payload) as { header: { customerMessage: string }; body: unknown };
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${parsed.header.customerMessage}`);
  return { statusCode: res.statusCode, body: parsed.body };
}

interface Part {
  id: string;
  seller: { id: string };
}
interface PlacedOrder {
  id: string;
  fulfilments: Part[];
}

async function sizes(db: Kysely<Database>): Promise<Record<string, { rows: number; bytes: number }>> {
  const out: Record<string, { rows: number; bytes: number }> = {};
  for (const table of TABLES) {
    const { rows } = await sql<{ rows: string; bytes: string }>`
      select (select count(*) from ${sql.table(table)}) as rows, pg_total_relation_size(${table}::regclass) as bytes`.execute(db);
    out[table] = { rows: Number(rows[0]!.rows), bytes: Number(rows[0]!.bytes) };
  }
  return out;
}

async function waitForPaid(db: Kysely<Database>, ids: readonly string[], pollMs: number, limitMs = 60_000): Promise<void> {
  const until = Date.now() + limitMs;
  for (;;) {
    const rows = await db.selectFrom('disbursements').select(['id', 'status']).where('id', 'in', ids).execute();
    if (rows.length === ids.length && rows.every((r) => r.status === 'paid')) return;
    const stuck = rows.find((r) => r.status === 'failed');
    if (stuck !== undefined) throw new Error(`disbursement ${stuck.id} failed`);
    if (Date.now() > until) throw new Error(`disbursements not paid after ${limitMs} ms: ${JSON.stringify(rows)}`);
    await sleep(pollMs);
  }
}

async function main(): Promise<void> {
  const startedAt = Date.now();
  console.log(`bench:money  ${new Date().toISOString()}  orders ${ORDERS}, payouts ${PAYOUTS}`);
  console.log(`load average at start: ${load()}`);

  const sandbox = createPaymentsSandbox({ port: 0, host: '127.0.0.1', log: () => {} });
  const base = await sandbox.listen();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shambasoko-bench-money-'));
  const handle = await openDatabase({ dataDir });
  const db = handle.db;
  await migrateToLatest(db);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    ORDER_RATE_LIMIT_PER_USER: '1000000',
    MPESA_PUSH_LIMIT_PER_PHONE: '1000',
    MPESA_PUSH_LIMIT_PER_ACCOUNT: '1000',
    MPESA_BASE_URL: base,
    MPESA_CONSUMER_KEY: SANDBOX_CREDENTIALS.consumerKey,
    MPESA_CONSUMER_SECRET: SANDBOX_CREDENTIALS.consumerSecret,
    PAYOUT_DAILY_LIMIT_KES: '250000',
  });
  await runSeeds(db, config.nodeEnv, config.remotesSeed);
  const app = await buildApp({ db, config });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  config.payments.mpesa!.callbackUrl = `http://127.0.0.1:${port}/v1/payments/mpesa/callback/${TOKEN}`;
  config.payments.b2c!.resultUrl = `http://127.0.0.1:${port}/v1/payments/b2c/result/${TOKEN}`;

  try {
    // 1. Ledger size per 1,000 orders.
    const buyer = await createTestUser(db, config.jwtSecret, { roles: ['Buyer'] });
    const shops: TestShop[] = [];
    for (let i = 0; i < SELLERS; i += 1)
      shops.push(await createShop(db, config.jwtSecret, { name: `Bench${i}`, price: 100 + 20 * i, stock: 1_000_000 }));
    const shopOf = new Map(shops.map((s) => [s.sellerId, s]));
    const before = await sizes(db);

    const phase1 = performance.now();
    const orderIds: string[] = [];
    let partCount = 0;
    let cancelled = 0;
    for (let i = 0; i < ORDERS; i += 1) {
      const a = shops[i % SELLERS]!;
      const b = shops[(i + 1 + (i % 3)) % SELLERS]!;
      const items = [
        { productId: a.productId, quantity: 1 + (i % 3) },
        { productId: b.productId, quantity: 1 },
      ];
      const order = (await call(app, 'POST', '/v1/orders', buyer, testCheckout({ items }))).body as PlacedOrder;
      orderIds.push(order.id);
      for (const part of order.fulfilments) {
        partCount += 1;
        const seller = shopOf.get(part.seller.id)!.user;
        const sale = `/v1/seller/sales/${part.id}`;
        await call(app, 'POST', `${sale}/mark-paid`, seller);
        // Every 20th part: its seller cancels it once paid, before dispatch (a refund due).
        if (partCount % 20 === 0) {
          await call(app, 'POST', `${sale}/cancel`, seller, { reason: 'Out of stock after all' });
          cancelled += 1;
          continue;
        }
        await call(app, 'POST', `${sale}/accept`, seller);
        await call(app, 'POST', `${sale}/dispatch`, seller, { note: '' });
        await call(app, 'POST', `${sale}/deliver`, seller);
        await call(app, 'POST', `/v1/orders/${order.id}/fulfilments/${part.id}/confirm-delivery`, buyer);
      }
    }
    const placedMs = performance.now() - phase1;

    const payoutIds: string[] = [];
    for (const shop of shops) {
      // With fewer orders than sellers some have nothing to pay out.
      const balance = (await call(app, 'GET', '/v1/seller/balance', shop.user)).body as { available: number };
      if (balance.available < 100) continue;
      const res = await sendOverHttp(app, {
        method: 'POST',
        url: '/v1/seller/payouts',
        headers: { ...shop.user.headers, 'idempotency-key': randomUUID() },
        payload: {},
      });
      if (res.statusCode !== 201) throw new Error(`payout for ${shop.sellerId}: ${res.statusCode} ${res.payload}`);
      payoutIds.push(res.json<{ body: { id: string } }>().body.id);
    }
    await waitForPaid(db, payoutIds, 20);
    const phase1Ms = performance.now() - phase1;

    const after = await sizes(db);
    const per1000 = 1000 / ORDERS;
    console.log(
      `\n1. Ledger size: ${ORDERS} orders, ${partCount} parts (${cancelled} cancelled once paid), ${payoutIds.length} of ${SELLERS} sellers each paid out once`,
    );
    console.log(`   orders through the API in ${(placedMs / 1000).toFixed(1)} s, with the payouts ${(phase1Ms / 1000).toFixed(1)} s`);
    console.log('   table              | rows added | per 1,000 orders: rows, bytes (table + indexes)');
    for (const table of TABLES) {
      const rows = after[table]!.rows - before[table]!.rows;
      const bytes = after[table]!.bytes - before[table]!.bytes;
      console.log(
        `   ${table.padEnd(18)} | ${String(rows).padStart(10)} | ${String(Math.round(rows * per1000)).padStart(6)}, ${(
          (bytes * per1000) /
          1024
        ).toFixed(1)} KiB`,
      );
    }
    const ledgerRows = after.ledger_entries!.rows - before.ledger_entries!.rows;
    const orderLines = await db
      .selectFrom('ledger_entries')
      .select(db.fn.countAll<string>().as('n'))
      .where('order_id', 'in', orderIds)
      .executeTakeFirstOrThrow();
    console.log(
      `   ledger lines per order: ${(Number(orderLines.n) / ORDERS).toFixed(2)} carrying its order's id, ${(ledgerRows / ORDERS).toFixed(
        2,
      )} with the payouts' lines`,
    );
    const checking = performance.now();
    const problems = await ledgerProblems(db, orderIds);
    const payoutIssues = await payoutProblems(
      db,
      shops.map((s) => s.sellerId),
    );
    console.log(`   ledgerProblems: ${JSON.stringify(problems)}`);
    console.log(`   payoutProblems: ${JSON.stringify(payoutIssues)}`);
    console.log(`   (both checks took ${((performance.now() - checking) / 1000).toFixed(1)} s)`);

    // 2. A payout end to end. A seller with enough released for every payout (100 each).
    const payer = await createShop(db, config.jwtSecret, { name: 'BenchPayer', price: 10_000, stock: 100 });
    const order = (
      await call(
        app,
        'POST',
        '/v1/orders',
        buyer,
        testCheckout({ items: [{ productId: payer.productId, quantity: Math.ceil(PAYOUTS / 80) + 1 }] }),
      )
    ).body as PlacedOrder;
    const part = order.fulfilments[0]!;
    for (const step of ['mark-paid', 'accept', 'dispatch', 'deliver'])
      await call(app, 'POST', `/v1/seller/sales/${part.id}/${step}`, payer.user, step === 'dispatch' ? { note: '' } : undefined);
    await call(app, 'POST', `/v1/orders/${order.id}/fulfilments/${part.id}/confirm-delivery`, buyer);

    const payOnce = async () => {
      const started = performance.now();
      const res = await sendOverHttp(app, {
        method: 'POST',
        url: '/v1/seller/payouts',
        headers: { ...payer.user.headers, 'idempotency-key': randomUUID() },
        payload: { amount: 100 },
      });
      if (res.statusCode !== 201) throw new Error(`payout: ${res.statusCode} ${res.payload}`);
      await waitForPaid(db, [res.json<{ body: { id: string } }>().body.id], 5, 10_000);
      return performance.now() - started;
    };
    await payOnce(); // warm-up, not counted
    const appMs: number[] = [];
    for (let i = 0; i < PAYOUTS; i += 1) appMs.push(await payOnce());

    // The bare baseline: the same B2C request straight to the sandbox, our own server taking the result.
    const waiting = new Map<string, () => void>();
    const receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const result = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { Result?: { OriginatorConversationID?: string } }).Result;
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ResultCode":0,"ResultDesc":"Accepted"}');
        const id = result?.OriginatorConversationID;
        if (id !== undefined) waiting.get(id)?.();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    const basic = Buffer.from(`${SANDBOX_CREDENTIALS.consumerKey}:${SANDBOX_CREDENTIALS.consumerSecret}`).toString('base64');
    const tokenRes = await fetch(`${base}/oauth/v1/generate?grant_type=client_credentials`, {
      headers: { authorization: `Basic ${basic}` },
    });
    const { access_token: accessToken } = (await tokenRes.json()) as { access_token: string };
    const bareOnce = async () => {
      const originator = randomUUID();
      const started = performance.now();
      const received = new Promise<void>((resolve) => waiting.set(originator, resolve));
      const res = await fetch(`${base}/mpesa/b2c/v3/paymentrequest`, {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          OriginatorConversationID: originator,
          InitiatorName: SANDBOX_B2C.initiator,
          SecurityCredential: SANDBOX_B2C.securityCredential,
          CommandID: 'BusinessPayment',
          Amount: 100,
          PartyA: SANDBOX_B2C.shortcode,
          PartyB: '254711000111',
          Remarks: 'Bench payout',
          QueueTimeOutURL: `${receiverUrl}/timeout`,
          ResultURL: `${receiverUrl}/result`,
          Occasion: 'bench',
        }),
      });
      if (res.status !== 200) throw new Error(`sandbox B2C: ${res.status} ${await res.text()}`);
      await received;
      waiting.delete(originator);
      return performance.now() - started;
    };
    await bareOnce(); // warm-up, not counted
    const bareMs: number[] = [];
    for (let i = 0; i < PAYOUTS; i += 1) bareMs.push(await bareOnce());
    await new Promise<void>((r) => receiver.close(() => r()));

    const ours = figures(appMs);
    const bare = figures(bareMs);
    console.log(`\n2. A payout end to end in the sandbox (${PAYOUTS} each, one warm-up before; the sandbox answers 50 ms after a request)`);
    console.log('   path                                             | median   | p95');
    console.log(
      `   POST /v1/seller/payouts until the row is paid     | ${ours.median.toFixed(1).padStart(6)} ms | ${ours.p95.toFixed(1)} ms`,
    );
    console.log(
      `   bare: B2C request to the sandbox until its result | ${bare.median.toFixed(1).padStart(6)} ms | ${bare.p95.toFixed(1)} ms`,
    );
    console.log(`   ratio: median ${(ours.median / bare.median).toFixed(3)}×, p95 ${(ours.p95 / bare.p95).toFixed(3)}×`);
    const finalProblems = await payoutProblems(db, [payer.sellerId]);
    console.log(`   payoutProblems: ${JSON.stringify(finalProblems)}`);
    if (problems.length > 0 || payoutIssues.length > 0 || finalProblems.length > 0) process.exitCode = 1;
  } finally {
    await app.close();
    await handle.close();
    await sandbox.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`\nload average at end: ${load()}   total ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
