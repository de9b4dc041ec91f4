import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Order } from '@shambasoko/shared/contracts';
import { SANDBOX_CREDENTIALS, createPaymentsSandbox, type PaymentsSandbox } from '../../../sandbox/server';
import { createTestUser, type TestUser } from '../../testing/auth';
import { testCheckout } from '../../testing/orders';
import { type TestApp, sendOverHttp, startTestApp } from '../../testing/test-app';

// Issue 38 ("Trust, round two"): what the providers' public routes accept, how often a notification
// may make us ask the card gateway, and what an Admin may mark paid. Against the in-process sandbox.

let sandbox: PaymentsSandbox;
let base: string;
let t: TestApp;
let app: FastifyInstance;
let buyer: TestUser;
let admin: TestUser;
const TOKEN = 'trust-test-callback-token';
const NOTIFY_LIMIT = 20;

const request = (r: Parameters<TestApp['request']>[0]) => sendOverHttp(app, r);

beforeAll(async () => {
  // Prompts stay on the phone while the file runs: the callbacks here are the tests' own.
  sandbox = createPaymentsSandbox({ port: 0, host: '127.0.0.1', promptTimeoutMs: 10 * 60_000 });
  base = await sandbox.listen();
  t = await startTestApp({
    ORDER_RATE_LIMIT_PER_USER: '100',
    CARD_NOTIFY_RATE_LIMIT_PER_MINUTE: String(NOTIFY_LIMIT),
    MPESA_BASE_URL: base,
    CARD_GATEWAY_URL: `${base}/card`,
    MPESA_CONSUMER_KEY: SANDBOX_CREDENTIALS.consumerKey,
    MPESA_CONSUMER_SECRET: SANDBOX_CREDENTIALS.consumerSecret,
    CARD_CONSUMER_KEY: SANDBOX_CREDENTIALS.consumerKey,
    CARD_CONSUMER_SECRET: SANDBOX_CREDENTIALS.consumerSecret,
  });
  app = t.app;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  t.config.payments.mpesa!.callbackUrl = `http://127.0.0.1:${port}/v1/payments/mpesa/callback/${TOKEN}`;
  t.config.payments.card!.ipnUrl = `http://127.0.0.1:${port}/v1/payments/card/notify`;
  buyer = await createTestUser(t.db, t.config.jwtSecret, { roles: ['Buyer'] });
  admin = await createTestUser(t.db, t.config.jwtSecret, { firstName: 'Esther', roles: ['Admin'] });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await t?.close();
  await sandbox?.close();
});

const productId = async (): Promise<string> =>
  (
    await t.db
      .selectFrom('products')
      .select('id')
      .where((eb) => eb.and([eb('category', '!=', 'services'), eb('status', '=', 'active'), eb('stock_quantity', '>', 50)]))
      .orderBy('price')
      .executeTakeFirstOrThrow()
  ).id;

async function place(payment: object): Promise<Order> {
  const res = await request({
    method: 'POST',
    url: '/v1/orders',
    headers: { ...buyer.headers, 'idempotency-key': randomUUID() },
    payload: testCheckout({ items: [{ productId: await productId(), quantity: 1 }], payment: payment as never }),
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ body: Order }>().body;
}

const getOrder = async (id: string) =>
  (await request({ method: 'GET', url: `/v1/orders/${id}`, headers: buyer.headers })).json<{ body: Order }>().body;

const ledger = (orderId: string) => t.db.selectFrom('payment_events').selectAll().where('order_id', '=', orderId).orderBy('id').execute();

describe('an Admin’s mark-paid is for bank transfers only', () => {
  const markPaid = (order: Order) => request({ method: 'POST', url: `/v1/admin/orders/${order.id}/mark-paid`, headers: admin.headers });

  it.each([
    ['M-Pesa (the prompt may still be on the phone)', { method: 'mpesa', phone: '0712 345 678' }],
    ['card (the hosted page may still be open)', { method: 'card' }],
  ])('%s: 409 with a clear message, and nothing changes', async (_name, payment) => {
    const order = await place(payment);
    const before = { ledger: await ledger(order.id), order: await getOrder(order.id) };
    const res = await markPaid(order);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      header: {
        isSuccess: false,
        customerMessage: 'Only a bank transfer is marked paid by hand; M-Pesa and card payments are confirmed by the provider',
      },
      body: null,
    });
    const after = await getOrder(order.id);
    expect(after.status).toBe('pending_payment');
    expect(after.fulfilments.map((f) => f.status)).toEqual(before.order.fulfilments.map((f) => f.status));
    expect(after.payment.status).toBe('pending');
    expect(await ledger(order.id)).toEqual(before.ledger);
    expect(await t.db.selectFrom('payments').select('method').where('order_id', '=', order.id).execute()).toEqual([
      { method: payment.method },
    ]);
  });

  it('a bank transfer is still marked paid', async () => {
    const order = await place({ method: 'bank' });
    expect((await markPaid(order)).statusCode).toBe(200);
    expect((await getOrder(order.id)).status).toBe('paid');
  });
});
