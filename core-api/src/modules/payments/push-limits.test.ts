import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Order } from '@shambasoko/contracts';
import { SANDBOX_CREDENTIALS, createPaymentsSandbox, type PaymentsSandbox } from '../../../sandbox/server';
import { createTestUser, type TestUser } from '../../testing/auth';
import { testCheckout } from '../../testing/orders';
import { type TestApp, sendOverHttp, startTestApp } from '../../testing/test-app';

// Issue 38: PIN prompts are limited per phone number (3 in 10 minutes) and per account (5), with the
// defaults, against the sandbox. The count lives in PostgreSQL (rate_limits); the multi-process test
// shows it holds across API processes.

const PHONE_LIMIT =
  'Too many M-Pesa payment requests were sent to this phone number in the last few minutes. Please wait a few minutes and try again.';
const ACCOUNT_LIMIT = 'You have asked for too many M-Pesa payment requests in a short time. Please wait a few minutes and try again.';

let sandbox: PaymentsSandbox;
let t: TestApp;
let app: FastifyInstance;

const request = (r: Parameters<TestApp['request']>[0]) => sendOverHttp(app, r);

beforeAll(async () => {
  sandbox = createPaymentsSandbox({ port: 0, host: '127.0.0.1' });
  const base = await sandbox.listen();
  t = await startTestApp({
    ORDER_RATE_LIMIT_PER_USER: '100',
    MPESA_BASE_URL: base,
    MPESA_CONSUMER_KEY: SANDBOX_CREDENTIALS.consumerKey,
    MPESA_CONSUMER_SECRET: SANDBOX_CREDENTIALS.consumerSecret,
  });
  app = t.app;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  t.config.payments.mpesa!.callbackUrl = `http://127.0.0.1:${port}/v1/payments/mpesa/callback/push-limit-token-1`;
}, 60_000);

afterAll(async () => {
  await app?.close();
  await t?.close();
  await sandbox?.close();
});

let productId: string;
beforeAll(async () => {
  productId = (
    await t.db
      .selectFrom('products')
      .select('id')
      .where((eb) => eb.and([eb('category', '!=', 'services'), eb('status', '=', 'active'), eb('stock_quantity', '>', 50)]))
      .orderBy('price')
      .executeTakeFirstOrThrow()
  ).id;
});

const buyer = () => createTestUser(t.db, t.config.jwtSecret, { roles: ['Buyer'] });

async function place(who: TestUser, phone: string) {
  const res = await request({
    method: 'POST',
    url: '/v1/orders',
    headers: { ...who.headers, 'idempotency-key': randomUUID() },
    payload: testCheckout({ items: [{ productId, quantity: 1 }], payment: { method: 'mpesa', phone } }),
  });
  expect(res.statusCode).toBe(201);
  return { order: res.json<{ body: Order }>().body, retryAfter: res.headers['retry-after'] };
}

const tryAgain = (who: TestUser, orderId: string, phone: string, headers: Record<string, string> = {}) =>
  request({
    method: 'POST',
    url: `/v1/orders/${orderId}/payments`,
    headers: { ...who.headers, ...headers },
    payload: { method: 'mpesa', phone },
  });

const promptsTo = (msisdn: string) => sandbox.prompts().filter((p) => p.phone === msisdn);

const getOrder = async (who: TestUser, id: string) =>
  (await request({ method: 'GET', url: `/v1/orders/${id}`, headers: who.headers })).json<{ body: Order }>().body;

