import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { type Order, formatKES } from '@shambasoko/contracts';
import { SANDBOX_CREDENTIALS, createPaymentsSandbox, type PaymentsSandbox } from '../../../sandbox/server';
import { translateFor } from '../../http/language';
import { createTestUser, type TestUser } from '../../testing/auth';
import { testCheckout } from '../../testing/orders';
import { type TestApp, sendOverHttp, startTestApp } from '../../testing/test-app';
import { CALLBACK_PROBLEMS } from './providers/daraja-callback';

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
    // These tests prompt one phone many times; push-limits.test.ts covers the limits.
    MPESA_PUSH_LIMIT_PER_PHONE: '100',
    MPESA_PUSH_LIMIT_PER_ACCOUNT: '100',
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

async function waitFor(id: string, done: (order: Order) => boolean): Promise<Order> {
  for (let i = 0; i < 50; i += 1) {
    const order = await getOrder(id);
    if (done(order)) return order;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`order ${id} never reached the expected state: ${JSON.stringify((await getOrder(id)).payment)}`);
}

const ledger = (orderId: string) => t.db.selectFrom('payment_events').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
const attempt = (orderId: string) => t.db.selectFrom('payments').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();

/** A pending M-Pesa attempt (prompt on the sandbox phone) and its CheckoutRequestID. */
async function pendingMpesa(): Promise<{ order: Order; checkoutRequestId: string }> {
  const order = await place({ method: 'mpesa', phone: '0712 345 678' });
  const prompt = sandbox
    .prompts()
    .filter((p) => p.accountReference === order.number)
    .pop();
  if (prompt === undefined) throw new Error(`no prompt for ${order.number}`);
  return { order, checkoutRequestId: prompt.checkoutRequestId };
}

/** Daraja's callback as JSON text, so a float such as 1.00 travels as Safaricom writes it. */
const callback = (json: string) =>
  request({
    method: 'POST',
    url: `/v1/payments/mpesa/callback/${TOKEN}`,
    headers: { 'content-type': 'application/json' },
    payload: json,
  });

/** A callback for `id` whose ResultCode and metadata are given as JSON text. */
const stkCallback = (id: string, resultCode: string, metadata?: string) =>
  callback(
    `{"Body":{"stkCallback":{"MerchantRequestID":"29115-34620561-1","CheckoutRequestID":"${id}","ResultCode":${resultCode},` +
      `"ResultDesc":"The service request is processed successfully."${metadata === undefined ? '' : `,"CallbackMetadata":${metadata}`}}}}`,
  );
const items = (amount: string) =>
  `{"Item":[{"Name":"Amount","Value":${amount}},{"Name":"MpesaReceiptNumber","Value":"NLJ7RT61SV"},` +
  `{"Name":"TransactionDate","Value":20191219102115},{"Name":"PhoneNumber","Value":254708374149}]}`;

/** The answer Daraja expects, the order still unpaid, the attempt flagged, and the ledger saying why. */
async function expectFlagged(res: Awaited<ReturnType<typeof callback>>, order: Order, reason: string | RegExp) {
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
  const after = await getOrder(order.id);
  expect(after.status).toBe('pending_payment');
  expect(after.payment.status).toBe('flagged');
  expect((await attempt(order.id)).flag_reason).toMatch(reason);
  const lines = await ledger(order.id);
  expect(lines.map((e) => e.kind)).toEqual(['request', 'response', 'callback', 'flag']);
  expect(lines.at(-1)!.detail).toMatchObject({ reason: expect.stringMatching(reason) });
}

