import { randomUUID } from 'node:crypto';
import type { Order, PlatformReport, SalesReport, SpendingReport } from '@shambasoko/contracts';
import { reportRange } from '@shambasoko/contracts';
import { todayInNairobi } from '@shambasoko/contracts/time';
import type { Envelope } from '../../http/envelope';
import { createTestUser, type TestUser } from '../../testing/auth';
import { testCheckout } from '../../testing/orders';
import { type TestShop, createShop } from '../../testing/shops';
import type { TestApp } from '../../testing/test-app';
import { useTestApp } from '../../testing/use-test-app';

// Issue 39, Analytics: each report reads only the caller's own figures, counts only paid money, and
// its CSV is a safe file named by its dates.

let t: TestApp;
let achieng: TestShop;
let baraka: TestShop;
let buyer: TestUser;
let admin: TestUser;
let paidOrder: Order;

useTestApp(async (app) => {
  t = app;
  achieng = await createShop(t.db, t.config.jwtSecret, { name: 'Achieng', county: 'Kiambu', price: 1000 });
  baraka = await createShop(t.db, t.config.jwtSecret, { name: 'Baraka', county: 'Nakuru', price: 700 });
  // A listing named like a formula: the CSV must not hand it to a spreadsheet as one.
  await t.db.updateTable('products').set({ name: '=HYPERLINK("x")' }).where('id', '=', baraka.productId).execute();
  buyer = await createTestUser(t.db, t.config.jwtSecret, { firstName: 'Wanjiku', roles: ['Buyer'] });
  admin = await createTestUser(t.db, t.config.jwtSecret, { firstName: 'Esther', roles: ['Admin'] });
  paidOrder = await place(buyer, [
    { productId: achieng.productId, quantity: 2 },
    { productId: baraka.productId, quantity: 1 },
  ]);
  // Only Achieng's part is paid; Baraka's and a second order stay unpaid and count nowhere.
  const part = paidOrder.fulfilments.find((f) => f.seller.id === achieng.sellerId)!;
  expect((await get(achieng.user, `/v1/seller/sales/${part.id}/mark-paid`, 'POST')).statusCode).toBe(200);
  await place(buyer, [{ productId: achieng.productId, quantity: 5 }]);
});

async function place(who: TestUser, items: Array<{ productId: string; quantity: number }>): Promise<Order> {
  const res = await t.request({
    method: 'POST',
    url: '/v1/orders',
    headers: { ...who.headers, 'idempotency-key': randomUUID() },
    payload: testCheckout({ items }),
  });
  expect(res.statusCode).toBe(201);
  return res.json<Envelope<Order>>().body!;
}

const get = (who: TestUser | null, url: string, method: 'GET' | 'POST' = 'GET') =>
  t.request({ method, url, headers: who ? who.headers : {} });
const body = <T>(res: { json: () => unknown }) => (res.json() as Envelope<T>).body!;
const message = (res: { json: () => unknown }) => (res.json() as Envelope<unknown>).header.customerMessage;

