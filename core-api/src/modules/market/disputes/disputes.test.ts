import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { sql } from 'kysely';
import type { Dispute, Order, OrderAftercare, SaleDispute, DisputePage } from '@shambasoko/contracts';
import { operatorToken } from '../../../auth/operator';
import { createTestUser, type TestUser } from '../../../testing/auth';
import { ledgerProblems } from '../../../testing/money';
import { testCheckout } from '../../../testing/orders';
import { type TestShop, createShop } from '../../../testing/shops';
import { type TestApp, startTestApp } from '../../../testing/test-app';
import { sellerMoney } from '../../payments';

// After delivery: confirmation releases once, the job releases after RELEASE_AFTER_DAYS unless
// disputed, a dispute is opened within DISPUTE_WINDOW_DAYS, answered by the seller, decided by an
// Admin; the books balance after every step.

let t: TestApp;
let buyer: TestUser;
let stranger: TestUser;
let admin: TestUser;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await startTestApp({ ORDER_RATE_LIMIT_PER_USER: '100', RELEASE_AFTER_DAYS: '3', DISPUTE_WINDOW_DAYS: '7' });
  buyer = await createTestUser(t.db, t.config.jwtSecret, { firstName: 'Wanjiku', lastName: 'Mwangi', roles: ['Buyer'] });
  stranger = await createTestUser(t.db, t.config.jwtSecret, { firstName: 'Other', lastName: 'Buyer', roles: ['Buyer'] });
  admin = await createTestUser(t.db, t.config.jwtSecret, { firstName: 'Asha', lastName: 'Admin', roles: ['Admin'] });
}, 60_000);
afterAll(async () => t?.close());

const call = (method: 'GET' | 'POST', url: string, who: TestUser | null, payload?: object) =>
  t.request({ method, url, headers: who ? who.headers : {}, ...(payload ? { payload } : {}) });
const messageOf = (res: { json: () => { header: { customerMessage: string } } }) => res.json().header.customerMessage;

/** A bank-transfer order from these shops, each part marked paid by its seller and taken to delivered. */
async function deliveredOrder(shops: TestShop[], { deliver = true } = {}): Promise<Order> {
  const res = await t.request({
    method: 'POST',
    url: '/v1/orders',
    headers: { ...buyer.headers, 'idempotency-key': randomUUID() },
    payload: testCheckout({ items: shops.map((s) => ({ productId: s.productId, quantity: 2 })) }),
  });
  expect(res.statusCode).toBe(201);
  const order = res.json<{ body: Order }>().body;
  for (const s of shops) {
    const part = order.fulfilments.find((f) => f.seller.id === s.sellerId)!;
    for (const action of ['mark-paid', 'accept', 'dispatch', ...(deliver ? ['deliver'] : [])])
      expect((await call('POST', `/v1/seller/sales/${part.id}/${action}`, s.user, {})).statusCode).toBe(200);
  }
  return order;
}

const partOf = (o: Order, s: TestShop) => o.fulfilments.find((f) => f.seller.id === s.sellerId)!;
const partUrl = (o: Order, s: TestShop, tail: string) => `/v1/orders/${o.id}/fulfilments/${partOf(o, s).id}/${tail}`;
const deliveredAgo = async (o: Order, s: TestShop, days: number) =>
  t.db
    .updateTable('order_fulfilments')
    .set({ delivered_at: sql`now() - make_interval(secs => ${days * 86400})` })
    .where('id', '=', partOf(o, s).id)
    .execute();
const runRelease = (at: Date) =>
  t.request({
    method: 'POST',
    url: '/v1/operator/jobs/delivery-release/run',
    headers: { 'x-operator-token': operatorToken(t.config) },
    payload: { at: at.toISOString() },
  });
const releaseLines = async (fulfilmentId: string) =>
  (
    await t.db
      .selectFrom('ledger_entries')
      .select('txn_id')
      .distinct()
      .where('fulfilment_id', '=', fulfilmentId)
      .where('kind', '=', 'release')
      .execute()
  ).length;
