import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Order } from '@shambasoko/contracts';
import type { Payout, PayoutList, PayoutSettings, SellerBalance } from '@shambasoko/contracts';
import { SANDBOX_CREDENTIALS, createPaymentsSandbox, type PaymentsSandbox } from '../../../sandbox/server';
import { createTestUser, type TestUser } from '../../testing/auth';
import { ledgerProblems, payoutProblems } from '../../testing/money';
import { testCheckout } from '../../testing/orders';
import { type TestShop, createShop } from '../../testing/shops';
import { type TestApp, sendOverHttp, startTestApp } from '../../testing/test-app';
import { type DisbursementDeps, reconcileDisbursements } from './disbursements';
import { recordPartReleased } from './ledger';
import { payAutomaticPayouts } from './payouts';
import { paymentProviders } from './providers';
import { ProviderRefused } from './providers/types';
import { payRefundsDue } from './refunds';

// Money out by M-Pesa B2C, against the development sandbox in this process: payouts to sellers and
// refunds to buyers, through the client production uses.

let sandbox: PaymentsSandbox;
let t: TestApp;
let app: FastifyInstance;
let buyer: TestUser;
let deps: DisbursementDeps;
const TOKEN = 'test-b2c-token-5e1d';
const DAILY_LIMIT = 20_000;

const request = (r: Parameters<TestApp['request']>[0]) => sendOverHttp(app, r);

beforeAll(async () => {
  sandbox = createPaymentsSandbox({ port: 0, host: '127.0.0.1' });
  const base = await sandbox.listen();
  t = await startTestApp({
    ORDER_RATE_LIMIT_PER_USER: '100',
    MPESA_PUSH_LIMIT_PER_PHONE: '100',
    MPESA_PUSH_LIMIT_PER_ACCOUNT: '100',
    MPESA_BASE_URL: base,
    MPESA_CONSUMER_KEY: SANDBOX_CREDENTIALS.consumerKey,
    MPESA_CONSUMER_SECRET: SANDBOX_CREDENTIALS.consumerSecret,
    PAYOUT_DAILY_LIMIT_KES: String(DAILY_LIMIT),
  });
  app = t.app;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  t.config.payments.mpesa!.callbackUrl = `http://127.0.0.1:${port}/v1/payments/mpesa/callback/${TOKEN}`;
  t.config.payments.b2c!.resultUrl = `http://127.0.0.1:${port}/v1/payments/b2c/result/${TOKEN}`;
  deps = { db: t.db, providers: paymentProviders(t.config.payments), config: t.config.payments, payRefundsDue };
  buyer = await createTestUser(t.db, t.config.jwtSecret, { roles: ['Buyer'] });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await t?.close();
  await sandbox?.close();
});

async function waitUntil<T>(read: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 60; i += 1) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`never: ${what}`);
}

/** A seller with `earned` shillings available: a bank order marked paid, its part released. */
async function sellerWith(name: string, price: number): Promise<{ shop: TestShop; available: number }> {
  const shop = await createShop(t.db, t.config.jwtSecret, { name, price });
  const res = await request({
    method: 'POST',
    url: '/v1/orders',
    headers: { ...buyer.headers, 'idempotency-key': randomUUID() },
    payload: testCheckout({ items: [{ productId: shop.productId, quantity: 1 }] }),
  });
  const order = res.json<{ body: Order }>().body;
  const part = order.fulfilments[0]!;
  await request({ method: 'POST', url: `/v1/seller/sales/${part.id}/mark-paid`, headers: shop.user.headers });
  const available = await t.db
    .transaction()
    .execute((trx) => recordPartReleased(trx, { orderId: order.id, fulfilmentId: part.id, sellerId: shop.sellerId }));
  return { shop, available };
}

const payout = (shop: TestShop, payload: object = {}, key: string = randomUUID()) =>
  request({ method: 'POST', url: '/v1/seller/payouts', headers: { ...shop.user.headers, 'idempotency-key': key }, payload });
const balance = async (shop: TestShop) =>
  (await request({ method: 'GET', url: '/v1/seller/balance', headers: shop.user.headers })).json<{ body: SellerBalance }>().body;
const row = (id: string) => t.db.selectFrom('disbursements').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const settled = (id: string, status: 'paid' | 'failed' | 'sent' = 'paid') =>
  waitUntil(async () => {
    const r = await row(id);
    return r.status === status ? r : undefined;
  }, `disbursement ${id} ${status}`);
const linesOf = async (id: string) =>
  (await t.db.selectFrom('ledger_entries').select('id').where('disbursement_id', '=', id).execute()).length;
