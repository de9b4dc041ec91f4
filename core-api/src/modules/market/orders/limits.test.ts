import { randomUUID } from 'node:crypto';
import type { Order } from '@shambasoko/contracts';
import { createTestUser, type TestUser } from '../../../testing/auth';
import { testCheckout } from '../../../testing/orders';
import { type TestApp, startTestApp } from '../../../testing/test-app';

// Limits on what one buyer can do: orders per window, promo uses per buyer and in all, promo checks.

let t: TestApp;
let lime: string;

beforeAll(async () => {
  t = await startTestApp();
  lime = (await t.db.selectFrom('products').select('id').where('name', '=', 'Agricultural Lime, 50 kg').executeTakeFirstOrThrow()).id;
  await t.db.updateTable('products').set({ stock_quantity: 10_000 }).where('id', '=', lime).execute();
}, 60_000);
afterAll(async () => t?.close());

const newBuyer = () => createTestUser(t.db, t.config.jwtSecret);
const messageOf = (res: { json: () => { header: { customerMessage: string } } }) => res.json().header.customerMessage;

const place = (who: TestUser, overrides: Parameters<typeof testCheckout>[0] = {}, key: string = randomUUID()) =>
  t.request({
    method: 'POST',
    url: '/v1/orders',
    headers: { ...who.headers, 'idempotency-key': key },
    payload: testCheckout({ items: [{ productId: lime, quantity: 2 }], payment: { method: 'bank' }, ...overrides }),
  });

const validate = (code: string, who: TestUser | null, ip = '10.1.0.1') =>
  t.request({
    method: 'POST',
    url: '/v1/promos/validate',
    headers: { ...(who ? who.headers : {}), 'x-forwarded-for': ip },
    payload: { code, subtotal: 5_000 },
  });

describe('orders per buyer', () => {
  it('allows 10 new orders in 10 minutes, then answers 429 saying why; replays and other buyers are not held back', async () => {
    expect(t.config.orderRateLimit).toEqual({ perUser: 10, windowMs: 600_000 });
    const buyer = await newBuyer();
    const keys: string[] = [];
    for (let n = 0; n < 10; n += 1) {
      keys.push(randomUUID());
      expect((await place(buyer, {}, keys[n])).statusCode).toBe(201);
    }
    const stock = (await t.db.selectFrom('products').select('stock_quantity').where('id', '=', lime).executeTakeFirstOrThrow())
      .stock_quantity;
    const refused = await place(buyer);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      header: {
        isSuccess: false,
        customerMessage:
          'You have placed too many orders in a short time (at most 10 every 10 minutes). Please wait a few minutes and try again.',
      },
      body: null,
    });
    // Nothing was held for the refused order.
    expect(
      (await t.db.selectFrom('products').select('stock_quantity').where('id', '=', lime).executeTakeFirstOrThrow()).stock_quantity,
    ).toBe(stock);
    expect(await t.db.selectFrom('orders').select('id').where('user_id', '=', buyer.id).execute()).toHaveLength(10);
    // A retry of an order already placed is answered as before (it creates nothing).
    expect((await place(buyer, {}, keys[0])).statusCode).toBe(200);
    expect((await place(await newBuyer())).statusCode).toBe(201);
  });
});