describe('M-Pesa callbacks are read strictly: anything odd is recorded and flagged, answered 200, never paid', () => {
  it.each([
    ['null', 'null'],
    ['an empty string', '""'],
    ['true', 'true'],
    ['a fraction', '0.5'],
    ['a negative number', '-1'],
    ['a huge number', '1e400'],
    ['text', '"0x0"'],
    ['digits with a space', '"0 "'],
    ['an object', '{"code":0}'],
    ['an array', '[0]'],
  ])('ResultCode %s', async (_name, resultCode) => {
    const { order, checkoutRequestId } = await pendingMpesa();
    const res = await stkCallback(checkoutRequestId, resultCode, items(String(order.total)));
    await expectFlagged(res, order, /^M-Pesa sent a result code that is not a whole number$/);
    expect((await ledger(order.id)).find((e) => e.kind === 'callback')).toMatchObject({
      result_code: null,
      detail: expect.objectContaining({ given: { resultCode: expect.any(String) } }),
    });
  });

  it('ResultCode missing altogether', async () => {
    const { order, checkoutRequestId } = await pendingMpesa();
    const res = await callback(
      `{"Body":{"stkCallback":{"MerchantRequestID":"m","CheckoutRequestID":"${checkoutRequestId}","ResultDesc":"ok","CallbackMetadata":${items(String(order.total))}}}}`,
    );
    await expectFlagged(res, order, /not a whole number/);
  });

  it('ResultCode 0 without CallbackMetadata, or with metadata that names no amount', async () => {
    const { order, checkoutRequestId } = await pendingMpesa();
    await expectFlagged(await stkCallback(checkoutRequestId, '0'), order, /^M-Pesa reported a payment without its details$/);

    const second = await pendingMpesa();
    const noAmount = '{"Item":[{"Name":"MpesaReceiptNumber","Value":"NLJ7RT61SV"},{"Name":"Balance"}]}';
    await expectFlagged(await stkCallback(second.checkoutRequestId, '0', noAmount), second.order, /without its details/);

    const third = await pendingMpesa();
    await expectFlagged(await stkCallback(third.checkoutRequestId, '0', '{"Item":"Amount"}'), third.order, /without its details/);
  });

  it.each([
    ['a fraction', (total: number) => `${total}.5`],
    ['a huge number', () => '1e400'],
    ['more than any order', () => '99999999999999999999'],
    ['negative', (total: number) => `-${total}`],
    ['text', () => '"all of it"'],
    ['null', () => 'null'],
  ])('ResultCode 0 with an Amount that is %s', async (_name, amount) => {
    const { order, checkoutRequestId } = await pendingMpesa();
    const res = await stkCallback(checkoutRequestId, '0', items(amount(order.total)));
    await expectFlagged(res, order, /^M-Pesa reported an amount that is not whole shillings$/);
    const line = (await ledger(order.id)).find((e) => e.kind === 'callback')!;
    expect(line).toMatchObject({
      result_code: '0',
      amount: null,
      detail: expect.objectContaining({ given: { amount: expect.any(String) } }),
    });
  });

  it('ResultCode 0 with a whole Amount that is not the attempt’s: flagged with what was reported', async () => {
    const { order, checkoutRequestId } = await pendingMpesa();
    const res = await stkCallback(checkoutRequestId, '"0"', items(`${order.total + 1}.00`));
    await expectFlagged(res, order, `Reported ${formatKES(order.total + 1)} for an order of ${formatKES(order.total)}`);
    expect((await attempt(order.id)).reported_amount).toBe(order.total + 1);
  });

  it('every reason reads in Kiswahili too (the Admins’ notices are written in their language)', () => {
    for (const reason of [...Object.values(CALLBACK_PROBLEMS), 'The card gateway reported an amount that is not whole shillings']) {
      expect(translateFor(reason, 'sw')).not.toBe(reason);
    }
  });

  it('an Admin sees the flagged attempt, and the notice says why', async () => {
    const { order, checkoutRequestId } = await pendingMpesa();
    await stkCallback(checkoutRequestId, 'null', items(String(order.total)));
    const list = await request({ method: 'GET', url: '/v1/admin/payments?status=flagged', headers: admin.headers });
    expect(list.json<{ body: { orderId: string; flagReason: string }[] }>().body.find((p) => p.orderId === order.id)).toMatchObject({
      flagReason: 'M-Pesa sent a result code that is not a whole number',
    });
    const notices = await t.db.selectFrom('notifications').select(['title', 'body']).where('user_id', '=', admin.id).execute();
    expect(notices).toContainEqual({
      title: `Payment flagged on order ${order.number}`,
      body: 'M-Pesa sent a result code that is not a whole number',
    });
  });
});

describe('Safaricom’s published callback samples still work', () => {
  it('success with a float Amount (1.00 style) and a value-less Balance item pays, with the receipt', async () => {
    const { order, checkoutRequestId } = await pendingMpesa();
    const metadata =
      `{"Item":[{"Name":"Amount","Value":${order.total}.00},{"Name":"MpesaReceiptNumber","Value":"NLJ7RT61SV"},{"Name":"Balance"},` +
      `{"Name":"TransactionDate","Value":20191219102115},{"Name":"PhoneNumber","Value":254708374149}]}`;
    const res = await stkCallback(checkoutRequestId, '0', metadata);
    expect(res.statusCode).toBe(200);
    const paid = await getOrder(order.id);
    expect(paid.status).toBe('paid');
    expect(paid.payment).toMatchObject({ status: 'paid', receipt: 'NLJ7RT61SV' });
  });

  it.each([
    ['1032 (cancelled by the user)', '1032', 'declined'],
    ['1037 (no answer from the phone)', '1037', 'timed_out'],
    ['"1" as a string (not enough money)', '"1"', 'declined'],
  ])('%s', async (_name, resultCode, status) => {
    const { order, checkoutRequestId } = await pendingMpesa();
    const res = await stkCallback(checkoutRequestId, resultCode);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    expect((await getOrder(order.id)).payment.status).toBe(status);
    expect((await ledger(order.id)).map((e) => e.kind)).toEqual(['request', 'response', 'callback']);
  });
});