const report = (o: Order, s: TestShop, who = buyer, payload: object = { reason: 'damaged', note: 'Half the bags were torn' }) =>
  call('POST', partUrl(o, s, 'dispute'), who, payload);
const photo = async () =>
  sharp({ create: { width: 20, height: 20, channels: 3, background: { r: 200, g: 100, b: 50 } } })
    .png()
    .toBuffer();

describe('confirm delivery', () => {
  it('releases the part’s earnings once; a second confirm is 409 and releases nothing', async () => {
    const a = await createShop(t.db, t.config.jwtSecret, { name: 'Kamau' });
    const b = await createShop(t.db, t.config.jwtSecret, { name: 'Otieno' });
    const order = await deliveredOrder([a, b]);
    expect((await sellerMoney(t.db, a.sellerId)).available).toBe(0);

    const first = await call('POST', partUrl(order, a, 'confirm-delivery'), buyer);
    expect(first.statusCode).toBe(200);
    expect(messageOf(first)).toBe('Delivery confirmed');
    const parts = first.json<{ body: OrderAftercare }>().body.parts;
    expect(parts.find((p) => p.fulfilmentId === partOf(order, a).id)).toMatchObject({
      released: true,
      canConfirm: false,
      canDispute: false,
    });
    expect(parts.find((p) => p.fulfilmentId === partOf(order, b).id)).toMatchObject({
      released: false,
      canConfirm: true,
      canDispute: true,
    });
    const money = await sellerMoney(t.db, a.sellerId);
    expect(money).toMatchObject({ pending: 0, available: 2000 - 100 + partOf(order, a).deliveryFee });

    const again = await call('POST', partUrl(order, a, 'confirm-delivery'), buyer);
    expect(again.statusCode).toBe(409);
    expect(messageOf(again)).toBe('You already confirmed this delivery');
    expect(await releaseLines(partOf(order, a).id)).toBe(1);
    expect(await sellerMoney(t.db, a.sellerId)).toEqual(money);
    expect(await ledgerProblems(t.db, [order.id])).toEqual([]);

    const sellerNotes = await t.db.selectFrom('notifications').select('title').where('user_id', '=', a.user.id).execute();
    expect(sellerNotes).toContainEqual({ title: `Sale ${order.number}: delivery confirmed` });
  });

  it('a dispatched part is marked delivered by the confirm; an unpaid one is refused', async () => {
    const a = await createShop(t.db, t.config.jwtSecret, { name: 'Njeri' });
    const order = await deliveredOrder([a], { deliver: false });
    const res = await call('POST', partUrl(order, a, 'confirm-delivery'), buyer);
    expect(res.statusCode).toBe(200);
    const part = await t.db
      .selectFrom('order_fulfilments')
      .select(['status', 'confirmed_at'])
      .where('id', '=', partOf(order, a).id)
      .executeTakeFirstOrThrow();
    expect(part.status).toBe('delivered');
    expect(part.confirmed_at).not.toBeNull();
    expect((await call('GET', `/v1/orders/${order.id}`, buyer)).json<{ body: Order }>().body.status).toBe('delivered');
    expect(await ledgerProblems(t.db, [order.id])).toEqual([]);

    const unpaid = await t.request({
      method: 'POST',
      url: '/v1/orders',
      headers: { ...buyer.headers, 'idempotency-key': randomUUID() },
      payload: testCheckout({ items: [{ productId: a.productId, quantity: 1 }] }),
    });
    const waiting = unpaid.json<{ body: Order }>().body;
    const refused = await call('POST', partUrl(waiting, a, 'confirm-delivery'), buyer);
    expect(refused.statusCode).toBe(409);
    expect(messageOf(refused)).toBe('This part has not been delivered yet');
  });

  it('only the order’s buyer: another account and a bad id are 404, anonymous 401', async () => {
    const a = await createShop(t.db, t.config.jwtSecret, { name: 'Chebet' });
    const order = await deliveredOrder([a]);
    expect((await call('POST', partUrl(order, a, 'confirm-delivery'), stranger)).statusCode).toBe(404);
    expect((await call('POST', partUrl(order, a, 'confirm-delivery'), a.user)).statusCode).toBe(404);
    expect((await call('POST', `/v1/orders/${order.id}/fulfilments/nope/confirm-delivery`, buyer)).statusCode).toBe(404);
    expect((await call('POST', partUrl(order, a, 'confirm-delivery'), null)).statusCode).toBe(401);
    expect((await call('GET', `/v1/orders/${order.id}/aftercare`, stranger)).statusCode).toBe(404);
    expect(await releaseLines(partOf(order, a).id)).toBe(0);
  });
});