describe('GET /v1/reports/sales', () => {
  it("gives a seller their own shop's paid sales by product, county and month", async () => {
    const res = await get(achieng.user, '/v1/reports/sales');
    expect(res.statusCode).toBe(200);
    const report = body<SalesReport>(res);
    const part = paidOrder.fulfilments.find((f) => f.seller.id === achieng.sellerId)!;
    expect(report.totals).toEqual({ orders: 1, units: 2, revenue: part.subtotal + part.deliveryFee });
    expect(report.byProduct).toEqual([{ productId: achieng.productId, name: 'Achieng maize', units: 2, revenue: 2000 }]);
    expect(report.byCounty).toEqual([{ county: 'Kiambu', orders: 1, revenue: report.totals.revenue }]);
    expect(report.byMonth).toHaveLength(12);
    expect(report.byMonth.at(-1)).toEqual({ month: todayInNairobi().slice(0, 7), orders: 1, revenue: report.totals.revenue });
    expect(report.range).toEqual(reportRange('last-12-months'));
  });

  it("never shows another seller's sales, nor an unpaid part", async () => {
    const res = await get(baraka.user, '/v1/reports/sales');
    expect(res.statusCode).toBe(200);
    expect(body<SalesReport>(res).totals).toEqual({ orders: 0, units: 0, revenue: 0 });
    expect(res.payload).not.toContain('Achieng');
  });

  it('refuses a Buyer and a signed-out caller', async () => {
    const refused = await get(buyer, '/v1/reports/sales');
    expect(refused.statusCode).toBe(403);
    expect(message(refused)).toBe('This needs the Farmer, Supplier or Retailer role. Add one in Profile Settings.');
    expect(refused.payload).not.toContain('Achieng');
    expect((await get(buyer, '/v1/reports/sales.csv')).statusCode).toBe(403);
    expect((await get(null, '/v1/reports/sales')).statusCode).toBe(401);
  });

  it('counts a sale on the Nairobi day it was paid, inside the dates asked only', async () => {
    const part = paidOrder.fulfilments.find((f) => f.seller.id === achieng.sellerId)!;
    const today = todayInNairobi();
    const year = Number(today.slice(0, 4));
    try {
      // 21:30 UTC on 31 Jan is 00:30 on 1 Feb in Nairobi.
      await t.db
        .updateTable('order_fulfilments')
        .set({ paid_at: new Date(`${year - 2}-01-31T21:30:00Z`) })
        .where('id', '=', part.id)
        .execute();
      expect(body<SalesReport>(await get(achieng.user, '/v1/reports/sales')).totals.orders).toBe(0);
      const jan = body<SalesReport>(await get(achieng.user, `/v1/reports/sales?from=${year - 2}-01-01&to=${year - 2}-01-31`));
      expect(jan.totals.orders).toBe(0);
      const feb = body<SalesReport>(await get(achieng.user, `/v1/reports/sales?from=${year - 2}-02-01&to=${year - 2}-02-01`));
      expect(feb.totals.orders).toBe(1);
      expect(feb.byMonth).toEqual([{ month: `${year - 2}-02`, orders: 1, revenue: feb.totals.revenue }]);
    } finally {
      await t.db.updateTable('order_fulfilments').set({ paid_at: new Date() }).where('id', '=', part.id).execute();
    }
  });
});

describe('date ranges', () => {
  it.each([
    ['from=2026-03-01&to=2026-02-01', 'from: must not be after the end date'],
    ['from=2020-01-01&to=2025-01-01', 'from: must be at most 3 years before the end date'],
    ['from=2000-01-01', 'from: must be at most 3 years before the end date'],
    ['from=2026-02-30', 'from: must be a date (YYYY-MM-DD)'],
    ['to=yesterday', 'to: must be a date (YYYY-MM-DD)'],
  ])('?%s → 400 %s', async (query, expected) => {
    const res = await get(achieng.user, `/v1/reports/sales?${query}`);
    expect(res.statusCode).toBe(400);
    expect(message(res)).toBe(expected);
  });

  it('takes three years exactly, and a lone from runs to today', async () => {
    expect((await get(achieng.user, '/v1/reports/sales?from=2023-01-01&to=2025-12-31')).statusCode).toBe(200);
    const from = reportRange('last-3-months').from;
    expect(body<SalesReport>(await get(achieng.user, `/v1/reports/sales?from=${from}`)).range).toEqual(reportRange('last-3-months'));
  });
});

