import { randomUUID } from 'node:crypto';
import type { BuyerHome, Order, SellerHome, Supplier } from '@shambasoko/contracts';
import { todayInNairobi } from '@shambasoko/contracts/time';
import type { Envelope } from '../../../http/envelope';
import { createTestUser } from '../../../testing/auth';
import { testCheckout } from '../../../testing/orders';
import { createShop, type TestShop } from '../../../testing/shops';
import type { TestApp } from '../../../testing/test-app';
import { useTestApp } from '../../../testing/use-test-app';
import { type Client, client } from '../../farm/test-helpers';
import { nextStepOf } from './service';

let t: TestApp;
let shop: TestShop;
let seller: Client;
let buyer: Client;
let otherBuyer: Client;
useTestApp((app) => (t = app));

beforeAll(async () => {
  shop = await createShop(t.db, t.config.jwtSecret, { name: 'Wambui', price: 1500, stock: 40 });
  seller = client(t, shop.user);
  buyer = client(t, await createTestUser(t.db, t.config.jwtSecret, { firstName: 'Otieno', lastName: 'Buyer', roles: ['Buyer'] }));
  otherBuyer = client(t, await createTestUser(t.db, t.config.jwtSecret, { firstName: 'Zawadi', lastName: 'Buyer', roles: ['Buyer'] }));
});

async function placeOrder(who: Client, productId: string, quantity: number): Promise<Order> {
  const res = await t.request({
    method: 'POST',
    url: '/v1/orders',
    headers: { ...who.user.headers, 'idempotency-key': `home-${randomUUID()}` },
    payload: testCheckout({ payment: { method: 'bank' }, items: [{ productId, quantity }] }),
  });
  expect(res.statusCode).toBe(201);
  return res.json<Envelope<Order>>().body!;
}

const saleOf = (order: Order) => order.fulfilments[0]!.id;

describe('next step of an order in flight', () => {
  it('is the earliest stage of any live part', () => {
    expect(nextStepOf({ status: 'pending_payment', parts: ['awaiting_payment'], preorder_parts: [false] })).toBe('pay');
    expect(nextStepOf({ status: 'paid', parts: ['accepted', 'dispatched'], preorder_parts: [false, false] })).toBe('wait_for_dispatch');
    expect(nextStepOf({ status: 'paid', parts: ['accepted', 'cancelled'], preorder_parts: [true, false] })).toBe('wait_for_harvest');
    expect(nextStepOf({ status: 'shipped', parts: ['dispatched', 'delivered'], preorder_parts: [false, false] })).toBe('wait_for_delivery');
  });
});

describe('GET /v1/buyer/home', () => {
  it('follows an order from payment to delivery, then offers it again with each line available', async () => {
    const order = await placeOrder(buyer, shop.productId, 2);
    let home = (await buyer.get<BuyerHome>('/v1/buyer/home')).body;
    expect(home.inFlight).toEqual([expect.objectContaining({ id: order.id, number: order.number, nextStep: 'pay', itemCount: 2 })]);
    expect(home.paymentsWaiting).toEqual({ count: 1, total: order.total });

    expect((await seller.post(`/v1/seller/sales/${saleOf(order)}/mark-paid`)).status).toBe(200);
    home = (await buyer.get<BuyerHome>('/v1/buyer/home')).body;
    expect(home.inFlight[0]?.nextStep).toBe('wait_for_dispatch');
    expect(home.paymentsWaiting).toEqual({ count: 0, total: 0 });

    expect((await seller.post(`/v1/seller/sales/${saleOf(order)}/accept`)).status).toBe(200);
    expect((await seller.post(`/v1/seller/sales/${saleOf(order)}/dispatch`, { note: '' })).status).toBe(200);
    home = (await buyer.get<BuyerHome>('/v1/buyer/home')).body;
    expect(home.inFlight[0]?.nextStep).toBe('wait_for_delivery');
    expect(home.deliveriesOnTheWay).toBe(1);

    expect((await seller.post(`/v1/seller/sales/${saleOf(order)}/deliver`)).status).toBe(200);
    home = (await buyer.get<BuyerHome>('/v1/buyer/home')).body;
    expect(home.inFlight).toEqual([]);
    expect(home.deliveriesOnTheWay).toBe(0);
    expect(home.recent[0]).toMatchObject({
      id: order.id,
      lines: [{ productId: shop.productId, name: 'Wambui maize', quantity: 2, price: 1500, available: true }],
    });
  });

  it('lists a favourite once it is restocked, and never another buyer’s orders', async () => {
    const favourite = await createShop(t.db, t.config.jwtSecret, { name: 'Kamau', stock: 0 });
    expect((await buyer.put(`/v1/favourites/${favourite.productId}`)).status).toBe(200);
    expect((await buyer.get<BuyerHome>('/v1/buyer/home')).body.favouritesBackInStock).toEqual([]);
    const restock = await client(t, favourite.user).post(`/v1/seller/products/${favourite.productId}/stock-adjustments`, {
      delta: 12,
      reason: 'restock',
      note: '',
    });
    expect(restock.status).toBe(201);
    expect((await buyer.get<BuyerHome>('/v1/buyer/home')).body.favouritesBackInStock).toEqual([
      { productId: favourite.productId, name: 'Kamau maize', price: 1000, unit: 'piece', stock: 12 },
    ]);

    const other = (await otherBuyer.get<BuyerHome>('/v1/buyer/home')).body;
    expect(other).toEqual({
      inFlight: [],
      paymentsWaiting: { count: 0, total: 0 },
      deliveriesOnTheWay: 0,
      recent: [],
      favouritesBackInStock: [],
    });
  });

  it('asks a stranger to sign in', async () => {
    expect((await t.request({ method: 'GET', url: '/v1/buyer/home' })).statusCode).toBe(401);
  });
});

