import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { type Order, type SellerBalance, type SellerStatement, type ShareLink, formatKES } from '@shambasoko/contracts';
import { todayInNairobi } from '@shambasoko/contracts/time';
import { SANDBOX_CREDENTIALS, createPaymentsSandbox, type PaymentsSandbox } from '../../../../sandbox/server';
import { createTestUser, type TestUser } from '../../../testing/auth';
import { ledgerProblems } from '../../../testing/money';
import { testCheckout } from '../../../testing/orders';
import { pdfText } from '../../../testing/pdf-text';
import { type TestShop, createShop } from '../../../testing/shops';
import { type TestApp, type TestRequest, sendOverHttp, startTestApp } from '../../../testing/test-app';

// Receipts and statements (issue 40), against the payments sandbox: a buyer pays a two-seller order by
// M-Pesa, one seller cancels their paid part; the PDFs are parsed and their figures checked against the books.

let sandbox: PaymentsSandbox;
let t: TestApp;
let app: FastifyInstance;
let buyer: TestUser;
let otherBuyer: TestUser;
let a: TestShop;
let b: TestShop;
let order: Order;
const TOKEN = 'test-callback-token-papers';
const SHARED_LIMIT = 25;
const month = todayInNairobi().slice(0, 7);
const kes = (n: number) => formatKES(n).replace(/\u00a0/g, ' ');

const request = (r: TestRequest) => sendOverHttp(app, r);
const get = (url: string, who?: TestUser) => request({ method: 'GET', url, headers: who?.headers ?? {} });
const body = <T>(res: { json: <U>() => U }) => res.json<{ body: T }>().body;
const message = (res: { json: <U>() => U }) => res.json<{ header: { customerMessage: string } }>().header.customerMessage;
const partOf = (s: TestShop) => order.fulfilments.find((f) => f.seller.id === s.sellerId)!;
const language = (user: TestUser, lang: 'en' | 'sw') =>
  t.db
    .insertInto('user_preferences')
    .values({ user_id: user.id, language: lang })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ language: lang }))
    .execute();

