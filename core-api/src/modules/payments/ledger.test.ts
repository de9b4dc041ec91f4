import { randomUUID } from 'node:crypto';
import type { Order } from '@shambasoko/contracts';
import type { CommissionRates, SellerBalance } from '@shambasoko/contracts';
import { sql } from 'kysely';
import { createTestUser, type TestUser } from '../../testing/auth';
import { ledgerProblems } from '../../testing/money';
import { recordPartReleased } from './ledger';
import { testCheckout } from '../../testing/orders';
import { createShop, type TestShop } from '../../testing/shops';
import { type TestApp, startTestApp } from '../../testing/test-app';

let t: TestApp;
let buyer: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await startTestApp({ ORDER_RATE_LIMIT_PER_USER: '100' });
  buyer = await createTestUser(t.db, t.config.jwtSecret, { firstName: 'Wanjiku', lastName: 'Mwangi', roles: ['Buyer'] });
  admin = await createTestUser(t.db, t.config.jwtSecret, { firstName: 'Amina', lastName: 'Admin', roles: ['Admin'] });
}, 60_000);
afterAll(async () => t?.close());

async function order(lines: Array<[TestShop, number]>): Promise<Order> {
  const res = await t.request({
    method: 'POST',
    url: '/v1/orders',
    headers: { ...buyer.headers, 'idempotency-key': randomUUID() },
    payload: testCheckout({ items: lines.map(([s, quantity]) => ({ productId: s.productId, quantity })) }),
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ body: Order }>().body;
}
const partOf = (placed: Order, s: TestShop) => placed.fulfilments.find((f) => f.seller.id === s.sellerId)!;
const step = (s: TestShop, saleId: string, action: string, payload: object = {}) =>
  t.request({ method: 'POST', url: `/v1/seller/sales/${saleId}/${action}`, headers: s.user.headers, payload });
const balanceOf = async (s: TestShop) =>
  (await t.request({ method: 'GET', url: '/v1/seller/balance', headers: s.user.headers })).json<{ body: SellerBalance }>().body.pending;

describe('the ledger', () => {
  it('credits each seller their goods less 5 % commission plus delivery when their part is paid, and the lines sum to zero', async () => {
    const a = await createShop(t.db, t.config.jwtSecret, { name: 'Achieng', price: 1000 });
    const b = await createShop(t.db, t.config.jwtSecret, { name: 'Mutua', county: 'Machakos', price: 2500 });
    const placed = await order([
      [a, 3],
      [b, 2],
    ]);
    expect(await balanceOf(a)).toBe(0);
    expect((await step(a, partOf(placed, a).id, 'mark-paid')).statusCode).toBe(200);

    const partA = partOf(placed, a);
    // Ksh 3,000 of goods: Ksh 150 commission; the delivery fee is the seller's whole.
    expect(await balanceOf(a)).toBe(3000 - 150 + partA.deliveryFee);
    expect(await balanceOf(b)).toBe(0);
    const lines = await t.db
      .selectFrom('ledger_entries')
      .select(['kind', 'account', 'amount'])
      .where('fulfilment_id', '=', partA.id)
      .orderBy('id')
      .execute();
    expect(lines).toEqual([
      { kind: 'payment', account: 'cash:bank', amount: 3000 + partA.deliveryFee },
      { kind: 'earning', account: 'seller:pending', amount: -2850 },
      { kind: 'delivery', account: 'seller:pending', amount: -partA.deliveryFee },
      { kind: 'commission', account: 'platform:commission', amount: -150 },
    ]);
    expect(await ledgerProblems(t.db, [placed.id])).toEqual([]);
  });

  it('takes back a cancelled paid part and owes the buyer a refund of all they paid for it', async () => {
    const a = await createShop(t.db, t.config.jwtSecret, { name: 'Kamau', price: 800 });
    const placed = await order([[a, 5]]);
    const part = partOf(placed, a);
    await step(a, part.id, 'mark-paid');
    expect(await balanceOf(a)).toBe(4000 - 200 + part.deliveryFee);
    expect((await step(a, part.id, 'cancel', { reason: 'The rains spoilt the stock' })).statusCode).toBe(200);

    expect(await balanceOf(a)).toBe(0);
    const owed = await t.db
      .selectFrom('ledger_entries')
      .select(sql<number>`sum(amount)::int8`.as('owed'))
      .where('fulfilment_id', '=', part.id)
      .where('account', '=', 'buyer:refund_due')
      .executeTakeFirstOrThrow();
    expect(owed.owed).toBe(-(4000 + part.deliveryFee));
    expect(await ledgerProblems(t.db, [placed.id])).toEqual([]);
  });

  it('uses the rate an Admin set for the category, which sellers read before they list', async () => {
    const rates = await t.request({ method: 'GET', url: '/v1/market/commission-rates' });
    expect(rates.statusCode).toBe(200);
    expect(rates.json<{ body: CommissionRates }>().body.rates).toContainEqual({ category: 'crops', rateBp: 500 });

    const bySeller = await t.request({
      method: 'PUT',
      url: '/v1/admin/commission-rates/crops',
      headers: buyer.headers,
      payload: { rateBp: 0 },
    });
    expect(bySeller.statusCode).toBe(403);
    const set = await t.request({
      method: 'PUT',
      url: '/v1/admin/commission-rates/crops',
      headers: admin.headers,
      payload: { rateBp: 800 },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json<{ body: CommissionRates }>().body.rates).toContainEqual({ category: 'crops', rateBp: 800 });
    try {
      const a = await createShop(t.db, t.config.jwtSecret, { name: 'Otieno', price: 1250 });
      const placed = await order([[a, 2]]);
      const part = partOf(placed, a);
      await step(a, part.id, 'mark-paid');
      // 8 % of Ksh 2,500.
      expect(await balanceOf(a)).toBe(2500 - 200 + part.deliveryFee);
      expect(await ledgerProblems(t.db, [placed.id])).toEqual([]);
    } finally {
      await t.request({ method: 'PUT', url: '/v1/admin/commission-rates/crops', headers: admin.headers, payload: { rateBp: 500 } });
    }
  });

  it('reverses what a cancelled part was credited, even when the rate changed after its payment', async () => {
    const a = await createShop(t.db, t.config.jwtSecret, { name: 'Njoroge', price: 1000 });
    const placed = await order([[a, 4]]);
    const part = partOf(placed, a);
    await step(a, part.id, 'mark-paid');
    expect(await balanceOf(a)).toBe(4000 - 200 + part.deliveryFee);
    await t.request({ method: 'PUT', url: '/v1/admin/commission-rates/crops', headers: admin.headers, payload: { rateBp: 1500 } });
    try {
      expect((await step(a, part.id, 'cancel', { reason: 'Sold out at the market' })).statusCode).toBe(200);
      expect(await balanceOf(a)).toBe(0);
      const commission = await t.db
        .selectFrom('ledger_entries')
        .select(sql<number>`coalesce(sum(amount), 0)::int8`.as('total'))
        .where('fulfilment_id', '=', part.id)
        .where('account', '=', 'platform:commission')
        .executeTakeFirstOrThrow();
      expect(commission.total).toBe(0);
      expect(await ledgerProblems(t.db, [placed.id])).toEqual([]);
    } finally {
      await t.request({ method: 'PUT', url: '/v1/admin/commission-rates/crops', headers: admin.headers, payload: { rateBp: 500 } });
    }
  });

  it('moves a released part from pending to available once, and names the seller on every seller line', async () => {
    const a = await createShop(t.db, t.config.jwtSecret, { name: 'Wafula', price: 600 });
    const placed = await order([[a, 5]]);
    const part = partOf(placed, a);
    await step(a, part.id, 'mark-paid');
    const earned = 3000 - 150 + part.deliveryFee;
    const release = () =>
      t.db.transaction().execute((trx) => recordPartReleased(trx, { orderId: placed.id, fulfilmentId: part.id, sellerId: a.sellerId }));
    expect(await release()).toBe(earned);
    expect(await release()).toBe(0);
    const money = (await t.request({ method: 'GET', url: '/v1/seller/balance', headers: a.user.headers })).json<{ body: SellerBalance }>()
      .body;
    expect(money).toEqual({ pending: 0, available: earned, payingOut: 0, paidOut: 0 });
    expect(await ledgerProblems(t.db, [placed.id])).toEqual([]);
    await expect(
      t.db
        .insertInto('ledger_entries')
        .values([
          { txn_id: randomUUID(), kind: 'adjustment', account: 'seller:available', amount: 0 + 5 },
          { txn_id: randomUUID(), kind: 'adjustment', account: 'platform:commission', amount: -5 },
        ])
        .execute(),
    ).rejects.toThrow(/seller_named/);
  });

  it('refuses lines that do not balance, and lines once written never change', async () => {
    const txn = randomUUID();
    await expect(
      t.db
        .insertInto('ledger_entries')
        .values([
          { txn_id: txn, kind: 'payment', account: 'cash:mpesa', amount: 100 },
          { txn_id: txn, kind: 'commission', account: 'platform:commission', amount: -99 },
        ])
        .execute(),
    ).rejects.toThrow(/does not sum to zero/);
    const line = await t.db.selectFrom('ledger_entries').select('id').executeTakeFirstOrThrow();
    await expect(t.db.updateTable('ledger_entries').set({ amount: 1 }).where('id', '=', line.id).execute()).rejects.toThrow(
      /never changed/,
    );
    await expect(t.db.deleteFrom('ledger_entries').where('id', '=', line.id).execute()).rejects.toThrow(/never changed/);
  });

  it('a buyer has no balance to read', async () => {
    const res = await t.request({ method: 'GET', url: '/v1/seller/balance', headers: buyer.headers });
    expect(res.statusCode).toBe(403);
  });
});
