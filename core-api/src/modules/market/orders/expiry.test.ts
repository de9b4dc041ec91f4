import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Order, PublicProduct as Product } from '@shambasoko/contracts';
import { loadConfig } from '../../../config';
import { scheduledJobs } from '../../../jobs/registry';
import { runJobIfDue } from '../../../jobs/scheduler';
import { createTestUser, type TestUser } from '../../../testing/auth';
import { testCheckout } from '../../../testing/orders';
import { type TestApp, startTestApp } from '../../../testing/test-app';
import { expiryReason } from './status';

let t: TestApp;
let buyer: TestUser;

beforeAll(async () => {
  // One buyer places every order here: more than the default order rate limit allows.
  // The card gateway is unreachable here: card attempts fail at once and never hold an order open.
  t = await startTestApp({ ORDER_RATE_LIMIT_PER_USER: '100', CARD_GATEWAY_URL: 'http://127.0.0.1:9/card' });
  buyer = await createTestUser(t.db, t.config.jwtSecret);
}, 60_000);
afterAll(async () => t?.close());

const expiryJob = () => {
  const job = scheduledJobs(t.config, t.db).find((j) => j.name === 'order-expiry');
  if (!job) throw new Error('the order-expiry job is not registered');
  return job;
};

/** The job as the scheduler runs it; each call a new minute, so the job's interval never holds it back. */
let clock = Date.now();
const runExpiry = async (at?: Date) => {
  clock = Math.max(clock + 61_000, at?.getTime() ?? 0);
  expect(await runJobIfDue(t.db, expiryJob(), new Date(clock))).toBe(true);
};