describe('GET /v1/buyer/suppliers', () => {
  it('lists the sellers bought from with what was paid them and the last order’s lines', async () => {
    const retailer = client(
      t,
      await createTestUser(t.db, t.config.jwtSecret, { firstName: 'Njeri', lastName: 'Retail', roles: ['Retailer'] }),
    );
    const first = await placeOrder(retailer, shop.productId, 1);
    expect((await seller.post(`/v1/seller/sales/${saleOf(first)}/mark-paid`)).status).toBe(200);
    const last = await placeOrder(retailer, shop.productId, 3);
    const res = await retailer.get<Supplier[]>('/v1/buyer/suppliers');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        sellerId: shop.sellerId,
        name: 'Wambui Farm',
        county: 'Kiambu',
        lastOrder: { id: last.id, number: last.number, createdAt: last.createdAt },
        orderCount: 2,
        totalSpent: first.fulfilments[0]!.subtotal + first.fulfilments[0]!.deliveryFee,
        lastLines: [{ productId: shop.productId, name: 'Wambui maize', quantity: 3, price: 1500, available: true }],
      },
    ]);
    expect((await otherBuyer.get<Supplier[]>('/v1/buyer/suppliers')).body).toEqual([]);
  });
});

describe('GET /v1/seller/home', () => {
  it('shows the shop’s sales to accept and dispatch, this week’s and month’s takings by day, low stock and reviews', async () => {
    const own = await createShop(t.db, t.config.jwtSecret, { name: 'Achieng', price: 2000, stock: 8 });
    const owner = client(t, own.user);
    const order = await placeOrder(buyer, own.productId, 1);
    expect((await owner.post(`/v1/seller/sales/${saleOf(order)}/mark-paid`)).status).toBe(200);

    let home = (await owner.get<SellerHome>('/v1/seller/home')).body;
    expect(home.shop).toMatchObject({ id: own.sellerId, name: 'Achieng Farm' });
    expect(home.toAccept).toEqual([expect.objectContaining({ id: saleOf(order), orderNumber: order.number, buyerName: 'Wanjiku Mwangi' })]);
    expect(home.toDispatch).toEqual([]);
    const amount = order.fulfilments[0]!.subtotal + order.fulfilments[0]!.deliveryFee;
    expect(home.week).toEqual({ total: amount, count: 1 });
    expect(home.month).toEqual({ total: amount, count: 1 });
    expect(home.daily).toHaveLength(30);
    expect(home.daily.at(-1)).toEqual({ date: todayInNairobi(), total: amount, count: 1 });
    expect(home.lowStock).toEqual([{ id: own.productId, name: 'Achieng maize', stock: 7, unit: 'piece' }]);
    expect(home.preorders).toEqual([]);

    expect((await owner.post(`/v1/seller/sales/${saleOf(order)}/accept`)).status).toBe(200);
    expect((await buyer.post(`/v1/products/${own.productId}/reviews`, { rating: 4, comment: 'Good grain' })).status).toBe(201);
    home = (await owner.get<SellerHome>('/v1/seller/home')).body;
    expect(home.toAccept).toEqual([]);
    expect(home.toDispatch.map((s) => s.id)).toEqual([saleOf(order)]);
    expect(home.latestReviews).toEqual([expect.objectContaining({ productId: own.productId, rating: 4, comment: 'Good grain' })]);

    const later = await t.db
      .insertInto('products')
      .values({
        slug: `achieng-beans-${randomUUID().slice(0, 8)}`,
        seller_id: own.sellerId,
        name: 'Achieng beans, expected harvest',
        category: 'crops',
        price: 150,
        county: 'Kiambu',
        stock_quantity: 800,
        unit: 'per kg',
        weight_kg: 1,
        specifications: '[]',
        listing_type: 'preorder',
        available_from: '2027-03-01',
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await owner.get<SellerHome>('/v1/seller/home')).body.preorders).toEqual([
      { id: later.id, name: 'Achieng beans, expected harvest', availableFrom: '2027-03-01', stock: 800, unit: 'kg', openOrders: 0 },
    ]);

    // Another seller's home carries none of it.
    const theirs = (await seller.get<SellerHome>('/v1/seller/home')).body;
    expect(JSON.stringify(theirs)).not.toContain(saleOf(order));
    expect(JSON.stringify(theirs)).not.toContain('Good grain');
  });

  it('answers a seller role without a shop with an empty home, and a Buyer-only account with 403', async () => {
    const supplier = client(t, await createTestUser(t.db, t.config.jwtSecret, { roles: ['Supplier'] }));
    const empty = await supplier.get<SellerHome>('/v1/seller/home');
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ shop: null, toAccept: [], week: { total: 0, count: 0 } });
    const refused = await buyer.get('/v1/seller/home');
    expect([refused.status, refused.message]).toEqual([403, expect.any(String)]);
  });
});