describe('GET /v1/reports/sales.csv', () => {
  it('is an attachment named by its dates: a header row, plain whole shillings', async () => {
    const res = await get(achieng.user, '/v1/reports/sales.csv?from=2026-01-01&to=' + todayInNairobi());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="sales-report-2026-01-01-to-${todayInNairobi()}.csv"`);
    const lines = res.payload.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Section,Item,Orders,Units,Revenue (KES)');
    expect(lines).toContain('Product,Achieng maize,,2,2000');
    expect(lines).toContain(
      `Month,${todayInNairobi().slice(0, 7)},1,,${body<SalesReport>(await get(achieng.user, '/v1/reports/sales')).totals.revenue}`,
    );
  });

  it("is written in the reader's language: header and section labels, the shop's own names as they are", async () => {
    const headers = { ...achieng.user.headers, 'accept-language': 'sw' };
    const res = await t.request({ method: 'GET', url: '/v1/reports/sales.csv?from=2026-01-01', headers });
    const lines = res.payload.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Kundi,Kipengele,Maagizo,Idadi,Mapato (KES)');
    expect(lines).toContain('Bidhaa,Achieng maize,,2,2000');
    expect(lines.some((line) => line.startsWith('Jumla,'))).toBe(true);
  });

  it('prefixes a cell that a spreadsheet would run as a formula', async () => {
    const part = paidOrder.fulfilments.find((f) => f.seller.id === baraka.sellerId)!;
    expect((await get(baraka.user, `/v1/seller/sales/${part.id}/mark-paid`, 'POST')).statusCode).toBe(200);
    const res = await get(baraka.user, '/v1/reports/sales.csv');
    expect(res.payload).toContain(`Product,"'=HYPERLINK(""x"")",,1,700`);
    expect(res.payload).not.toMatch(/(^|,)=HYPERLINK/m);
  });
});

describe('GET /v1/reports/spending', () => {
  it('gives a buyer their own paid spending by category, seller and month, and a CSV', async () => {
    const report = body<SpendingReport>(await get(buyer, '/v1/reports/spending'));
    const paid = paidOrder.fulfilments.filter((f) => f.seller.id === achieng.sellerId || f.seller.id === baraka.sellerId);
    const spent = paid.reduce((sum, f) => sum + f.subtotal + f.deliveryFee, 0);
    expect(report.totals).toEqual({ orders: 1, spent });
    expect(report.byCategory).toEqual([{ category: 'crops', spent: 2700 }]);
    expect(report.bySeller.map((s) => s.name).sort()).toEqual(['Achieng Farm', 'Baraka Farm']);
    const csv = await get(buyer, '/v1/reports/spending.csv');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="spending-report-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(csv.payload).toContain('Seller,Achieng Farm,1,');
  });

  it("holds none of another buyer's orders", async () => {
    const other = await createTestUser(t.db, t.config.jwtSecret, { roles: ['Buyer'] });
    const res = await get(other, '/v1/reports/spending');
    expect(body<SpendingReport>(res).totals).toEqual({ orders: 0, spent: 0 });
    expect(res.payload).not.toContain('Achieng');
  });

  it('refuses an account that buys nothing (Farmer only)', async () => {
    expect((await get(achieng.user, '/v1/reports/spending')).statusCode).toBe(403);
  });
});

describe('GET /v1/reports/platform', () => {
  it('answers an Admin with orders, revenue, payments, sellers, counties and sign-ups', async () => {
    const res = await get(admin, '/v1/reports/platform');
    expect(res.statusCode).toBe(200);
    const report = body<PlatformReport>(res);
    const thisMonth = report.byMonth.at(-1)!;
    expect(thisMonth.orders).toBeGreaterThanOrEqual(2);
    expect(thisMonth.signUps).toBeGreaterThanOrEqual(4);
    expect(report.totals.revenue).toBeGreaterThanOrEqual(body<SalesReport>(await get(achieng.user, '/v1/reports/sales')).totals.revenue);
    expect(report.totals.newSellers).toBeGreaterThanOrEqual(2);
    expect(report.byCounty.map((c) => c.county)).toContain('Kiambu');
    const csv = await get(admin, '/v1/reports/platform.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.payload.split('\r\n')[0]).toBe('\uFEFFSection,Item,Orders,Revenue (KES),Sign-ups,Payments,Paid,Success rate (%),Sellers');
  });

  it('is refused to everyone but an Admin', async () => {
    for (const who of [buyer, achieng.user]) {
      const res = await get(who, '/v1/reports/platform');
      expect(res.statusCode).toBe(403);
      expect(message(res)).toBe('Only an administrator can do this.');
      expect((await get(who, '/v1/reports/platform.csv')).statusCode).toBe(403);
    }
  });
});

describe('a paid part cancelled afterwards', () => {
  it('no longer counts: the money went back to the buyer', async () => {
    const before = body<SalesReport>(await get(achieng.user, '/v1/reports/sales')).totals;
    const order = await place(buyer, [{ productId: achieng.productId, quantity: 3 }]);
    const part = order.fulfilments[0]!;
    expect((await get(achieng.user, `/v1/seller/sales/${part.id}/mark-paid`, 'POST')).statusCode).toBe(200);
    expect(body<SalesReport>(await get(achieng.user, '/v1/reports/sales')).totals.units).toBe(before.units + 3);
    const cancelled = await t.request({
      method: 'POST',
      url: `/v1/seller/sales/${part.id}/cancel`,
      headers: achieng.user.headers,
      payload: { reason: 'Out of stock after all' },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(body<SalesReport>(await get(achieng.user, '/v1/reports/sales')).totals).toEqual(before);
    expect(body<SpendingReport>(await get(buyer, '/v1/reports/spending')).totals.orders).toBe(1);
  });
});
