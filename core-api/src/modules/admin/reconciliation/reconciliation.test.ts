import { randomUUID } from 'node:crypto';
import type { Order, Reconciliation } from '@shambasoko/contracts';
import { todayInNairobi } from '@shambasoko/contracts/time';
import { createTestUser, type TestUser } from '../../../testing/auth';
import { ledgerProblems } from '../../../testing/money';
import { testCheckout } from '../../../testing/orders';
import { createShop, type TestShop } from '../../../testing/shops';
import type { TestApp } from '../../../testing/test-app';
import { useTestApp } from '../../../testing/use-test-app';
import { recordPartReleased } from '../../payments';
import { nairobiRange } from './service';

let t: TestApp;
let buyer: TestUser;
let admin: TestUser;
useTestApp(
  async (app) => {
    t = app;
    buyer = await createTestUser(t.db, t.config.jwtSecret, { roles: ['Buyer'] });
    admin = await createTestUser(t.db, t.config.jwtSecret, { firstName: 'Amina', lastName: 'Admin', roles: ['Admin'] });
  },
  { env: { ORDER_RATE_LIMIT_PER_USER: '100' } },
);

const get = async (query = '', headers = admin.headers) => {
  const res = await t.request({ method: 'GET', url: `/v1/admin/reconciliation${query}`, headers });
  return { status: res.statusCode, body: res.json<{ body: Reconciliation }>().body };
};
async function paidBankOrder(shop: TestShop, quantity: number): Promise<Order> {
  const res = await t.request({
    method: 'POST',
    url: '/v1/orders',
    headers: { ...buyer.headers, 'idempotency-key': randomUUID() },
    payload: testCheckout({ items: [{ productId: shop.productId, quantity }] }),
  });
  expect(res.statusCode).toBe(201);
  const placed = res.json<{ body: Order }>().body;
  const paid = await t.request({
    method: 'POST',
    url: `/v1/seller/sales/${placed.fulfilments[0]!.id}/mark-paid`,
    headers: shop.user.headers,
    payload: {},
  });
  expect(paid.statusCode).toBe(200);
  return placed;
}
const method = (r: Reconciliation, m: string) => r.moneyIn.find((x) => x.method === m)!;

describe('nairobiRange', () => {
  it('runs from midnight in Nairobi of the first day to midnight after the last', () => {
    const { start, end } = nairobiRange('2026-06-01', '2026-06-30');
    expect(start.toISOString()).toBe('2026-05-31T21:00:00.000Z');
    expect(end.toISOString()).toBe('2026-06-30T21:00:00.000Z');
  });
});