async function placeOrder(body: object): Promise<Order> {
  const res = await t.request({
    method: 'POST',
    url: '/v1/orders',
    headers: { ...buyer.headers, 'idempotency-key': randomUUID() },
    payload: body,
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ body: Order }>().body;
}

async function stockOf(productId: string): Promise<number> {
  const row = await t.db.selectFrom('products').select('stock_quantity').where('id', '=', productId).executeTakeFirstOrThrow();
  return row.stock_quantity;
}

async function productId(name: string): Promise<string> {
  return (await t.db.selectFrom('products').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}

const getOrder = async (id: string) =>
  (await t.request({ method: 'GET', url: `/v1/orders/${id}`, headers: buyer.headers })).json<{ body: Order }>().body;

/** As if the order had been placed `hours` ago (its window moves with it). */
const backdate = (orderId: string, hours: number) =>
  sql`update orders set created_at = created_at - make_interval(hours => ${hours}), payment_due_at = payment_due_at - make_interval(hours => ${hours}) where id = ${orderId}::uuid`.execute(
    t.db,
  );

describe('unpaid orders expire', () => {
  it('reads each payment window from the environment (hours), with 72 h for bank transfer and 1 h for card by default', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).orderPaymentWindowMs).toEqual({ mpesa: 1_800_000, bank: 72 * 3_600_000, card: 3_600_000 });
    expect(loadConfig({ NODE_ENV: 'test', ORDER_EXPIRY_BANK_HOURS: '48', ORDER_EXPIRY_CARD_HOURS: '0.5' }).orderPaymentWindowMs).toEqual({
      mpesa: 1_800_000,
      bank: 48 * 3_600_000,
      card: 1_800_000,
    });
    expect(() => loadConfig({ NODE_ENV: 'test', ORDER_EXPIRY_CARD_HOURS: '0' })).toThrow(/ORDER_EXPIRY_CARD_HOURS/);
    expect(expiryReason(1_800_000)).toBe('Not paid within 30 minutes; the items were returned to stock.');
  });

  it('waits 72 hours for a bank transfer and 1 hour for a card, from the moment the order was placed', async () => {
    const lime = await productId('Agricultural Lime, 50 kg');
    const bank = await placeOrder(testCheckout({ items: [{ productId: lime, quantity: 1 }], payment: { method: 'bank' } }));
    const card = await placeOrder(testCheckout({ items: [{ productId: lime, quantity: 1 }], payment: { method: 'card' } }));
    expect(Date.parse(bank.paymentDueAt!) - Date.parse(bank.createdAt)).toBe(72 * 3_600_000);
    expect(Date.parse(card.paymentDueAt!) - Date.parse(card.createdAt)).toBe(3_600_000);
  });

  it('expires an order past its window: reason, time, stock and promo given back, buyer told, catalog fresh; once only', async () => {
    const sprayer = await productId('Knapsack Sprayer 16 L');
    const hoe = await productId('Jembe (Forged Hoe) with Handle');
    const before = { sprayer: await stockOf(sprayer), hoe: await stockOf(hoe) };
    const order = await placeOrder(
      testCheckout({
        items: [
          { productId: sprayer, quantity: 2 },
          { productId: hoe, quantity: 3 },
        ],
        payment: { method: 'bank' },
        promoCode: 'KARIBU10',
      }),
    );
    expect(order.discount).toBeGreaterThan(0);
    expect(await stockOf(sprayer)).toBe(before.sprayer - 2);
    // The product page is now cached showing the lower stock.
    const cached = await t.request({ method: 'GET', url: `/v1/products/${sprayer}` });
    expect(cached.json<{ body: Product }>().body.stockQuantity).toBe(before.sprayer - 2);

    // Not yet due: the job leaves it alone.
    await runExpiry();
    expect((await getOrder(order.id)).status).toBe('pending_payment');

    await backdate(order.id, 72);
    await runExpiry();
    const expired = await getOrder(order.id);
    expect(expired).toMatchObject({
      status: 'expired',
      statusReason: 'Not paid within 72 hours; the items were returned to stock.',
      expiredAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      paymentDueAt: null,
    });
    expect(await stockOf(sprayer)).toBe(before.sprayer);
    expect(await stockOf(hoe)).toBe(before.hoe);
    // The cached answer was dropped: the catalog shows the stock back at once.
    const fresh = await t.request({ method: 'GET', url: `/v1/products/${sprayer}` });
    expect(fresh.json<{ body: Product }>().body.stockQuantity).toBe(before.sprayer);
    const listed = (await t.request({ method: 'GET', url: '/v1/orders', headers: buyer.headers })).json<{ body: Order[] }>().body;
    expect(listed.find((o) => o.id === order.id)).toMatchObject({ status: 'expired', statusReason: expired.statusReason });
    const notes = await t.db
      .selectFrom('notifications')
      .select(['type', 'body', 'link'])
      .where('user_id', '=', buyer.id)
      .where('type', '=', 'order_expired')
      .execute();
    expect(notes).toEqual([{ type: 'order_expired', body: expired.statusReason, link: `/orders/${order.id}` }]);
    // The unpaid order did not use up the buyer's one KARIBU10.
    expect(await t.db.selectFrom('promo_redemptions').select('order_id').where('order_id', '=', order.id).execute()).toEqual([]);

    // Idempotent: running again changes nothing.
    await runExpiry();
    await runExpiry();
    expect(await stockOf(sprayer)).toBe(before.sprayer);
    expect(await stockOf(hoe)).toBe(before.hoe);
    expect(await getOrder(order.id)).toEqual(expired);
    expect(
      await t.db.selectFrom('notifications').select('id').where('user_id', '=', buyer.id).where('type', '=', 'order_expired').execute(),
    ).toHaveLength(1);

    // An order placed after it is untouched, and the buyer may use the promo again.
    const later = await placeOrder(testCheckout({ items: [{ productId: sprayer, quantity: 1 }], promoCode: 'KARIBU10' }));
    await runExpiry();
    expect((await getOrder(later.id)).status).toBe('pending_payment');
    expect(await stockOf(sprayer)).toBe(before.sprayer - 1);
  });

  it('expires the order of a buyer who erased their account (kept anonymised), telling no one', async () => {
    const lime = await productId('Agricultural Lime, 50 kg');
    const before = await stockOf(lime);
    const order = await placeOrder(testCheckout({ items: [{ productId: lime, quantity: 2 }] }));
    await sql`update orders set user_id = null where id = ${order.id}::uuid`.execute(t.db);
    await backdate(order.id, 73);
    await runExpiry();
    const row = await t.db.selectFrom('orders').select(['status', 'user_id']).where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'expired', user_id: null });
    expect(await stockOf(lime)).toBe(before);
  });

  it('words the reason after the window the order had, and leaves paid and cancelled orders alone', async () => {
    const lime = await productId('Agricultural Lime, 50 kg');
    const card = await placeOrder(testCheckout({ items: [{ productId: lime, quantity: 1 }], payment: { method: 'card' } }));
    const paid = await placeOrder(testCheckout({ items: [{ productId: lime, quantity: 1 }], payment: { method: 'bank' } }));
    const cancelled = await placeOrder(testCheckout({ items: [{ productId: lime, quantity: 1 }], payment: { method: 'bank' } }));
    await t.db.updateTable('orders').set({ status: 'paid' }).where('id', '=', paid.id).execute();
    await t.db.updateTable('orders').set({ status: 'cancelled' }).where('id', '=', cancelled.id).execute();
    for (const id of [card.id, paid.id, cancelled.id]) await backdate(id, 100);
    const stock = await stockOf(lime);
    await runExpiry();
    expect(await getOrder(card.id)).toMatchObject({
      status: 'expired',
      statusReason: 'Not paid within 1 hour; the items were returned to stock.',
    });
    expect((await getOrder(paid.id)).status).toBe('paid');
    expect((await getOrder(cancelled.id)).status).toBe('cancelled');
    expect(await stockOf(lime)).toBe(stock + 1);
  });

  it('returns stock right when checkouts of the same products run while the job expires orders', async () => {
    const hose = await productId('Garden Hose ¾ Inch, 30 m');
    const panga = await productId('Panga (Machete) 18 Inch');
    await t.db.updateTable('products').set({ stock_quantity: 50 }).where('id', 'in', [hose, panga]).execute();
    const lines = [
      { productId: hose, quantity: 2 },
      { productId: panga, quantity: 1 },
    ];
    const stale = [];
    for (let n = 0; n < 4; n += 1) stale.push(await placeOrder(testCheckout({ items: lines, payment: { method: 'bank' } })));
    for (const order of stale) await backdate(order.id, 80);
    const racing = await Promise.all([
      runExpiry(),
      ...Array.from({ length: 6 }, (_, n) =>
        t.request({
          method: 'POST',
          url: '/v1/orders',
          headers: { ...buyer.headers, 'idempotency-key': randomUUID() },
          payload: testCheckout({ items: n % 2 ? lines : [...lines].reverse(), payment: { method: 'bank' } }),
        }),
      ),
    ]);
    expect(racing.slice(1).map((r) => (r as { statusCode: number }).statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    for (const order of stale) expect((await getOrder(order.id)).status).toBe('expired');
    // 4 expired orders gave back what they held; the 6 new ones hold theirs.
    expect(await stockOf(hose)).toBe(50 - 6 * 2);
    expect(await stockOf(panga)).toBe(50 - 6 * 1);
  });

  // Only a real server runs two transactions side by side; the embedded engine has one connection.
  const serverOnly = (process.env.DATABASE_URL ?? '') !== '' ? it : it.skip;

  serverOnly('skips an order that a payment holds at that moment, and never expires it once paid', async () => {
    const lime = await productId('Agricultural Lime, 50 kg');
    const order = await placeOrder(testCheckout({ items: [{ productId: lime, quantity: 1 }] }));
    await backdate(order.id, 2);
    const stock = await stockOf(lime);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const payment = t.db.transaction().execute(async (trx) => {
      await trx.selectFrom('orders').select('id').where('id', '=', order.id).forUpdate().execute();
      locked();
      await released;
      await trx.updateTable('orders').set({ status: 'paid' }).where('id', '=', order.id).execute();
    });
    await isLocked;
    await runExpiry();
    release();
    await payment;
    await runExpiry();
    expect((await getOrder(order.id)).status).toBe('paid');
    expect(await stockOf(lime)).toBe(stock);
  });
});