describe('automatic release', () => {
  it('releases a part delivered more than RELEASE_AFTER_DAYS before the given time, not before, not with an open dispute', async () => {
    const a = await createShop(t.db, t.config.jwtSecret, { name: 'Mutua' });
    const b = await createShop(t.db, t.config.jwtSecret, { name: 'Akinyi' });
    const order = await deliveredOrder([a, b]);
    expect((await report(order, b)).statusCode).toBe(201);
    const now = Date.now();

    const early = await runRelease(new Date(now + 2.9 * DAY));
    expect(early.statusCode).toBe(200);
    expect(early.json<{ body: { ran: boolean } }>().body.ran).toBe(true);
    expect(await releaseLines(partOf(order, a).id)).toBe(0);

    expect((await runRelease(new Date(now + 3.1 * DAY))).statusCode).toBe(200);
    expect(await releaseLines(partOf(order, a).id)).toBe(1);
    expect(await releaseLines(partOf(order, b).id)).toBe(0);
    expect((await sellerMoney(t.db, b.sellerId)).available).toBe(0);
    // Run again: nothing moves twice.
    await runRelease(new Date(now + 4 * DAY));
    expect(await releaseLines(partOf(order, a).id)).toBe(1);
    expect(await ledgerProblems(t.db, [order.id])).toEqual([]);
  });

  it('the job route needs the operator token and a known job', async () => {
    const res = await t.request({ method: 'POST', url: '/v1/operator/jobs/delivery-release/run', payload: {} });
    expect(res.statusCode).toBe(401);
    const unknown = await t.request({
      method: 'POST',
      url: '/v1/operator/jobs/no-such-job/run',
      headers: { 'x-operator-token': operatorToken(t.config) },
      payload: {},
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('disputes', () => {
  it('opens within the window only, one open per part, never on a confirmed part', async () => {
    const a = await createShop(t.db, t.config.jwtSecret, { name: 'Wafula' });
    const b = await createShop(t.db, t.config.jwtSecret, { name: 'Kiprop' });
    const c = await createShop(t.db, t.config.jwtSecret, { name: 'Nduta' });
    const order = await deliveredOrder([a, b, c]);

    await deliveredAgo(order, a, 7.1);
    const late = await report(order, a);
    expect(late.statusCode).toBe(409);
    expect(messageOf(late)).toBe('The time to report a problem with this delivery has passed');

    await deliveredAgo(order, b, 6.9);
    const opened = await report(order, b);
    expect(opened.statusCode).toBe(201);
    expect(opened.json<{ body: Dispute }>().body).toMatchObject({
      status: 'open',
      reason: 'damaged',
      partAmount: 2000 + partOf(order, b).deliveryFee,
    });
    const twice = await report(order, b, buyer, { reason: 'not_received', note: 'again' });
    expect(twice.statusCode).toBe(409);
    expect(messageOf(twice)).toBe('A problem with this part is already reported');
    // Held while open: the buyer cannot confirm it either.
    expect((await call('POST', partUrl(order, b, 'confirm-delivery'), buyer)).statusCode).toBe(409);

    expect((await call('POST', partUrl(order, c, 'confirm-delivery'), buyer)).statusCode).toBe(200);
    const confirmed = await report(order, c);
    expect(confirmed.statusCode).toBe(409);
    expect(messageOf(confirmed)).toBe('You confirmed this delivery; it can no longer be disputed');

    expect((await report(order, a, buyer, { reason: 'lost', note: 'x' })).statusCode).toBe(400);
    expect((await report(order, a, buyer, { reason: 'damaged', note: 'x'.repeat(1001) })).statusCode).toBe(400);
    expect((await report(order, b, stranger)).statusCode).toBe(404);
    expect(await ledgerProblems(t.db, [order.id])).toEqual([]);
  });

  it('the seller answers with photos; only the part’s buyer, seller and an Admin see it; a full refund balances', async () => {
    const a = await createShop(t.db, t.config.jwtSecret, { name: 'Odhiambo' });
    const other = await createShop(t.db, t.config.jwtSecret, { name: 'Rotich' });
    const order = await deliveredOrder([a]);
    const part = partOf(order, a);
    expect((await report(order, a, buyer, { reason: 'not_received', note: 'Nothing came' })).statusCode).toBe(201);

    const upload = await t.request({
      method: 'POST',
      url: partUrl(order, a, 'dispute/photos'),
      headers: { ...buyer.headers, 'content-type': 'image/png' },
      payload: await photo(),
    });
    expect(upload.statusCode).toBe(201);
    expect(upload.json<{ body: Dispute }>().body.photos).toEqual([expect.stringMatching(/^\/static\/uploads\/[0-9a-f]+-800\.webp$/)]);
    const notPhoto = await t.request({
      method: 'POST',
      url: partUrl(order, a, 'dispute/photos'),
      headers: { ...buyer.headers, 'content-type': 'image/png' },
      payload: Buffer.from('not a photo'),
    });
    expect(notPhoto.statusCode).toBe(422);

    const seen = await call('GET', `/v1/seller/sales/${part.id}/dispute`, a.user);
    expect(seen.json<{ body: SaleDispute }>().body.dispute).toMatchObject({
      status: 'open',
      note: 'Nothing came',
      buyerName: 'Wanjiku Mwangi',
    });
    expect((await call('GET', `/v1/seller/sales/${part.id}/dispute`, other.user)).statusCode).toBe(404);
    expect((await call('POST', `/v1/seller/sales/${part.id}/dispute/answer`, other.user, { note: 'not mine' })).statusCode).toBe(404);
    const answered = await call('POST', `/v1/seller/sales/${part.id}/dispute/answer`, a.user, { note: 'Sent with G4S, receipt attached' });
    expect(answered.statusCode).toBe(200);
    expect(answered.json<{ body: Dispute }>().body).toMatchObject({
      sellerNote: 'Sent with G4S, receipt attached',
      sellerAnsweredAt: expect.any(String),
    });

    expect((await call('GET', '/v1/admin/disputes', buyer)).statusCode).toBe(403);
    const queue = (await call('GET', '/v1/admin/disputes', admin)).json<{ body: DisputePage }>().body.items;
    const dispute = queue.find((d) => d.fulfilmentId === part.id)!;
    expect(dispute).toMatchObject({ status: 'open', sellerNote: 'Sent with G4S, receipt attached' });
    expect((await call('POST', `/v1/admin/disputes/${dispute.id}/decide`, a.user, { outcome: 'release', reason: 'mine' })).statusCode).toBe(
      403,
    );

    const tooMuch = await call('POST', `/v1/admin/disputes/${dispute.id}/decide`, admin, {
      outcome: 'refund',
      amount: dispute.partAmount + 1,
      reason: 'x',
    });
    expect(tooMuch.statusCode).toBe(422);
    expect((await call('POST', `/v1/admin/disputes/${dispute.id}/decide`, admin, { outcome: 'refund', reason: 'x' })).statusCode).toBe(400);
    const decided = await call('POST', `/v1/admin/disputes/${dispute.id}/decide`, admin, {
      outcome: 'refund',
      amount: dispute.partAmount,
      reason: 'No proof of delivery',
    });
    expect(decided.statusCode).toBe(200);
    expect(decided.json<{ body: Dispute }>().body).toMatchObject({ status: 'refunded', refundAmount: dispute.partAmount });
    expect(await sellerMoney(t.db, a.sellerId)).toMatchObject({ pending: 0, available: 0 });
    expect(await ledgerProblems(t.db, [order.id])).toEqual([]);
    const again = await call('POST', `/v1/admin/disputes/${dispute.id}/decide`, admin, { outcome: 'release', reason: 'x' });
    expect(again.statusCode).toBe(409);

    for (const who of [buyer, a.user, admin]) {
      const titles = (await t.db.selectFrom('notifications').select('title').where('user_id', '=', who.id).execute()).map((n) => n.title);
      expect(titles.some((title) => title.includes(order.number) && /dispute decided|decided/.test(title))).toBe(true);
    }
  });

  it('a partial refund takes the commission’s share, releases the rest to the seller, and the books balance', async () => {
    const a = await createShop(t.db, t.config.jwtSecret, { name: 'Kilonzo' });
    const order = await deliveredOrder([a]);
    const part = partOf(order, a);
    expect((await report(order, a)).statusCode).toBe(201);
    const dispute = (await call('GET', '/v1/admin/disputes', admin))
      .json<{ body: DisputePage }>()
      .body.items.find((d) => d.fulfilmentId === part.id)!;
    const decided = await call('POST', `/v1/admin/disputes/${dispute.id}/decide`, admin, {
      outcome: 'refund',
      amount: 700,
      reason: 'Some bags torn',
    });
    expect(decided.statusCode).toBe(200);
    const amount = 2000 + part.deliveryFee;
    // Commission 100 on 2,000 of goods: its share of 700 of the part's amount.
    const commissionShare = Math.round((100 * 700) / amount);
    expect(await sellerMoney(t.db, a.sellerId)).toMatchObject({ pending: 0, available: amount - 100 - (700 - commissionShare) });
    expect(await ledgerProblems(t.db, [order.id])).toEqual([]);
    const owed = await t.db
      .selectFrom('ledger_entries')
      .select(sql<number>`sum(amount)::int8`.as('sum'))
      .where('order_id', '=', order.id)
      .where('account', '=', 'buyer:refund_due')
      .executeTakeFirstOrThrow();
    expect(Number(owed.sum)).toBe(-700);
  });

  it('a release decision pays the seller everything', async () => {
    const a = await createShop(t.db, t.config.jwtSecret, { name: 'Barasa' });
    const order = await deliveredOrder([a]);
    expect((await report(order, a)).statusCode).toBe(201);
    const dispute = (await call('GET', '/v1/admin/disputes', admin))
      .json<{ body: DisputePage }>()
      .body.items.find((d) => d.orderId === order.id)!;
    const res = await call('POST', `/v1/admin/disputes/${dispute.id}/decide`, admin, {
      outcome: 'release',
      reason: 'Photos show it arrived whole',
    });
    expect(res.statusCode).toBe(200);
    expect((await sellerMoney(t.db, a.sellerId)).available).toBe(2000 - 100 + partOf(order, a).deliveryFee);
    expect(await ledgerProblems(t.db, [order.id])).toEqual([]);
    const decidedList = (await call('GET', '/v1/admin/disputes?status=decided', admin)).json<{ body: DisputePage }>().body.items;
    expect(decidedList.map((d) => d.id)).toContain(dispute.id);
  });

  it('a part released by the job before the dispute: the refund comes out of what was released, and the books balance', async () => {
    const a = await createShop(t.db, t.config.jwtSecret, { name: 'Jeptoo' });
    const order = await deliveredOrder([a]);
    const part = partOf(order, a);
    await deliveredAgo(order, a, 4);
    expect((await runRelease(new Date())).statusCode).toBe(200);
    const released = 2000 - 100 + part.deliveryFee;
    expect(await sellerMoney(t.db, a.sellerId)).toMatchObject({ pending: 0, available: released });
    const aftercare = (await call('GET', `/v1/orders/${order.id}/aftercare`, buyer)).json<{ body: OrderAftercare }>().body.parts[0];
    expect(aftercare).toMatchObject({ released: true, canConfirm: false, canDispute: true });

    expect((await report(order, a)).statusCode).toBe(201);
    const dispute = (await call('GET', '/v1/admin/disputes', admin))
      .json<{ body: DisputePage }>()
      .body.items.find((d) => d.fulfilmentId === part.id)!;
    const decided = await call('POST', `/v1/admin/disputes/${dispute.id}/decide`, admin, {
      outcome: 'refund',
      amount: dispute.partAmount,
      reason: 'Never arrived',
    });
    expect(decided.statusCode).toBe(200);
    expect(decided.json<{ body: Dispute }>().body.refundAmount).toBe(dispute.partAmount);
    expect(await sellerMoney(t.db, a.sellerId)).toMatchObject({ pending: 0, available: 0 });
    expect(await ledgerProblems(t.db, [order.id])).toEqual([]);
  });

  it('never takes back more than the seller still has: money already paid out stays paid, the decision records what was refunded', async () => {
    const a = await createShop(t.db, t.config.jwtSecret, { name: 'Langat' });
    const order = await deliveredOrder([a]);
    const part = partOf(order, a);
    await deliveredAgo(order, a, 4);
    await runRelease(new Date());
    const released = 2000 - 100 + part.deliveryFee;
    // A payout of everything, as the payouts helper writes it (sent to the provider).
    const txn = randomUUID();
    await t.db
      .insertInto('ledger_entries')
      .values([
        { txn_id: txn, kind: 'payout', account: 'seller:available', seller_id: a.sellerId, amount: released },
        { txn_id: txn, kind: 'payout', account: 'seller:paying', seller_id: a.sellerId, amount: -released },
      ])
      .execute();
    expect((await report(order, a)).statusCode).toBe(201);
    const dispute = (await call('GET', '/v1/admin/disputes', admin))
      .json<{ body: DisputePage }>()
      .body.items.find((d) => d.fulfilmentId === part.id)!;
    const decided = await call('POST', `/v1/admin/disputes/${dispute.id}/decide`, admin, {
      outcome: 'refund',
      amount: dispute.partAmount,
      reason: 'x',
    });
    expect(decided.statusCode).toBe(200);
    // Only the commission could still be taken back.
    expect(decided.json<{ body: Dispute }>().body.refundAmount).toBe(100);
    expect(await sellerMoney(t.db, a.sellerId)).toMatchObject({ pending: 0, available: 0, payingOut: released });
    expect((await call('GET', '/v1/seller/balance', a.user)).statusCode).toBe(200);
    expect(await ledgerProblems(t.db, [order.id])).toEqual([]);
  });

  it('ledgerProblems names a disputed part whose books disagree with its dispute', async () => {
    const a = await createShop(t.db, t.config.jwtSecret, { name: 'Cherono' });
    const b = await createShop(t.db, t.config.jwtSecret, { name: 'Opiyo' });
    const order = await deliveredOrder([a, b]);
    expect((await report(order, a)).statusCode).toBe(201);
    expect((await report(order, b)).statusCode).toBe(201);
    expect(await ledgerProblems(t.db, [order.id])).toEqual([]);
    // A refund recorded on the dispute that the ledger never wrote, and a release while a dispute is open.
    await t.db
      .updateTable('disputes')
      .set({ status: 'refunded', refund_amount: 500, decided_at: new Date() })
      .where('fulfilment_id', '=', partOf(order, a).id)
      .execute();
    await t.db.updateTable('order_fulfilments').set({ released_at: new Date() }).where('id', '=', partOf(order, b).id).execute();
    const problems = await ledgerProblems(t.db, [order.id]);
    expect(problems).toContainEqual(expect.stringMatching(/disputes refunded 500/));
    expect(problems).toContainEqual(expect.stringMatching(/a part with an open dispute was released/));
  });
});
