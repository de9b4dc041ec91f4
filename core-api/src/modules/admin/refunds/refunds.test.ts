import { randomUUID } from 'node:crypto';
import type { ManualRefund, ManualRefundList, Order } from '@shambasoko/contracts';
import { formatKES } from '@shambasoko/contracts';
import { createTestUser, type TestUser } from '../../../testing/auth';
import { ledgerProblems } from '../../../testing/money';
import { testCheckout } from '../../../testing/orders';
import { createShop, type TestShop } from '../../../testing/shops';
import type { TestApp } from '../../../testing/test-app';
import { useTestApp } from '../../../testing/use-test-app';

let t: TestApp;
let buyer: TestUser;
let admin: TestUser;
useTestApp(
  async (app) => {
    t = app;
    buyer = await createTestUser(t.db, t.config.jwtSecret, { firstName: 'Wanjiku', lastName: 'Mwangi', roles: ['Buyer'] });
    admin = await createTestUser(t.db, t.config.jwtSecret, { firstName: 'Amina', lastName: 'Admin', roles: ['Admin'] });
  },
  { env: { ORDER_RATE_LIMIT_PER_USER: '100' } },
);

async function order(shop: TestShop, quantity: number): Promise<Order> {
  const res = await t.request({
    method: 'POST',
    url: '/v1/orders',
    headers: { ...buyer.headers, 'idempotency-key': randomUUID() },
    payload: testCheckout({ items: [{ productId: shop.productId, quantity }] }),
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ body: Order }>().body;
}
const step = (s: TestShop, saleId: string, action: string, payload: object = {}) =>
  t.request({ method: 'POST', url: `/v1/seller/sales/${saleId}/${action}`, headers: s.user.headers, payload });

/** A bank-paid part its seller cancelled: the buyer is owed all they paid for it. */
async function cancelledBankPart(name: string, price: number) {
  const shop = await createShop(t.db, t.config.jwtSecret, { name, price });
  const placed = await order(shop, 2);
  const part = placed.fulfilments[0]!;
  expect((await step(shop, part.id, 'mark-paid')).statusCode).toBe(200);
  expect((await step(shop, part.id, 'cancel', { reason: 'The stock spoilt' })).statusCode).toBe(200);
  // One seller, no promo: the part is the whole order.
  return { shop, placed, part, amount: placed.total };
}

const list = async (state: 'due' | 'settled', headers = admin.headers) => {
  const res = await t.request({ method: 'GET', url: `/v1/admin/refunds?state=${state}`, headers });
  return { status: res.statusCode, items: res.statusCode === 200 ? res.json<{ body: ManualRefundList }>().body.items : [] };
};
const settle = (
  fulfilmentId: string,
  payload: object = { reference: 'EQ-88121', note: 'Paid from the Equity account' },
  headers = admin.headers,
) => t.request({ method: 'POST', url: `/v1/admin/refunds/${fulfilmentId}/settle`, headers, payload });
const refundLines = (fulfilmentId: string) =>
  t.db
    .selectFrom('ledger_entries')
    .select(['kind', 'account', 'amount'])
    .where('fulfilment_id', '=', fulfilmentId)
    .where('kind', '=', 'refund_paid')
    .orderBy('id')
    .execute();

describe('manual refunds (bank and card)', () => {
  it('lists a cancelled bank-paid part as due; settling records who, when and the reference, books it out of cash:bank, and tells the buyer', async () => {
    const { placed, part, amount } = await cancelledBankPart('Achieng', 700);
    const due = (await list('due')).items.find((r) => r.fulfilmentId === part.id);
    expect(due).toMatchObject({
      orderId: placed.id,
      orderNumber: placed.number,
      buyerName: 'Wanjiku Mwangi',
      sellerName: 'Achieng Farm',
      method: 'bank',
      amount,
      reference: null,
      settledBy: null,
    });

    const res = await settle(part.id);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ header: { customerMessage: string } }>().header.customerMessage).toBe('Refund settled');
    expect(res.json<{ body: ManualRefund }>().body).toMatchObject({
      fulfilmentId: part.id,
      amount,
      method: 'bank',
      reference: 'EQ-88121',
      note: 'Paid from the Equity account',
      settledBy: 'Amina Admin',
    });
    expect(await refundLines(part.id)).toEqual([
      { kind: 'refund_paid', account: 'buyer:refund_due', amount },
      { kind: 'refund_paid', account: 'cash:bank', amount: -amount },
    ]);
    expect(await ledgerProblems(t.db, [placed.id])).toEqual([]);
    expect((await list('due')).items.map((r) => r.fulfilmentId)).not.toContain(part.id);
    expect((await list('settled')).items.find((r) => r.fulfilmentId === part.id)).toMatchObject({ amount, reference: 'EQ-88121' });

    const notices = await t.db.selectFrom('notifications').select(['title', 'body']).where('user_id', '=', buyer.id).execute();
    expect(notices).toContainEqual({
      title: `Refund paid for order ${placed.number}`,
      body: `We paid back ${formatKES(amount)}. Reference: EQ-88121.`,
    });
    const audit = await t.db.selectFrom('admin_actions').selectAll().where('subject_id', '=', part.id).execute();
    expect(audit).toMatchObject([
      { actor_id: admin.id, action: 'refund.settle', subject_kind: 'refund', reason: 'Paid from the Equity account' },
    ]);
  });

  it('lists what a dispute refunded on a delivered bank-paid part, and settles it', async () => {
    const shop = await createShop(t.db, t.config.jwtSecret, { name: 'Kiprono', price: 900 });
    const placed = await order(shop, 2);
    const part = placed.fulfilments[0]!;
    for (const action of ['mark-paid', 'accept', 'dispatch', 'deliver'])
      expect((await step(shop, part.id, action, action === 'dispatch' ? { note: 'By boda boda' } : {})).statusCode).toBe(200);
    const opened = await t.request({
      method: 'POST',
      url: `/v1/orders/${placed.id}/fulfilments/${part.id}/dispute`,
      headers: buyer.headers,
      payload: { reason: 'damaged', note: 'One bag was torn' },
    });
    expect(opened.statusCode).toBe(201);
    const decided = await t.request({
      method: 'POST',
      url: `/v1/admin/disputes/${opened.json<{ body: { id: string } }>().body.id}/decide`,
      headers: admin.headers,
      payload: { outcome: 'refund', amount: 450, reason: 'One bag of two arrived torn' },
    });
    expect(decided.statusCode).toBe(200);

    expect((await list('due')).items.find((r) => r.fulfilmentId === part.id)).toMatchObject({ method: 'bank', amount: 450 });
    expect((await settle(part.id)).statusCode).toBe(200);
    expect(await refundLines(part.id)).toEqual([
      { kind: 'refund_paid', account: 'buyer:refund_due', amount: 450 },
      { kind: 'refund_paid', account: 'cash:bank', amount: -450 },
    ]);
    expect(await ledgerProblems(t.db, [placed.id])).toEqual([]);
  });

  it('settles once: a second settle is refused and the books move the money once', async () => {
    const { placed, part } = await cancelledBankPart('Mutua', 400);
    expect((await settle(part.id)).statusCode).toBe(200);
    const again = await settle(part.id, { reference: 'EQ-2' });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ header: { customerMessage: string } }>().header.customerMessage).toBe('This refund was already settled.');
    expect(await refundLines(part.id)).toHaveLength(2);
    expect(await ledgerProblems(t.db, [placed.id])).toEqual([]);
  });

  it('two settles at once: one is recorded, the other refused', async () => {
    const { placed, part } = await cancelledBankPart('Kamau', 900);
    const results = await Promise.all([settle(part.id, { reference: 'A-1' }), settle(part.id, { reference: 'B-2' })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const refused = results.find((r) => r.statusCode === 409)!;
    expect(refused.json<{ header: { customerMessage: string } }>().header.customerMessage).toBe('This refund was already settled.');
    expect(await refundLines(part.id)).toHaveLength(2);
    expect(await t.db.selectFrom('manual_refunds').selectAll().where('fulfilment_id', '=', part.id).execute()).toHaveLength(1);
    expect(await ledgerProblems(t.db, [placed.id])).toEqual([]);
  });

  it('an M-Pesa refund is not settled by hand (it goes back by B2C), nor a part that owes nothing', async () => {
    const shop = await createShop(t.db, t.config.jwtSecret, { name: 'Otieno', price: 500 });
    const placed = await order(shop, 1);
    const part = placed.fulfilments[0]!;
    const cancelled = await t.request({
      method: 'POST',
      url: `/v1/orders/${placed.id}/fulfilments/${part.id}/cancel`,
      headers: buyer.headers,
      payload: { reason: 'Bought locally' },
    });
    expect(cancelled.statusCode).toBe(200);
    // Nothing was paid: nothing owed.
    expect((await settle(part.id)).statusCode).toBe(409);
    const txn = randomUUID();
    await t.db
      .insertInto('ledger_entries')
      .values([
        { txn_id: txn, kind: 'payment', account: 'cash:mpesa', amount: 500, order_id: placed.id, fulfilment_id: part.id },
        { txn_id: txn, kind: 'refund', account: 'buyer:refund_due', amount: -500, order_id: placed.id, fulfilment_id: part.id },
      ])
      .execute();
    expect((await list('due')).items.map((r) => r.fulfilmentId)).not.toContain(part.id);
    const res = await settle(part.id);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ header: { customerMessage: string } }>().header.customerMessage).toBe(
      'Only bank and card refunds are settled by hand.',
    );
  });

  it('answers 404 for a part that is no refund, and 400 without a reference', async () => {
    expect((await settle(randomUUID())).statusCode).toBe(404);
    expect((await settle('not-an-id')).statusCode).toBe(404);
    const { part } = await cancelledBankPart('Wafula', 300);
    expect((await settle(part.id, { reference: '  ' })).statusCode).toBe(400);
    expect((await list('due')).items.map((r) => r.fulfilmentId)).toContain(part.id);
  });

  it('is for Admins only', async () => {
    const farmer = await createTestUser(t.db, t.config.jwtSecret);
    expect((await list('due', farmer.headers)).status).toBe(403);
    const { part } = await cancelledBankPart('Njoroge', 200);
    expect((await settle(part.id, { reference: 'X-1' }, farmer.headers)).statusCode).toBe(403);
    expect((await settle(part.id, { reference: 'X-1' }, buyer.headers)).statusCode).toBe(403);
    expect(await refundLines(part.id)).toEqual([]);
  });
});