beforeAll(async () => {
  sandbox = createPaymentsSandbox({ port: 0, host: '127.0.0.1' });
  const base = await sandbox.listen();
  t = await startTestApp({
    ORDER_RATE_LIMIT_PER_USER: '100',
    SHARED_PDF_RATE_LIMIT_PER_MINUTE: String(SHARED_LIMIT),
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
  buyer = await createTestUser(t.db, t.config.jwtSecret, { firstName: 'Wanjiku', lastName: 'Mwangi', roles: ['Buyer'] });
  otherBuyer = await createTestUser(t.db, t.config.jwtSecret, { firstName: 'Duma', lastName: 'Buyer', roles: ['Buyer'] });
  a = await createShop(t.db, t.config.jwtSecret, { name: 'Achieng', price: 1000 });
  b = await createShop(t.db, t.config.jwtSecret, { name: 'Mutua', county: 'Machakos', price: 2500 });

  const placed = await request({
    method: 'POST',
    url: '/v1/orders',
    headers: { ...buyer.headers, 'idempotency-key': randomUUID() },
    payload: testCheckout({
      items: [
        { productId: a.productId, quantity: 3 },
        { productId: b.productId, quantity: 2 },
      ],
      payment: { method: 'mpesa', phone: '0712 345 678' },
    }),
  });
  expect(placed.statusCode).toBe(201);
  order = body<Order>(placed);
  const prompt = sandbox
    .prompts()
    .filter((p) => p.accountReference === order.number)
    .pop()!;
  await sandbox.answer(prompt.checkoutRequestId, 'accept');
  for (let i = 0; i < 50 && order.payment.status !== 'paid'; i += 1) {
    await new Promise((r) => setTimeout(r, 100));
    order = body<Order>(await get(`/v1/orders/${order.id}`, buyer));
  }
  expect(order.payment.status).toBe('paid');
  expect(await ledgerProblems(t.db, [order.id])).toEqual([]);
}, 90_000);

afterAll(async () => {
  await app?.close();
  await t?.close();
  await sandbox?.close();
});

describe("a buyer's receipt", () => {
  it('prints the order number, each seller with their items and delivery, the total paid and the M-Pesa receipt number', async () => {
    const res = await get(`/v1/orders/${order.id}/receipt.pdf`, buyer);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="receipt-${order.number}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    expect(text).toContain(order.number);
    expect(text).toContain('Achieng Farm');
    expect(text).toContain('Mutua Farm');
    expect(text).toContain('Achieng maize × 3');
    expect(text).toContain(kes(3000));
    expect(text).toContain(kes(partOf(b).deliveryFee));
    expect(text).toContain(`Total paid\n${kes(order.total)}`);
    expect(text).toContain(`M-Pesa receipt\n${order.payment.receipt}`);
    expect(order.payment.receipt).toMatch(/^[A-Z0-9]{10}$/);
  });

  it("is the order's buyer's only: another buyer and a seller of the order hear 404, a stranger 401", async () => {
    expect((await get(`/v1/orders/${order.id}/receipt.pdf`, otherBuyer)).statusCode).toBe(404);
    expect((await get(`/v1/orders/${order.id}/receipt.pdf`, a.user)).statusCode).toBe(404);
    expect((await get(`/v1/orders/${order.id}/receipt.pdf`)).statusCode).toBe(401);
    expect((await get(`/v1/orders/not-an-id/receipt.pdf`, buyer)).statusCode).toBe(404);
  });
});

describe("a seller's statement", () => {
  it('adds up from the books: sales less commission plus delivery, and the closing balance is the balance', async () => {
    const res = await get(`/v1/seller/statements/${month}`, a.user);
    expect(res.statusCode).toBe(200);
    const s = body<SellerStatement>(res);
    const part = partOf(a);
    expect(s).toMatchObject({
      month,
      shopName: 'Achieng Farm',
      sales: 3000,
      commission: 150,
      delivery: part.deliveryFee,
      refunds: 0,
      payouts: 0,
    });
    expect(s.opening + s.sales - s.commission + s.delivery - s.refunds - s.payouts + s.adjustments).toBe(s.closing);
    const balance = body<SellerBalance>(await get('/v1/seller/balance', a.user));
    expect(s.closing).toBe(balance.pending + balance.available + balance.payingOut);
    expect(s.lines.map((l) => [l.kind, l.orderNumber, l.amount])).toEqual([
      ['sale', order.number, 3000],
      ['commission', order.number, -150],
      ['delivery', order.number, part.deliveryFee],
    ]);
    expect(s.lines.reduce((sum, l) => sum + l.amount, 0)).toBe(s.closing - s.opening);
  });

  it('shows a cancelled paid part as a refund of all the buyer paid for it, and the receipt owes it back', async () => {
    const part = partOf(b);
    const cancel = await request({
      method: 'POST',
      url: `/v1/seller/sales/${part.id}/cancel`,
      headers: b.user.headers,
      payload: { reason: 'The rains spoilt the stock' },
    });
    expect(cancel.statusCode).toBe(200);
    expect(await ledgerProblems(t.db, [order.id])).toEqual([]);

    const s = body<SellerStatement>(await get(`/v1/seller/statements/${month}`, b.user));
    expect(s).toMatchObject({ sales: 5000, commission: 0, delivery: part.deliveryFee, refunds: 5000 + part.deliveryFee, closing: 0 });
    expect(s.opening + s.sales - s.commission + s.delivery - s.refunds - s.payouts + s.adjustments).toBe(s.closing);
    expect(s.lines.reduce((sum, l) => sum + l.amount, 0)).toBe(s.closing - s.opening);

    const text = pdfText((await get(`/v1/orders/${order.id}/receipt.pdf`, buyer)).rawPayload);
    expect(text).toContain(`Refund due\n${kes(5000 + part.deliveryFee)}`);
    expect(text).toContain('Mutua Farm (Cancelled)');
  });

  it("counts months in Nairobi time: a line at 01:30 on the 1st in Nairobi (22:30 the day before in UTC) opens that month's statement", async () => {
    await t.db
      .insertInto('ledger_entries')
      .values(
        [
          { account: 'seller:available' as const, amount: -500, seller_id: a.sellerId },
          { account: 'cash:bank' as const, amount: 500, seller_id: null },
        ].map((line) => ({
          ...line,
          txn_id: '00000000-0000-4000-8000-000000000043',
          kind: 'adjustment' as const,
          created_at: new Date('2025-10-31T22:30:00Z'),
        })),
      )
      .execute();
    const october = body<SellerStatement>(await get('/v1/seller/statements/2025-10', a.user));
    expect(october).toMatchObject({ opening: 0, closing: 0, lines: [] });
    const november = body<SellerStatement>(await get('/v1/seller/statements/2025-11', a.user));
    expect(november).toMatchObject({ opening: 0, adjustments: 500, closing: 500 });
    expect(body<SellerStatement>(await get(`/v1/seller/statements/${month}`, a.user)).opening).toBe(500);
  });

  it('lists payouts by their ledger kind: one sent and confirmed leaves, one sent and reversed comes back', async () => {
    const at = new Date('2025-12-10T09:00:00+03:00');
    // As the payouts helper writes them (one txn id per balanced set).
    const post = async (kind: 'payout' | 'payout_reversed', lines: Array<[string, number]>) => {
      const txn = randomUUID();
      const seller = (account: string) => (account.startsWith('seller:') ? a.sellerId : null);
      await t.db
        .insertInto('ledger_entries')
        .values(
          lines.map(([account, amount]) => ({
            txn_id: txn,
            kind,
            account: account as never,
            amount,
            seller_id: seller(account),
            created_at: at,
          })),
        )
        .execute();
    };
    await post('payout', [
      ['seller:available', 300],
      ['seller:paying', -300],
    ]);
    await post('payout', [
      ['seller:paying', 300],
      ['cash:mpesa', -300],
    ]);
    await post('payout', [
      ['seller:available', 100],
      ['seller:paying', -100],
    ]);
    await post('payout_reversed', [
      ['seller:paying', 100],
      ['seller:available', -100],
    ]);
    const december = body<SellerStatement>(await get('/v1/seller/statements/2025-12', a.user));
    expect(december).toMatchObject({ opening: 500, payouts: 300, closing: 200 });
    expect(december.lines.map((l) => [l.kind, l.orderNumber, l.amount])).toEqual([['payout', null, -300]]);
  });

  it('prints the figures as a PDF, in Kiswahili for a seller who chose it', async () => {
    const s = body<SellerStatement>(await get(`/v1/seller/statements/${month}`, a.user));
    const en = await get(`/v1/seller/statements/${month}.pdf`, a.user);
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-disposition']).toBe(`attachment; filename="statement-${month}.pdf"`);
    const text = pdfText(en.rawPayload);
    expect(text).toContain(`Opening balance\n${kes(s.opening)}`);
    expect(text).toContain(`Sales\n${kes(s.sales)}`);
    expect(text).toContain(`Commission\n${kes(-s.commission)}`);
    expect(text).toContain(`Delivery fees\n${kes(s.delivery)}`);
    expect(text).toContain(`Closing balance\n${kes(s.closing)}`);

    await language(a.user, 'sw');
    const sw = pdfText((await get(`/v1/seller/statements/${month}.pdf`, a.user)).rawPayload);
    expect(sw).toContain(`Salio la mwanzo\n${kes(s.opening)}`);
    expect(sw).toContain(`Salio la mwisho\n${kes(s.closing)}`);
    expect(sw).not.toContain('Closing balance');
    await language(a.user, 'en');
  });

  it('is refused to a buyer (403) and a stranger (401); a month that is not YYYY-MM is a 400', async () => {
    expect((await get(`/v1/seller/statements/${month}`, buyer)).statusCode).toBe(403);
    expect((await get(`/v1/seller/statements/${month}.pdf`, buyer)).statusCode).toBe(403);
    expect((await get(`/v1/seller/statements/${month}`)).statusCode).toBe(401);
    for (const bad of ['2026-13', '2026-1', 'abcd-ef', '2026-11-01']) {
      const res = await get(`/v1/seller/statements/${bad}`, a.user);
      expect(`${bad} ${res.statusCode} ${message(res)}`).toBe(`${bad} 400 month: must be a month such as 2026-11`);
      expect((await get(`/v1/seller/statements/${bad}.pdf`, a.user)).statusCode).toBe(400);
    }
  });
});

describe('share links', () => {
  const share = (who: TestUser, payload: object) => request({ method: 'POST', url: '/v1/share-links', headers: who.headers, payload });

  it("open the buyer's receipt without signing in, in the buyer's language, for 7 days; only the token's hash is stored", async () => {
    const res = await share(buyer, { kind: 'receipt', orderId: order.id });
    expect(res.statusCode).toBe(201);
    const link = body<ShareLink>(res);
    expect(link.url).toMatch(/^\/v1\/shared\/[A-Za-z0-9_-]{43}\.pdf$/);
    const days = (new Date(link.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const token = link.url.slice('/v1/shared/'.length, -'.pdf'.length);
    const rows = await t.db.selectFrom('share_links').select('token_hash').execute();
    expect(rows.map((r) => r.token_hash)).toContain(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);

    await language(buyer, 'sw');
    const opened = await get(link.url);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
    expect(opened.headers['content-disposition']).toBe(`inline; filename="receipt-${order.number}.pdf"`);
    const text = pdfText(opened.rawPayload);
    expect(text).toContain('Risiti');
    expect(text).toContain(order.number);
    expect(text).toContain(`Jumla iliyolipwa\n${kes(order.total)}`);
    await language(buyer, 'en');
  });

  it("open a seller's statement; are made only by the owner", async () => {
    const link = body<ShareLink>(await share(a.user, { kind: 'statement', month }));
    const text = pdfText((await get(link.url)).rawPayload);
    expect(text).toContain('Achieng Farm');
    expect(text).toContain('Closing balance');

    expect((await share(otherBuyer, { kind: 'receipt', orderId: order.id })).statusCode).toBe(404);
    expect((await share(a.user, { kind: 'receipt', orderId: order.id })).statusCode).toBe(404);
    expect((await share(buyer, { kind: 'statement', month })).statusCode).toBe(404);
    expect((await share(buyer, { kind: 'statement', month: '2026-13' })).statusCode).toBe(400);
    expect((await share(buyer, { kind: 'invoice', orderId: order.id })).statusCode).toBe(400);
    expect((await request({ method: 'POST', url: '/v1/share-links', payload: { kind: 'receipt', orderId: order.id } })).statusCode).toBe(
      401,
    );
  });

  it('answer an unknown, malformed or expired link with the same 404', async () => {
    const link = body<ShareLink>(await share(buyer, { kind: 'receipt', orderId: order.id }));
    const token = link.url.slice('/v1/shared/'.length, -'.pdf'.length);
    await t.db
      .updateTable('share_links')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('token_hash', '=', createHash('sha256').update(token).digest('hex'))
      .execute();
    const answers = await Promise.all(
      [link.url, `/v1/shared/${'A'.repeat(43)}.pdf`, '/v1/shared/short.pdf'].map(async (url) => {
        const res = await get(url);
        return `${res.statusCode} ${message(res)}`;
      }),
    );
    expect(answers).toEqual(Array(3).fill('404 This link is not valid or has expired'));
  });

  it('are throttled per IP', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= SHARED_LIMIT; i += 1) statuses.push((await get(`/v1/shared/${'B'.repeat(43)}.pdf`)).statusCode);
    expect(statuses).toContain(429);
  });
});