async function declined(who: TestUser, order: Order): Promise<void> {
  const prompt = sandbox
    .prompts()
    .filter((p) => p.accountReference === order.number)
    .pop()!;
  await sandbox.answer(prompt.checkoutRequestId, 'decline');
  for (let i = 0; i < 50; i += 1) {
    if ((await getOrder(who, order.id)).payment.status === 'declined') return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the decline never arrived');
}

const seconds = (value: string | string[] | number | undefined) => Number(value);

describe('STK pushes per phone number', () => {
  it('twelve orders from two fresh accounts naming one phone: three PIN prompts; the other orders stand, unpaid, saying why', async () => {
    const [first, second] = [await buyer(), await buyer()];
    const placed: Array<{ order: Order; retryAfter: unknown; who: TestUser }> = [];
    for (let i = 0; i < 12; i += 1) {
      const who = i % 2 === 0 ? first : second;
      placed.push({ ...(await place(who, '0722 000 111')), who });
    }
    expect(promptsTo('254722000111')).toHaveLength(3);
    expect(placed.slice(0, 3).map((p) => p.order.payment.status)).toEqual(['pending', 'pending', 'pending']);
    for (const { order, retryAfter } of placed.slice(3)) {
      expect(order.status).toBe('pending_payment');
      expect(order.payment).toMatchObject({ method: 'mpesa', status: 'failed', message: PHONE_LIMIT, canRetry: true });
      expect(seconds(retryAfter as string)).toBeGreaterThan(0);
      expect(seconds(retryAfter as string)).toBeLessThanOrEqual(600);
    }

    // Try again is refused too, with when to come back, in the buyer's language.
    const { order, who } = placed[5]!;
    const refused = await tryAgain(who, order.id, '0722 000 111');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ header: { isSuccess: false, customerMessage: PHONE_LIMIT }, body: null });
    expect(seconds(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(seconds(refused.headers['retry-after'])).toBeLessThanOrEqual(600);
    const kiswahili = await tryAgain(who, order.id, '0722 000 111', { 'accept-language': 'sw' });
    expect(kiswahili.statusCode).toBe(429);
    expect(kiswahili.json().header.customerMessage).toMatch(/^Maombi mengi mno ya malipo ya M-Pesa/);
    expect(promptsTo('254722000111')).toHaveLength(3);

    // Once the window has passed, the same order can be paid.
    await t.db
      .updateTable('rate_limits')
      .set({ reset_at: new Date(Date.now() - 1_000) })
      .where('key', '=', 'mpesa-push-phone:254722000111')
      .execute();
    const later = await tryAgain(who, order.id, '0722 000 111');
    expect(later.statusCode).toBe(200);
    expect(later.json<{ body: Order }>().body.payment.status).toBe('pending');
    expect(promptsTo('254722000111')).toHaveLength(4);
  });

  it('Try again right after a decline counts: the fourth prompt to the number in the window is refused', async () => {
    const who = await buyer();
    const { order } = await place(who, '0733 000 222');
    await declined(who, order);
    expect((await tryAgain(who, order.id, '0733 000 222')).statusCode).toBe(200);
    await declined(who, order);
    expect((await tryAgain(who, order.id, '0733 000 222')).statusCode).toBe(200);
    await declined(who, order);
    const refused = await tryAgain(who, order.id, '0733 000 222');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().header.customerMessage).toBe(PHONE_LIMIT);
    expect(promptsTo('254733000222')).toHaveLength(3);
    // Another number is another count.
    expect((await tryAgain(who, order.id, '0744 000 333')).statusCode).toBe(200);
  });
});

describe('STK pushes per account', () => {
  it('five prompts in the window, whatever the numbers; the sixth is refused', async () => {
    const who = await buyer();
    const phones = ['0711 100 001', '0711 100 002', '0711 100 003', '0711 100 004', '0711 100 005', '0711 100 006'];
    const placed = [];
    for (const phone of phones) placed.push((await place(who, phone)).order);
    expect(placed.map((o) => o.payment.status)).toEqual(['pending', 'pending', 'pending', 'pending', 'pending', 'failed']);
    expect(placed[5]!.payment.message).toBe(ACCOUNT_LIMIT);
    expect(promptsTo('254711100006')).toEqual([]);
    const refused = await tryAgain(who, placed[5]!.id, '0711 100 007');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().header.customerMessage).toBe(ACCOUNT_LIMIT);
    expect(seconds(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another account may still prompt those numbers.
    expect((await place(await buyer(), '0711 100 006')).order.payment.status).toBe('pending');
  });
});