describe('card notifications (IPN)', () => {
  const notify = (trackingId: string, ip = '127.0.0.1') =>
    request({
      method: 'POST',
      url: '/v1/payments/card/notify',
      headers: { 'x-forwarded-for': ip },
      payload: { OrderTrackingId: trackingId, OrderMerchantReference: 'x', OrderNotificationType: 'IPNCHANGE' },
    });
  const trackingIdOf = (order: Order) => order.payment.redirectUrl!.split('/').pop()!;

  it('for an unknown tracking id: answered, nothing written, nothing asked', async () => {
    const unknown = randomUUID();
    const res = await notify(unknown, '198.51.100.1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ orderTrackingId: unknown, status: 200 });
    expect(await t.db.selectFrom('payment_events').select('id').where('provider_ref', '=', unknown).execute()).toEqual([]);
    expect(sandbox.cardStatusQueries(unknown)).toBe(0);
  });

  it('repeated within 10 s: one ledger pair and one status query, however many arrive (even at once)', async () => {
    const order = await place({ method: 'card' });
    const trackingId = trackingIdOf(order);
    const answers = await Promise.all(Array.from({ length: 5 }, () => notify(trackingId, '198.51.100.2')));
    for (let i = 0; i < 3; i += 1) answers.push(await notify(trackingId, '198.51.100.2'));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    // Not yet paid: the ones we did not act on ask the gateway to send again later.
    expect(answers.map((a) => a.json<{ status: number }>().status).sort()).toEqual([200, 500, 500, 500, 500, 500, 500, 500]);
    expect(sandbox.cardStatusQueries(trackingId)).toBe(1);
    expect((await ledger(order.id)).map((e) => e.kind)).toEqual(['request', 'response', 'notification', 'confirmation']);

    // Once the window has passed, the next notification is recorded and asked about again.
    await t.db
      .updateTable('payments')
      .set({ last_query_at: new Date(Date.now() - 11_000) })
      .where('provider_ref', '=', trackingId)
      .execute();
    expect((await notify(trackingId, '198.51.100.2')).json()).toMatchObject({ status: 200 });
    expect(sandbox.cardStatusQueries(trackingId)).toBe(2);
    expect((await ledger(order.id)).map((e) => e.kind)).toEqual([
      'request',
      'response',
      'notification',
      'confirmation',
      'notification',
      'confirmation',
    ]);
  });

  it(`are throttled per address: ${NOTIFY_LIMIT} a minute, then 429 in the envelope`, async () => {
    const junk = () =>
      request({ method: 'POST', url: '/v1/payments/card/notify', headers: { 'x-forwarded-for': '203.0.113.9' }, payload: { no: 1 } });
    for (let i = 0; i < NOTIFY_LIMIT; i += 1) expect((await junk()).statusCode).toBe(400);
    const refused = await junk();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      header: { isSuccess: false, customerMessage: 'Too many payment notifications. Please wait a minute and try again.' },
      body: null,
    });
    expect(refused.headers['retry-after']).toBeDefined();
    // Another address is not held back.
    expect((await notify(randomUUID(), '203.0.113.10')).statusCode).toBe(200);
  });

  it('a completed payment reported in another currency is flagged, not paid', async () => {
    const order = await place({ method: 'card' });
    const trackingId = trackingIdOf(order);
    sandbox.reportCardCurrency(trackingId, 'USD');
    const page = await fetch(`${base}/card/pay/${trackingId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ number: '4111 1111 1111 1111', expiry: '12/39', cvv: '123', name: 'Wanjiku Mwangi' }).toString(),
      redirect: 'manual',
    });
    expect(page.status).toBe(303);
    const flagged = await waitFor(order.id, (o) => o.payment.status === 'flagged');
    expect(flagged.status).toBe('pending_payment');
    expect((await attempt(order.id)).flag_reason).toBe(`Reported USD ${order.total} for an order of ${formatKES(order.total)}`);
    expect((await ledger(order.id)).map((e) => e.kind)).toEqual(['request', 'response', 'notification', 'confirmation', 'flag']);
  });
});

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