describe('promo code limits', () => {
  it('lets a buyer use KARIBU10 once: the next order and a signed-in check say so; a guest check still works', async () => {
    const buyer = await newBuyer();
    const first = await place(buyer, { promoCode: 'karibu10' });
    expect(first.statusCode).toBe(201);
    expect(first.json<{ body: Order }>().body).toMatchObject({ promoCode: 'KARIBU10', discount: 130 });

    const again = await place(buyer, { promoCode: 'KARIBU10' });
    expect(again.statusCode).toBe(400);
    expect(messageOf(again)).toBe('You have already used this promo code.');
    expect(await t.db.selectFrom('orders').select('id').where('user_id', '=', buyer.id).execute()).toHaveLength(1);

    const check = await validate('KARIBU10', buyer, '10.1.0.2');
    expect(check.statusCode).toBe(400);
    expect(messageOf(check)).toBe('You have already used this promo code.');
    expect((await validate('KARIBU10', null, '10.1.0.2')).statusCode).toBe(200);
    expect((await place(await newBuyer(), { promoCode: 'KARIBU10' })).statusCode).toBe(201);
  });

  it('stops a code at its total: the next buyer hears it has been fully used', async () => {
    await t.db
      .insertInto('promos')
      .values({
        code: 'TWICE',
        type: 'fixed',
        value: 100,
        min_order: 0,
        expires_at: null,
        description: 'test',
        max_uses: 2,
        max_uses_per_user: null,
      })
      .execute();
    for (let n = 0; n < 2; n += 1) expect((await place(await newBuyer(), { promoCode: 'TWICE' })).statusCode).toBe(201);
    const late = await newBuyer();
    const res = await place(late, { promoCode: 'twice' });
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toBe('This promo code has been fully used.');
    const check = await validate('TWICE', null, '10.1.0.3');
    expect(check.statusCode).toBe(400);
    expect(messageOf(check)).toBe('This promo code has been fully used.');
    expect(await t.db.selectFrom('promo_redemptions').select('order_id').where('promo_code', '=', 'TWICE').execute()).toHaveLength(2);
  });

  it('counts uses one order at a time: three checkouts at once with a once-per-buyer code give one discount', async () => {
    await t.db
      .insertInto('promos')
      .values({
        code: 'ONCEONLY',
        type: 'percentage',
        value: 5,
        min_order: 0,
        expires_at: null,
        description: 'test',
        max_uses: null,
        max_uses_per_user: 1,
      })
      .execute();
    const buyer = await newBuyer();
    const results = await Promise.all([1, 2, 3].map(() => place(buyer, { promoCode: 'ONCEONLY' })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400, 400]);
    expect(results.filter((r) => r.statusCode === 400).map(messageOf)).toEqual([
      'You have already used this promo code.',
      'You have already used this promo code.',
    ]);
  });

  it('does not count a use when the order fails', async () => {
    await t.db
      .insertInto('promos')
      .values({
        code: 'ONEGO',
        type: 'fixed',
        value: 50,
        min_order: 0,
        expires_at: null,
        description: 'test',
        max_uses: 1,
        max_uses_per_user: 1,
      })
      .execute();
    const panga = (await t.db.selectFrom('products').select('id').where('name', '=', 'Panga (Machete) 18 Inch').executeTakeFirstOrThrow())
      .id;
    await t.db.updateTable('products').set({ stock_quantity: 1 }).where('id', '=', panga).execute();
    const buyer = await newBuyer();
    const tooMany = await place(buyer, { promoCode: 'ONEGO', items: [{ productId: panga, quantity: 2 }] });
    expect(tooMany.statusCode).toBe(409);
    expect((await place(buyer, { promoCode: 'ONEGO' })).statusCode).toBe(201);
  });
});

describe('POST /v1/promos/validate throttling', () => {
  it('allows 20 checks a minute per address and per signed-in account, then 429', async () => {
    expect(t.config.promoValidateRateLimit).toBe(20);
    for (let n = 0; n < 20; n += 1) expect((await validate(`GUESS${n}`, null, '10.2.0.1')).statusCode).toBe(400);
    const refused = await validate('GUESS20', null, '10.2.0.1');
    expect(refused.statusCode).toBe(429);
    expect(messageOf(refused)).toBe('Too many promo code attempts. Please wait a minute and try again.');
    // Another address is not held back by this one.
    expect((await validate('SHAMBA500', null, '10.2.0.2')).statusCode).toBe(200);

    // A signed-in guesser changing address is still counted on the account.
    const buyer = await newBuyer();
    for (let n = 0; n < 20; n += 1) expect((await validate(`GUESS${n}`, buyer, `10.3.0.${n}`)).statusCode).toBe(400);
    const account = await validate('SHAMBA500', buyer, '10.3.1.1');
    expect(account.statusCode).toBe(429);
  });
});
