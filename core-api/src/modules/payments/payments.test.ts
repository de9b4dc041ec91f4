import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { type AdminPayment, MPESA_MAX_AMOUNT, type Order, formatKES } from '@shambasoko/contracts';
import { SANDBOX_CREDENTIALS, createPaymentsSandbox, type PaymentsSandbox } from '../../../sandbox/server';
import { buildApp } from '../../app';
import { createTestUser, type TestUser } from '../../testing/auth';
import { ledgerProblems } from '../../testing/money';
import { testCheckout } from '../../testing/orders';
import { type TestShop, createShop } from '../../testing/shops';
import { type TestApp, sendOverHttp, startTestApp } from '../../testing/test-app';
import { CardGatewayClient } from './providers/card-gateway';
import { DarajaClient } from './providers/daraja';
import { paymentProviders } from './providers';
import { ProviderRefused } from './providers/types';
import { reconcilePayments } from './settle';
import { applyOutcome } from './service';
import { scheduledJobs } from '../../jobs/registry';
import { metricsRegistry } from '../../observability/metrics';
import { runJobIfDue } from '../../jobs/scheduler';

// The failure list, against the development sandbox started in this process: the API talks
// to it only through the clients production uses.

let sandbox: PaymentsSandbox;
let base: string;
let t: TestApp;
let app: FastifyInstance;
let buyer: TestUser;
let admin: TestUser;
const TOKEN = 'test-callback-token-7f3a';

const request = (r: Parameters<TestApp['request']>[0]) => sendOverHttp(app, r);