const inTwoMinutes = () => new Date(Date.now() + 120_000);

describe('seller payouts', () => {
  it('pays everything available to the shop’s M-Pesa number once; the same Idempotency-Key answers the same payout', async () => {
    const { shop, available } = await sellerWith('Chebet', 3000);
    const key = randomUUID();
    const res = await payout(shop, {}, key);
    expect(res.statusCode).toBe(201);
    const sent = res.json<{ body: Payout }>().body;
    expect(sent).toMatchObject({ amount: available, phone: '+254 7•• ••• 111', automatic: false });
    const paid = await settled(sent.id);
    expect(paid.receipt).toMatch(/^[A-Z][A-Z0-9]{9}$/);
    expect(sandbox.disbursements().find((d) => d.originatorConversationId === paid.originator_id)).toMatchObject({
      phone: '254711000111',
      amount: available,
      status: 'paid',
    });
    expect(await balance(shop)).toEqual({ pending: 0, available: 0, payingOut: 0, paidOut: available });

    const again = await payout(shop, {}, key);
    expect(again.statusCode).toBe(200);
    expect(again.json<{ body: Payout }>().body.id).toBe(sent.id);
    const list = (await request({ method: 'GET', url: '/v1/seller/payouts', headers: shop.user.headers })).json<{ body: PayoutList }>()
      .body;
    expect(list.items).toEqual([expect.objectContaining({ id: sent.id, status: 'paid', receipt: paid.receipt })]);
    const notices = await t.db.selectFrom('notifications').select(['title', 'body']).where('user_id', '=', shop.user.id).execute();
    expect(notices).toContainEqual({ title: 'Payout paid', body: expect.stringContaining(`Receipt ${paid.receipt}.`) });
    expect(await payoutProblems(t.db, [shop.sellerId])).toEqual([]);
  });

  it('refuses a payout below the minimum, above what is available, and above the daily limit, saying why', async () => {
    const { shop, available } = await sellerWith('Kiprop', 15_000);
    const below = await payout(shop, { amount: 99 });
    expect(below.statusCode).toBe(422);
    expect(below.json().header.customerMessage).toBe('The smallest payout is Ksh\u00a0100.');
    const above = await payout(shop, { amount: available + 1 });
    expect(above.statusCode).toBe(422);
    expect(above.json().header.customerMessage).toMatch(/^You can pay out at most Ksh/);

    // The same seller pays out 15,000 of a 20,000 day, then 6,000 more is refused.
    await recordMoreAvailable(shop, 15_000);
    expect((await payout(shop, { amount: 15_000 })).statusCode).toBe(201);
    const over = await payout(shop, { amount: 6000 });
    expect(over.statusCode).toBe(422);
    expect(over.json().header.customerMessage).toBe(
      'Payouts are limited to Ksh\u00a020,000 a day; you can still pay out Ksh\u00a05,000 today.',
    );
    expect((await payout(shop, { amount: 5000 })).statusCode).toBe(201);
    expect(await payoutProblems(t.db, [shop.sellerId])).toEqual([]);
  });

  it('two requests at once for the same balance pay it once', async () => {
    const { shop, available } = await sellerWith('Wambui', 4000);
    const answers = await Promise.all([payout(shop), payout(shop), payout(shop)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422, 422]);
    const rows = await t.db.selectFrom('disbursements').select(['id', 'amount']).where('seller_id', '=', shop.sellerId).execute();
    expect(rows).toEqual([{ id: expect.any(String), amount: available }]);
    await settled(rows[0]!.id);
    expect(await balance(shop)).toMatchObject({ available: 0, paidOut: available });
    expect(await payoutProblems(t.db, [shop.sellerId])).toEqual([]);
  });

  it('a replayed, or late after a queue timeout, result changes nothing twice; a failed one gives the money back once', async () => {
    sandbox.b2cAutoResult(false);
    try {
      const { shop, available } = await sellerWith('Nyambura', 5000);
      const first = (await payout(shop, { amount: 2000 })).json<{ body: Payout }>().body;
      const sent = await settled(first.id, 'sent');
      expect(await balance(shop)).toMatchObject({ available: available - 2000, payingOut: 2000 });
      // M-Pesa's queue timeout says nothing about whether it paid: the payout stays sent.
      await sandbox.b2cQueueTimeout(sent.originator_id);
      expect((await row(first.id)).status).toBe('sent');
      // It paid, but the result was lost: the reconcile job's status query finds out.
      await sandbox.settleB2c(sent.originator_id, 'paid', { deliver: false });
      expect(await reconcileDisbursements(deps, inTwoMinutes())).toMatchObject({ queried: 1 });
      await settled(first.id);
      const lines = await linesOf(first.id);
      // The original result arrives late, twice.
      await sandbox.replayB2cResult(sent.originator_id);
      await sandbox.replayB2cResult(sent.originator_id);
      expect(await linesOf(first.id)).toBe(lines);
      expect(await balance(shop)).toMatchObject({ available: available - 2000, payingOut: 0, paidOut: 2000 });

      const second = (await payout(shop, { amount: 1000 })).json<{ body: Payout }>().body;
      const other = await settled(second.id, 'sent');
      await sandbox.settleB2c(other.originator_id, 'failed');
      await settled(second.id, 'failed');
      await sandbox.replayB2cResult(other.originator_id);
      expect(await balance(shop)).toMatchObject({ available: available - 2000, payingOut: 0, paidOut: 2000 });
      const notices = await t.db.selectFrom('notifications').select('title').where('user_id', '=', shop.user.id).execute();
      expect(notices.filter((n) => n.title === 'Payout failed')).toHaveLength(1);
      expect(await payoutProblems(t.db, [shop.sellerId])).toEqual([]);
    } finally {
      sandbox.b2cAutoResult(true);
    }
  });

  it('during an M-Pesa outage a payout stays pending, and the reconcile job sends it once M-Pesa is back', async () => {
    const { shop, available } = await sellerWith('Odhiambo', 2500);
    sandbox.b2cOutage(true);
    try {
      const res = await payout(shop);
      expect(res.statusCode).toBe(201);
      const pending = res.json<{ body: Payout }>().body;
      expect(pending.status).toBe('pending');
      expect(await balance(shop)).toMatchObject({ available: 0, payingOut: available });
      await reconcileDisbursements(deps, inTwoMinutes());
      expect(await row(pending.id)).toMatchObject({ status: 'pending', attempts: 2 });
      sandbox.b2cOutage(false);
      await reconcileDisbursements(deps, inTwoMinutes());
      const paid = await settled(pending.id);
      expect(paid.attempts).toBe(3);
      expect(sandbox.disbursements().filter((d) => d.originatorConversationId === paid.originator_id)).toHaveLength(1);
      expect(await balance(shop)).toMatchObject({ available: 0, payingOut: 0, paidOut: available });
      expect(await payoutProblems(t.db, [shop.sellerId])).toEqual([]);
    } finally {
      sandbox.b2cOutage(false);
    }
  });

  it('a resend M-Pesa refuses (perhaps a duplicate of one it paid) is asked about, not failed, so it is never paid twice', async () => {
    const { shop, available } = await sellerWith('Chebet', 2200);
    sandbox.b2cOutage(true);
    let pendingId: string;
    try {
      const res = await payout(shop);
      pendingId = res.json<{ body: Payout }>().body.id;
    } finally {
      sandbox.b2cOutage(false);
    }
    const refusing: DisbursementDeps = {
      ...deps,
      providers: {
        ...deps.providers,
        b2c: {
          transactionStatus: (query) => deps.providers.b2c!.transactionStatus(query),
          b2cPayment: async () => {
            throw new ProviderRefused('Duplicate OriginatorConversationID', '500.002.1001');
          },
        },
      },
    };
    await reconcileDisbursements(refusing, inTwoMinutes());
    expect(await row(pendingId)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await balance(shop)).toMatchObject({ available: 0, payingOut: available });
    // Still held for the seller: only M-Pesa's answer to the status query may settle it.
    expect(await row(pendingId)).toMatchObject({ status: 'sent', last_error: 'Duplicate OriginatorConversationID' });
    expect(await payoutProblems(t.db, [shop.sellerId])).toEqual([]);
  });

  it('a seller sets a payout phone and automatic payouts; the daily job pays once a Nairobi day', async () => {
    const { shop, available } = await sellerWith('Mwende', 1800);
    const saved = await request({
      method: 'PUT',
      url: '/v1/seller/payout-settings',
      headers: shop.user.headers,
      payload: { automatic: true, phone: '0722 333 444' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<{ body: PayoutSettings }>().body).toMatchObject({
      automatic: true,
      phone: '+254722333444',
      payoutPhone: '+254722333444',
    });
    const now = new Date();
    await payAutomaticPayouts(deps, now);
    await payAutomaticPayouts(deps, now);
    const rows = await t.db.selectFrom('disbursements').selectAll().where('seller_id', '=', shop.sellerId).execute();
    expect(rows).toEqual([expect.objectContaining({ amount: available, phone: '+254722333444' })]);
    await settled(rows[0]!.id);
    expect(await payoutProblems(t.db, [shop.sellerId])).toEqual([]);
  });

  it('is for sellers only', async () => {
    expect((await request({ method: 'GET', url: '/v1/seller/payouts', headers: buyer.headers })).statusCode).toBe(403);
  });
});

describe('refunds by M-Pesa', () => {
  it('a buyer cancels a paid M-Pesa part: the money goes back to the phone that paid, once, and the books hold', async () => {
    const shop = await createShop(t.db, t.config.jwtSecret, { name: 'Atieno', price: 700 });
    const placed = await request({
      method: 'POST',
      url: '/v1/orders',
      headers: { ...buyer.headers, 'idempotency-key': randomUUID() },
      payload: testCheckout({ items: [{ productId: shop.productId, quantity: 2 }], payment: { method: 'mpesa', phone: '0712 345 678' } }),
    });
    const order = placed.json<{ body: Order }>().body;
    const prompt = sandbox.prompts().find((p) => p.accountReference === order.number)!;
    await sandbox.answer(prompt.checkoutRequestId, 'accept');
    await waitUntil(async () => {
      const status = (await t.db.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow()).status;
      return status === 'paid' ? status : undefined;
    }, 'order paid');

    const cancelled = await request({
      method: 'POST',
      url: `/v1/orders/${order.id}/cancel`,
      headers: buyer.headers,
      payload: { reason: 'Changed my mind' },
    });
    expect(cancelled.statusCode).toBe(200);
    const refund = await waitUntil(async () => {
      const r = await t.db.selectFrom('disbursements').selectAll().where('order_id', '=', order.id).executeTakeFirst();
      return r?.status === 'paid' ? r : undefined;
    }, 'refund paid');
    expect(refund).toMatchObject({ purpose: 'refund', amount: order.total, phone: '+254712345678', user_id: buyer.id });
    expect(sandbox.disbursements().find((d) => d.originatorConversationId === refund.originator_id)).toMatchObject({
      phone: '254712345678',
      amount: order.total,
    });
    await payRefundsDue(t.db, order.id);
    await reconcileDisbursements(deps, inTwoMinutes());
    expect(await t.db.selectFrom('disbursements').select('id').where('order_id', '=', order.id).execute()).toHaveLength(1);
    const notices = await t.db.selectFrom('notifications').select('title').where('user_id', '=', buyer.id).execute();
    expect(notices.map((n) => n.title)).toEqual(expect.arrayContaining(['Refund on its way', 'Refund paid']));
    expect(await ledgerProblems(t.db, [order.id])).toEqual([]);
  });

  it('a seller cancels a part paid by bank transfer: its refund stays due for a person, nothing goes out by M-Pesa', async () => {
    const shop = await createShop(t.db, t.config.jwtSecret, { name: 'Barasa', price: 900 });
    const placed = await request({
      method: 'POST',
      url: '/v1/orders',
      headers: { ...buyer.headers, 'idempotency-key': randomUUID() },
      payload: testCheckout({ items: [{ productId: shop.productId, quantity: 1 }] }),
    });
    const order = placed.json<{ body: Order }>().body;
    const part = order.fulfilments[0]!;
    await request({ method: 'POST', url: `/v1/seller/sales/${part.id}/mark-paid`, headers: shop.user.headers });
    const cancelled = await request({
      method: 'POST',
      url: `/v1/seller/sales/${part.id}/cancel`,
      headers: shop.user.headers,
      payload: { reason: 'Hail took the crop' },
    });
    expect(cancelled.statusCode).toBe(200);
    await reconcileDisbursements(deps, inTwoMinutes());
    expect(await t.db.selectFrom('disbursements').select('id').where('order_id', '=', order.id).execute()).toEqual([]);
    expect(await ledgerProblems(t.db, [order.id])).toEqual([]);
  });
});

/** More money released to a seller: another bank order of theirs, paid and released. */
async function recordMoreAvailable(shop: TestShop, price: number): Promise<void> {
  await t.db.updateTable('products').set({ price }).where('id', '=', shop.productId).execute();
  const res = await request({
    method: 'POST',
    url: '/v1/orders',
    headers: { ...buyer.headers, 'idempotency-key': randomUUID() },
    payload: testCheckout({ items: [{ productId: shop.productId, quantity: 1 }] }),
  });
  const order = res.json<{ body: Order }>().body;
  const part = order.fulfilments[0]!;
  await request({ method: 'POST', url: `/v1/seller/sales/${part.id}/mark-paid`, headers: shop.user.headers });
  await t.db.transaction().execute((trx) => recordPartReleased(trx, { orderId: order.id, fulfilmentId: part.id, sellerId: shop.sellerId }));
}