describe('GET /v1/admin/reconciliation', () => {
  it("sets the day's paid attempts against the books per method, and reads money out and what the books hold", async () => {
    const before = (await get()).body;
    const a = await createShop(t.db, t.config.jwtSecret, { name: 'Achieng', price: 1000 });
    const b = await createShop(t.db, t.config.jwtSecret, { name: 'Mutua', price: 600 });
    const kept = await paidBankOrder(a, 2);
    const refunded = await paidBankOrder(b, 1);
    const partA = kept.fulfilments[0]!;
    const partB = refunded.fulfilments[0]!;
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/v1/seller/sales/${partB.id}/cancel`,
          headers: b.user.headers,
          payload: { reason: 'Spoilt' },
        })
      ).statusCode,
    ).toBe(200);
    const middle = (await get()).body;
    expect(middle.refundsDue - before.refundsDue).toBe(refunded.total);
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/v1/admin/refunds/${partB.id}/settle`,
          headers: admin.headers,
          payload: { reference: 'EQ-1' },
        })
      ).statusCode,
    ).toBe(200);
    // A's part is released, and 500 of it paid out by M-Pesa.
    const earned = 2000 - 100 + partA.deliveryFee;
    await t.db.transaction().execute((trx) => recordPartReleased(trx, { orderId: kept.id, fulfilmentId: partA.id, sellerId: a.sellerId }));
    const sent = randomUUID();
    const confirmed = randomUUID();
    await t.db
      .insertInto('ledger_entries')
      .values([
        { txn_id: sent, kind: 'payout', account: 'seller:available', seller_id: a.sellerId, amount: 500 },
        { txn_id: sent, kind: 'payout', account: 'seller:paying', seller_id: a.sellerId, amount: -500 },
      ])
      .execute();
    await t.db
      .insertInto('ledger_entries')
      .values([
        { txn_id: confirmed, kind: 'payout', account: 'seller:paying', seller_id: a.sellerId, amount: 500 },
        { txn_id: confirmed, kind: 'payout', account: 'cash:mpesa', amount: -500 },
      ])
      .execute();
    // A card attempt recorded paid that the books never took in, and one flagged for review.
    await t.db
      .insertInto('payments')
      .values([
        { order_id: kept.id, method: 'card', status: 'paid', amount: 777, settled_at: new Date() },
        { order_id: kept.id, method: 'mpesa', status: 'flagged', amount: 333, settled_at: new Date() },
      ])
      .execute();

    const { status, body: after } = await get();
    expect(status).toBe(200);
    const today = todayInNairobi();
    expect(after.range).toEqual({ from: today, to: today });
    const delta = (m: string) => ({
      payments: method(after, m).payments - method(before, m).payments,
      ledger: method(after, m).ledger - method(before, m).ledger,
      difference: method(after, m).difference - method(before, m).difference,
    });
    expect(delta('bank')).toEqual({ payments: kept.total + refunded.total, ledger: kept.total + refunded.total, difference: 0 });
    expect(delta('card')).toEqual({ payments: 777, ledger: 0, difference: 777 });
    expect(delta('mpesa')).toEqual({ payments: 0, ledger: 0, difference: 0 });
    expect(after.refundsPaid - before.refundsPaid).toBe(refunded.total);
    expect(after.refundsDue - before.refundsDue).toBe(0);
    expect(after.payoutsOut - before.payoutsOut).toBe(500);
    expect(after.paybillExpected - before.paybillExpected).toBe(-500);
    expect({
      pending: after.heldForSellers.pending - before.heldForSellers.pending,
      available: after.heldForSellers.available - before.heldForSellers.available,
      paying: after.heldForSellers.paying - before.heldForSellers.paying,
    }).toEqual({ pending: 0, available: earned - 500, paying: 0 });
    // 5 % of A's Ksh 2,000; B's commission was taken back when it was cancelled.
    expect(after.commissionEarned - before.commissionEarned).toBe(100);
    expect(after.flaggedPayments.count - before.flaggedPayments.count).toBe(1);
    expect(after.flaggedPayments.amount - before.flaggedPayments.amount).toBe(333);
    expect(await ledgerProblems(t.db, [refunded.id])).toEqual([]);
  });

  it('counts no flow of today in a past range, but the balances up to its end', async () => {
    const { status, body } = await get('?from=2020-01-01&to=2020-01-31');
    expect(status).toBe(200);
    expect(body.range).toEqual({ from: '2020-01-01', to: '2020-01-31' });
    expect(body.moneyIn.map((m) => m.payments + m.ledger)).toEqual([0, 0, 0]);
    expect([body.payoutsOut, body.refundsPaid, body.refundsDue, body.commissionEarned, body.paybillExpected]).toEqual([0, 0, 0, 0, 0]);
  });

  it('refuses a range that ends before it starts', async () => {
    expect((await get('?from=2026-02-01&to=2026-01-01')).status).toBe(400);
    expect((await get('?from=yesterday')).status).toBe(400);
  });

  it('is for Admins only', async () => {
    const farmer = await createTestUser(t.db, t.config.jwtSecret);
    expect((await get('', farmer.headers)).status).toBe(403);
    expect((await get('', buyer.headers)).status).toBe(403);
  });
});