beforeAll(async () => {
  sandbox = createPaymentsSandbox({ port: 0, host: '127.0.0.1' });
  base = await sandbox.listen();
  t = await startTestApp({
    ORDER_RATE_LIMIT_PER_USER: '100',
    // Most tests here prompt one number: the push limits have their own tests (push-limits.test.ts).
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
  // The callback addresses name this app's port, known only once it listens.
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

/** A cheap seeded good with plenty of stock (services are booked, not ordered). */
const productId = async (): Promise<string> =>
  (
    await t.db
      .selectFrom('products')
      .select('id')
      .where((eb) => eb.and([eb('category', '!=', 'services'), eb('status', '=', 'active'), eb('stock_quantity', '>', 50)]))
      .orderBy('price')
      .executeTakeFirstOrThrow()
  ).id;

async function place(payment: object): Promise<{ status: number; order: Order }> {
  const res = await request({
    method: 'POST',
    url: '/v1/orders',
    headers: { ...buyer.headers, 'idempotency-key': randomUUID() },
    payload: testCheckout({ items: [{ productId: await productId(), quantity: 1 }], payment: payment as never }),
  });
  return { status: res.statusCode, order: res.json<{ body: Order }>().body };
}

const MPESA = { method: 'mpesa', phone: '0712 345 678' };

const getOrder = async (id: string) =>
  (await request({ method: 'GET', url: `/v1/orders/${id}`, headers: buyer.headers })).json<{ body: Order }>().body;

/** The order once `done` holds (a callback lands a moment after the sandbox sent it). */
async function waitFor(id: string, done: (order: Order) => boolean): Promise<Order> {
  for (let i = 0; i < 50; i += 1) {
    const order = await getOrder(id);
    if (done(order)) return order;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`order ${id} never reached the expected state: ${JSON.stringify((await getOrder(id)).payment)}`);
}

const promptFor = (order: Order) => {
  const prompt = sandbox
    .prompts()
    .filter((p) => p.accountReference === order.number)
    .pop();
  if (prompt === undefined) throw new Error(`no prompt for ${order.number}`);
  return prompt;
};

const ledger = (orderId: string) => t.db.selectFrom('payment_events').selectAll().where('order_id', '=', orderId).orderBy('id').execute();

const outage = (down: boolean) =>
  fetch(`${base}/sandbox/outage`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ down }) });

describe('DarajaClient against the sandbox', () => {
  const client = () => new DarajaClient({ baseUrl: base, ...SANDBOX_CREDENTIALS, consumerKey: SANDBOX_CREDENTIALS.consumerKey });

  it('gets a token, pushes a prompt and queries it: processing, then the result code', async () => {
    const daraja = client();
    const pushed = await daraja.stkPush({
      phone: '254712345678',
      amount: 150,
      accountReference: 'SS-TEST01',
      description: 'ShambaSoko',
      callbackUrl: 'http://127.0.0.1:9/cb',
    });
    expect(pushed.checkoutRequestId).toMatch(/^ws_CO_/);
    expect(await daraja.stkQuery(pushed.checkoutRequestId)).toEqual({ state: 'processing' });
    await sandbox.answer(pushed.checkoutRequestId, 'decline', { deliver: false });
    expect(await daraja.stkQuery(pushed.checkoutRequestId)).toEqual({
      state: 'settled',
      resultCode: '1032',
      resultDesc: expect.any(String),
    });
  });

  it('gets a new token (and registers the IPN again) when the provider restarted and forgot them', async () => {
    const first = createPaymentsSandbox({ port: 0, host: '127.0.0.1' });
    const url = await first.listen();
    const daraja = new DarajaClient({ baseUrl: url, ...SANDBOX_CREDENTIALS });
    const card = new CardGatewayClient({ baseUrl: `${url}/card`, ...SANDBOX_CREDENTIALS });
    const push = {
      phone: '254712345678',
      amount: 20,
      accountReference: 'SS-R1',
      description: 'ShambaSoko',
      callbackUrl: 'http://127.0.0.1:9/cb',
    };
    const session = {
      merchantReference: 'SS-R1-a',
      amount: 20,
      description: 'ShambaSoko order',
      callbackUrl: 'http://127.0.0.1:9/back',
      ipnUrl: 'http://127.0.0.1:9/ipn',
      billing: { email: 'a@example.co.ke', phone: '0712345678', firstName: 'A', lastName: 'B' },
    };
    await daraja.stkPush(push);
    await card.submitOrder(session);
    await first.close();
    const second = createPaymentsSandbox({ port: Number(new URL(url).port), host: '127.0.0.1' });
    await second.listen();
    // A restart takes a moment: the clients' pooled connections to the old process have closed by then.
    await new Promise((r) => setTimeout(r, 100));
    try {
      expect((await daraja.stkPush(push)).checkoutRequestId).toMatch(/^ws_CO_/);
      expect((await card.submitOrder({ ...session, merchantReference: 'SS-R1-b' })).redirectUrl).toContain('/card/pay/');
    } finally {
      await second.close();
    }
  });

  it('turns wrong credentials into ProviderRefused with Daraja’s error code', async () => {
    const daraja = new DarajaClient({ baseUrl: base, ...SANDBOX_CREDENTIALS, consumerSecret: 'wrong' });
    await expect(daraja.stkQuery('ws_CO_x')).rejects.toEqual(expect.any(ProviderRefused));
  });
});

describe('M-Pesa at checkout', () => {
  it('prompts the phone after the order commits; the callback pays it once, with the receipt, through the fulfilments', async () => {
    const { status, order } = await place(MPESA);
    expect(status).toBe(201);
    expect(order.payment).toMatchObject({
      method: 'mpesa',
      status: 'pending',
      phone: '+254 7•• ••• 678',
      message: `Check your phone and enter your M-Pesa PIN to pay ${formatKES(order.total)}.`,
      canRetry: false,
    });
    const prompt = promptFor(order);
    expect(prompt).toMatchObject({ phone: '254712345678', amount: order.total, status: 'waiting' });

    // Try again while the prompt is still on the phone: refused.
    const again = await request({ method: 'POST', url: `/v1/orders/${order.id}/payments`, headers: buyer.headers, payload: MPESA });
    expect(again.statusCode).toBe(409);
    expect(again.json().header.customerMessage).toMatch(/already on your phone/);

    await sandbox.answer(prompt.checkoutRequestId, 'accept');
    const paid = await waitFor(order.id, (o) => o.status === 'paid');
    expect(paid.payment).toMatchObject({ status: 'paid', receipt: expect.stringMatching(/^[A-Z0-9]{10}$/), paidAt: expect.any(String) });
    expect(paid.payment.message).toBe(`Paid. M-Pesa receipt ${paid.payment.receipt}.`);
    expect(paid.fulfilments.every((f) => f.status === 'paid')).toBe(true);
    expect(paid.fulfilments[0]!.events.map((e) => e.status)).toContain('paid');
  });

  it('a callback that arrives twice: one ledger entry, paid once', async () => {
    const { order } = await place(MPESA);
    const prompt = promptFor(order);
    await sandbox.answer(prompt.checkoutRequestId, 'accept');
    await waitFor(order.id, (o) => o.status === 'paid');
    await sandbox.replayCallback(prompt.checkoutRequestId);
    await sandbox.replayCallback(prompt.checkoutRequestId);
    const events = await ledger(order.id);
    expect(events.filter((e) => e.kind === 'callback')).toHaveLength(1);
    const payments = await t.db.selectFrom('payments').select(['status']).where('order_id', '=', order.id).execute();
    expect(payments).toEqual([{ status: 'paid' }]);
    const paidSteps = await t.db
      .selectFrom('fulfilment_events as e')
      .innerJoin('order_fulfilments as f', 'f.id', 'e.fulfilment_id')
      .select('e.status')
      .where('f.order_id', '=', order.id)
      .where('e.status', '=', 'paid')
      .execute();
    expect(paidSteps).toHaveLength(order.fulfilments.length);
  });

  it('a callback with the wrong amount: not paid, flagged, and the Admin sees it', async () => {
    const { order } = await place(MPESA);
    const prompt = promptFor(order);
    await sandbox.answer(prompt.checkoutRequestId, 'accept', { amount: 10 });
    const flagged = await waitFor(order.id, (o) => o.payment.status === 'flagged');
    expect(flagged.status).toBe('pending_payment');
    expect(flagged.payment.message).toBe('We received a payment that does not match this order. Our team will contact you.');

    const list = await request({ method: 'GET', url: '/v1/admin/payments?status=flagged', headers: admin.headers });
    expect(list.statusCode).toBe(200);
    const mine = list.json<{ body: AdminPayment[] }>().body.find((p) => p.orderId === order.id);
    expect(mine).toMatchObject({
      status: 'flagged',
      amount: order.total,
      reportedAmount: 10,
      flagReason: expect.stringContaining(formatKES(10)),
    });
    expect(mine!.ledger.map((l) => l.kind)).toEqual(['request', 'response', 'callback', 'flag']);
    const refused = await request({ method: 'GET', url: '/v1/admin/payments', headers: buyer.headers });
    expect(refused.statusCode).toBe(403);
    const notices = await t.db.selectFrom('notifications').select('title').where('user_id', '=', admin.id).execute();
    expect(notices.map((n) => n.title)).toContain(`Payment flagged on order ${order.number}`);
  });

  it('the sandbox is down: a clear message, the order stays pending, and Try again works once it is back', async () => {
    await outage(true);
    const { status, order } = await place(MPESA);
    await outage(false);
    expect(status).toBe(201);
    expect(order.status).toBe('pending_payment');
    expect(order.payment).toMatchObject({
      status: 'failed',
      message: 'M-Pesa is not reachable right now. Your order is saved; try again in a minute.',
      canRetry: true,
    });
    const again = await request({ method: 'POST', url: `/v1/orders/${order.id}/payments`, headers: buyer.headers, payload: MPESA });
    expect(again.statusCode).toBe(200);
    expect(again.json<{ body: Order }>().body.payment.status).toBe('pending');
    await sandbox.answer(promptFor(order).checkoutRequestId, 'accept');
    expect((await waitFor(order.id, (o) => o.status === 'paid')).payment.status).toBe('paid');
  });

  it('a declined prompt says so and offers Try again', async () => {
    const { order } = await place(MPESA);
    await sandbox.answer(promptFor(order).checkoutRequestId, 'decline');
    const declined = await waitFor(order.id, (o) => o.payment.status === 'declined');
    expect(declined.payment).toMatchObject({ canRetry: true, message: expect.stringMatching(/declined or cancelled/) });
  });
});

describe('payment outcomes on /metrics', () => {
  const counted = async (status: string) =>
    (await metricsRegistry.getSingleMetric('payment_outcomes_total')!.get()).values.find(
      (v) => v.labels.method === 'mpesa' && v.labels.status === status,
    )?.value ?? 0;

  it('counts each settled payment by method and status', async () => {
    const [paidBefore, declinedBefore] = [await counted('paid'), await counted('declined')];
    const { order: paid } = await place(MPESA);
    await sandbox.answer(promptFor(paid).checkoutRequestId, 'accept');
    await waitFor(paid.id, (o) => o.status === 'paid');
    const { order: declined } = await place(MPESA);
    await sandbox.answer(promptFor(declined).checkoutRequestId, 'decline');
    await waitFor(declined.id, (o) => o.payment.status === 'declined');
    expect(await counted('paid')).toBe(paidBefore + 1);
    expect(await counted('declined')).toBe(declinedBefore + 1);
    const text = (await request({ method: 'GET', url: '/metrics' })).payload;
    expect(text).toMatch(/^payment_outcomes_total\{method="mpesa",status="paid"\} [1-9]\d*$/m);
  });
});

describe('the providers’ public routes', () => {
  const callback = (token: string, payload: unknown) =>
    request({ method: 'POST', url: `/v1/payments/mpesa/callback/${token}`, payload: payload as object });

  it('never answer 500 on junk: a wrong token is 404, a body that is no callback is 400 in the envelope', async () => {
    expect((await callback('wrong-token-wrong-tokenxx', { Body: {} })).statusCode).toBe(404);
    for (const junk of [{}, { Body: { stkCallback: { CheckoutRequestID: 5 } } }, [1, 2], { Body: { stkCallback: null } }]) {
      const res = await callback(TOKEN, junk);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ header: { isSuccess: false }, body: null });
    }
    const broken = await request({
      method: 'POST',
      url: `/v1/payments/mpesa/callback/${TOKEN}`,
      headers: { 'content-type': 'application/json' },
      payload: '{"Body":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ header: { isSuccess: false }, body: null });
    const ipn = await request({ method: 'POST', url: '/v1/payments/card/notify', payload: { nothing: true } });
    expect(ipn.statusCode).toBe(400);
  });

  it('records a callback for an unknown CheckoutRequestID and answers Accepted (Daraja does not retry)', async () => {
    const body = {
      Body: { stkCallback: { MerchantRequestID: 'm-1', CheckoutRequestID: 'ws_CO_unknown_1', ResultCode: 0, ResultDesc: 'ok' } },
    };
    const res = await callback(TOKEN, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    const recorded = await t.db.selectFrom('payment_events').select('kind').where('provider_ref', '=', 'ws_CO_unknown_1').execute();
    expect(recorded).toEqual([{ kind: 'error' }]);
  });
});

describe('card on the hosted page', () => {
  it('pays only once GetTransactionStatus confirms: a forged IPN for an unpaid session marks nothing', async () => {
    const { status, order } = await place({ method: 'card' });
    expect(status).toBe(201);
    expect(order.payment).toMatchObject({ method: 'card', status: 'pending', redirectUrl: expect.stringContaining('/card/pay/') });
    const trackingId = order.payment.redirectUrl!.split('/').pop()!;

    const forged = await request({
      method: 'POST',
      url: '/v1/payments/card/notify',
      payload: { OrderTrackingId: trackingId, OrderMerchantReference: 'x', OrderNotificationType: 'IPNCHANGE' },
    });
    expect(forged.statusCode).toBe(200);
    expect(forged.json()).toMatchObject({ orderTrackingId: trackingId, status: 200 });
    expect((await getOrder(order.id)).status).toBe('pending_payment');
    // The gateway's own notification comes after the 10 s in which a tracking id is asked about once.
    await t.db
      .updateTable('payments')
      .set({ last_query_at: new Date(Date.now() - 11_000) })
      .where('provider_ref', '=', trackingId)
      .execute();

    // The buyer pays on the gateway's page; the gateway notifies us, we ask it, then it is paid.
    const paidPage = await fetch(`${base}/card/pay/${trackingId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ number: '4111 1111 1111 1111', expiry: '12/39', cvv: '123', name: 'Wanjiku Mwangi' }).toString(),
      redirect: 'manual',
    });
    expect(paidPage.status).toBe(303);
    const paid = await waitFor(order.id, (o) => o.status === 'paid');
    expect(paid.payment).toMatchObject({ status: 'paid', brand: 'Visa', last4: '1111', redirectUrl: null });
    const stored = JSON.stringify(await ledger(order.id));
    expect(stored).not.toContain('4111111111111111');
    expect(stored).not.toContain('4111 1111');
    expect((await ledger(order.id)).map((e) => e.kind)).toEqual([
      'request',
      'response',
      'notification',
      'confirmation',
      'notification',
      'confirmation',
    ]);
  });
});

describe('a card page left unfinished', () => {
  it('stays pending while the buyer may still pay, then times out so the order can expire', async () => {
    const { order } = await place({ method: 'card' });
    const deps = { providers: paymentProviders(t.config.payments), config: t.config.payments };
    await reconcilePayments(t.db, deps, new Date(Date.now() + 5 * 60_000));
    expect((await getOrder(order.id)).payment.status).toBe('pending');
    await reconcilePayments(t.db, deps, new Date(Date.now() + 31 * 60_000));
    expect((await getOrder(order.id)).payment).toMatchObject({ status: 'timed_out', canRetry: true });
    const expiry = scheduledJobs(t.config, t.db).find((j) => j.name === 'order-expiry')!;
    expect(await runJobIfDue(t.db, expiry, new Date(Date.now() + 2 * 3_600_000))).toBe(true);
    expect((await getOrder(order.id)).status).toBe('expired');
    // The run was stamped two hours ahead: forget it, so later tests' runs are due.
    await t.db.deleteFrom('scheduled_jobs').where('name', '=', 'order-expiry').execute();
  });
});

describe('bank transfer', () => {
  it('shows where to pay; an Admin marks it paid, recorded with who and when', async () => {
    const { order } = await place({ method: 'bank' });
    expect(order.payment).toMatchObject({ status: 'unpaid', bank: expect.objectContaining({ reference: order.number }) });
    const res = await request({ method: 'POST', url: `/v1/admin/orders/${order.id}/mark-paid`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const row = await t.db.selectFrom('payments').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      method: 'bank',
      status: 'paid',
      confirmed_by: admin.id,
      confirmed_role: 'Admin',
      settled_at: expect.any(Date),
    });
    expect((await ledger(order.id)).map((e) => e.kind)).toEqual(['manual']);
    expect((await getOrder(order.id)).payment).toMatchObject({ status: 'paid', confirmedBy: 'Admin', paidAt: expect.any(String) });
  });
});

describe('a prompt nobody answers', () => {
  it('keeps the order until the status query confirms no payment, then it expires', async () => {
    const { order } = await place(MPESA);
    const prompt = promptFor(order);
    await t.db
      .updateTable('orders')
      .set({ payment_due_at: new Date(Date.now() - 1000) })
      .where('id', '=', order.id)
      .execute();
    const expiry = scheduledJobs(t.config, t.db).find((j) => j.name === 'order-expiry')!;
    // Due, but an attempt is still pending: the expiry job leaves it to the query.
    await runJobIfDue(t.db, expiry, new Date(Date.now() + 60_000));
    expect((await getOrder(order.id)).status).toBe('pending_payment');

    // The prompt times out on the phone and the callback is lost: the query settles it.
    await sandbox.answer(prompt.checkoutRequestId, 'timeout', { deliver: false });
    await reconcilePayments(
      t.db,
      { providers: paymentProviders(t.config.payments), config: t.config.payments },
      new Date(Date.now() + 100_000),
    );
    const timedOut = await getOrder(order.id);
    expect(timedOut.payment).toMatchObject({
      status: 'timed_out',
      message: 'The M-Pesa request timed out before a PIN was entered. Try again.',
    });

    await runJobIfDue(t.db, expiry, new Date(Date.now() + 180_000));
    expect((await getOrder(order.id)).status).toBe('expired');
    // The lost callback arriving late changes nothing.
    await sandbox.replayCallback(prompt.checkoutRequestId);
    expect((await getOrder(order.id)).status).toBe('expired');
    // Money reported for an order that expired meanwhile is flagged for the Admin, never credited.
    const attempt = await t.db.selectFrom('payments').select('id').where('order_id', '=', order.id).executeTakeFirstOrThrow();
    await t.db
      .transaction()
      .execute((trx) =>
        applyOutcome(trx, attempt.id, { kind: 'paid', amount: order.total, receipt: 'LATE123ABC', resultCode: '0', resultDesc: 'late' }),
      );
    const late = await getOrder(order.id);
    expect(late.status).toBe('expired');
    expect(late.payment.status).toBe('flagged');
  });
});

describe('money follows the live parts (issue 38)', () => {
  const partOf = (order: Order, shop: TestShop) => order.fulfilments.find((f) => f.seller.id === shop.sellerId)!;
  const amountOf = (part: Order['fulfilments'][number]) => part.subtotal + part.deliveryFee;
  const attempts = (orderId: string) =>
    t.db.selectFrom('payments').select(['id', 'method', 'status', 'amount', 'flag_reason']).where('order_id', '=', orderId).execute();

  async function placeFrom(shops: Array<[TestShop, number]>, payment: object, key = randomUUID()) {
    return request({
      method: 'POST',
      url: '/v1/orders',
      headers: { ...buyer.headers, 'idempotency-key': key },
      payload: testCheckout({ items: shops.map(([s, quantity]) => ({ productId: s.productId, quantity })), payment: payment as never }),
    });
  }

  /** Until the attempt asked with `checkoutRequestId` has settled (a callback lands a moment after the sandbox sent it). */
  async function settledStatus(checkoutRequestId: string): Promise<string> {
    for (let i = 0; i < 50; i += 1) {
      const row = await t.db
        .selectFrom('payments')
        .select('status')
        .where('provider_ref', '=', checkoutRequestId)
        .executeTakeFirstOrThrow();
      if (row.status !== 'pending') return row.status;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`attempt ${checkoutRequestId} never settled`);
  }

  it('a seller cancels their part before payment: Try again asks the live total; the old prompt paid is flagged, not credited', async () => {
    const a = await createShop(t.db, t.config.jwtSecret, { name: 'Akinyi', price: 100 });
    const b = await createShop(t.db, t.config.jwtSecret, { name: 'Baraka', price: 550 });
    const placed = await placeFrom(
      [
        [a, 1],
        [b, 1],
      ],
      MPESA,
    );
    expect(placed.statusCode).toBe(201);
    const order = placed.json<{ body: Order }>().body;
    const first = promptFor(order);
    expect(first.amount).toBe(order.total);

    const cancelled = await request({
      method: 'POST',
      url: `/v1/seller/sales/${partOf(order, b).id}/cancel`,
      headers: b.user.headers,
      payload: { reason: 'The maize got wet' },
    });
    expect(cancelled.statusCode).toBe(200);
    // Only the live part's items and delivery fee are asked from now on.
    const live = amountOf(partOf(order, a));
    expect(live).toBeLessThan(order.total);
    const after = await getOrder(order.id);
    expect(after).toMatchObject({ status: 'pending_payment', total: order.total });
    expect(after.payment).toMatchObject({ status: 'pending', amountDue: live, canRetry: true });
    expect(after.payment.message).toContain(formatKES(live));

    // Try again at once: the prompt still on the phone asks for an amount no longer due, so it does not hold this back.
    const again = await request({ method: 'POST', url: `/v1/orders/${order.id}/payments`, headers: buyer.headers, payload: MPESA });
    expect(again.statusCode).toBe(200);
    const second = promptFor(order);
    expect(second.checkoutRequestId).not.toBe(first.checkoutRequestId);
    expect(second.amount).toBe(live);

    // The buyer pays the old prompt anyway: the whole old total, for a part that no longer exists.
    await sandbox.answer(first.checkoutRequestId, 'accept');
    expect(await settledStatus(first.checkoutRequestId)).toBe('flagged');
    expect((await getOrder(order.id)).status).toBe('pending_payment');
    const flagged = (await attempts(order.id)).find((p) => p.status === 'flagged')!;
    expect(flagged).toMatchObject({ amount: order.total, flag_reason: expect.stringContaining(`while ${formatKES(live)} was due`) });
    const notices = await t.db.selectFrom('notifications').select('title').where('user_id', '=', admin.id).execute();
    expect(notices.filter((n) => n.title === `Payment flagged on order ${order.number}`)).toHaveLength(1);

    // The prompt for what is due pays the order, and only the live part.
    await sandbox.answer(second.checkoutRequestId, 'accept');
    const paid = await waitFor(order.id, (o) => o.status === 'paid');
    expect(paid.payment).toMatchObject({ status: 'paid', amountDue: 0 });
    expect(paid.fulfilments.map((f) => [f.seller.id, f.status]).sort()).toEqual(
      [
        [a.sellerId, 'paid'],
        [b.sellerId, 'cancelled'],
      ].sort(),
    );
    expect((await attempts(order.id)).filter((p) => p.status === 'paid').map((p) => p.amount)).toEqual([live]);
    expect(await ledgerProblems(t.db, [order.id])).toEqual([]);
  });

  it('a card session opened after a part was cancelled asks the live total; the old page is no longer offered', async () => {
    const a = await createShop(t.db, t.config.jwtSecret, { name: 'Chege', price: 300 });
    const b = await createShop(t.db, t.config.jwtSecret, { name: 'Dama', price: 900 });
    const order = (
      await placeFrom(
        [
          [a, 2],
          [b, 1],
        ],
        { method: 'card' },
      )
    ).json<{ body: Order }>().body;
    expect(order.payment).toMatchObject({ status: 'pending', amountDue: order.total, redirectUrl: expect.any(String) });
    const res = await request({
      method: 'POST',
      url: `/v1/orders/${order.id}/fulfilments/${partOf(order, b).id}/cancel`,
      headers: buyer.headers,
      payload: { reason: 'Bought locally' },
    });
    expect(res.statusCode).toBe(200);
    const live = amountOf(partOf(order, a));
    expect((await getOrder(order.id)).payment).toMatchObject({ status: 'pending', amountDue: live, redirectUrl: null, canRetry: true });
    const again = await request({
      method: 'POST',
      url: `/v1/orders/${order.id}/payments`,
      headers: buyer.headers,
      payload: { method: 'card' },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json<{ body: Order }>().body.payment).toMatchObject({
      status: 'pending',
      message: `Finish paying ${formatKES(live)} on our card partner’s secure page.`,
      redirectUrl: expect.any(String),
    });
    expect((await attempts(order.id)).map((p) => p.amount).sort((x, y) => x - y)).toEqual([live, order.total]);
  });

  it(`refuses M-Pesa for an order above ${formatKES(MPESA_MAX_AMOUNT)} before anything is written; bank transfer takes it`, async () => {
    const big = await createShop(t.db, t.config.jwtSecret, { name: 'Ekal', price: 130_000, stock: 10 });
    const key = randomUUID();
    const refused = await placeFrom([[big, 2]], MPESA, key);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      header: {
        isSuccess: false,
        customerMessage: `M-Pesa takes up to ${formatKES(250_000)} per payment. Pay this order by bank transfer.`,
      },
      body: null,
    });
    expect(await t.db.selectFrom('order_items').select('order_id').where('product_id', '=', big.productId).execute()).toEqual([]);
    const stock = await t.db.selectFrom('products').select('stock_quantity').where('id', '=', big.productId).executeTakeFirstOrThrow();
    expect(stock.stock_quantity).toBe(10);
    expect(sandbox.prompts().filter((p) => p.amount > MPESA_MAX_AMOUNT)).toEqual([]);

    // The same checkout by bank transfer, even under the same key: nothing was claimed.
    const bank = await placeFrom([[big, 2]], { method: 'bank' }, key);
    expect(bank.statusCode).toBe(201);
    const order = bank.json<{ body: Order }>().body;
    expect(order.total).toBeGreaterThan(MPESA_MAX_AMOUNT);
    // Nor can Try again switch it to M-Pesa.
    const again = await request({ method: 'POST', url: `/v1/orders/${order.id}/payments`, headers: buyer.headers, payload: MPESA });
    expect(again.statusCode).toBe(422);
    expect(again.json().header.customerMessage).toMatch(/^M-Pesa takes up to/);
    expect(await attempts(order.id)).toEqual([]);

    // Exactly the limit is still an M-Pesa payment (350 is the same-county delivery fee).
    const edge = await createShop(t.db, t.config.jwtSecret, { name: 'Fundi', price: MPESA_MAX_AMOUNT - 350 });
    const atLimit = await placeFrom([[edge, 1]], MPESA);
    expect(atLimit.statusCode).toBe(201);
    expect(promptFor(atLimit.json<{ body: Order }>().body).amount).toBe(MPESA_MAX_AMOUNT);
  });
});

// Last: it replaces the app.
describe('the API restarts between the STK push and the callback', () => {
  it('still pays the order: the reconcile job’s status query settles it', async () => {
    const { order } = await place(MPESA);
    const prompt = promptFor(order);
    await app.close();
    // The callback finds nobody (Daraja does not retry).
    await sandbox.answer(prompt.checkoutRequestId, 'accept');
    expect(sandbox.prompts().find((p) => p.checkoutRequestId === prompt.checkoutRequestId)?.callbacksSent).toBe(1);

    app = await buildApp({ db: t.db, config: t.config });
    expect((await getOrder(order.id)).status).toBe('pending_payment');
    await reconcilePayments(
      t.db,
      { providers: paymentProviders(t.config.payments), config: t.config.payments },
      new Date(Date.now() + 120_000),
    );
    const paid = await getOrder(order.id);
    expect(paid.status).toBe('paid');
    expect(paid.payment).toMatchObject({ status: 'paid', receipt: null });
    expect((await ledger(order.id)).map((e) => e.kind)).toEqual(['request', 'response', 'query']);
  });
});
