import type { Cart, FavouritesList, PromoValidation } from '@shambasoko/contracts';
import { createTestUser, type TestUser } from '../../../testing/auth';
import type { TestApp, TestRequest } from '../../../testing/test-app';
import { useTestApp } from '../../../testing/use-test-app';

let t: TestApp;
let user: TestUser;
useTestApp((app) => (t = app));
beforeEach(async () => {
  user = await createTestUser(t.db, t.config.jwtSecret);
});

const send = (request: TestRequest, who: TestUser | null = user) =>
  t.request({ ...request, headers: { ...(who ? who.headers : {}), ...request.headers } });
const cartOf = async (request: TestRequest): Promise<Cart> => {
  const res = await send(request);
  expect(res.statusCode).toBe(200);
  return res.json<{ body: Cart }>().body;
};
const messageOf = (res: { json: () => { header: { customerMessage: string } } }) => res.json().header.customerMessage;

async function product(name: string): Promise<{ id: string; stock: number; price: number }> {
  const row = await t.db
    .selectFrom('products')
    .select(['id', 'stock_quantity', 'price'])
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return { id: row.id, stock: row.stock_quantity, price: row.price };
}

describe('cart', () => {
  it('needs a signed-in user', async () => {
    for (const request of [
      { method: 'GET', url: '/v1/cart' },
      { method: 'POST', url: '/v1/cart/items', payload: { quantity: 0 } },
      { method: 'POST', url: '/v1/cart/merge', payload: {} },
    ]) {
      const res = await send(request, null);
      expect(res.statusCode).toBe(401);
      expect(messageOf(res)).toBe('Please sign in to continue.');
    }
  });

  it('starts empty, adds up quantities, and totals item count and subtotal', async () => {
    expect(await cartOf({ method: 'GET', url: '/v1/cart' })).toEqual({ items: [], itemCount: 0, subtotal: 0 });
    const dap = await product('DAP Fertiliser 50 kg');
    const panga = await product('Panga (Machete) 18 Inch');
    await cartOf({ method: 'POST', url: '/v1/cart/items', payload: { productId: dap.id, quantity: 2 } });
    await cartOf({ method: 'POST', url: '/v1/cart/items', payload: { productId: panga.id } });
    const cart = await cartOf({ method: 'POST', url: '/v1/cart/items', payload: { productId: dap.id, quantity: 1 } });
    expect(cart.items).toEqual([
      {
        productId: dap.id,
        name: 'DAP Fertiliser 50 kg',
        price: 3800,
        quantity: 3,
        seller: 'Rift Valley Seed & Agrovet',
        location: 'Nakuru',
        rating: expect.any(Number),
        image: '/static/products/fertiliser-sack.svg',
        inStock: true,
        stockQuantity: dap.stock,
        // Stock on hand, not a pre-order.
        harvestExpected: null,
      },
      expect.objectContaining({ productId: panga.id, quantity: 1, price: 450 }),
    ]);
    expect(cart.itemCount).toBe(4);
    expect(cart.subtotal).toBe(3 * 3800 + 450);

    // Another user's cart is their own.
    const other = await createTestUser(t.db, t.config.jwtSecret);
    const res = await send({ method: 'GET', url: '/v1/cart' }, other);
    expect(res.json<{ body: Cart }>().body.items).toEqual([]);
  });

  it('keeps a quantity between 1 and the stock left, with a clear message', async () => {
    const npk = await product('NPK 17:17:17 Fertiliser 50 kg'); // 2 in stock
    await cartOf({ method: 'POST', url: '/v1/cart/items', payload: { productId: npk.id, quantity: 2 } });

    let res = await send({ method: 'POST', url: '/v1/cart/items', payload: { productId: npk.id, quantity: 1 } });
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toBe('Only 2 left of NPK 17:17:17 Fertiliser 50 kg');

    res = await send({ method: 'PATCH', url: `/v1/cart/items/${npk.id}`, payload: { quantity: 3 } });
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toBe('Only 2 left of NPK 17:17:17 Fertiliser 50 kg');

    res = await send({ method: 'PATCH', url: `/v1/cart/items/${npk.id}`, payload: { quantity: 0 } });
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toBe('quantity: must be at least 1');

    res = await send({ method: 'PATCH', url: `/v1/cart/items/${npk.id}`, payload: { quantity: 1.5 } });
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toBe('quantity: must be a whole number');

    const cart = await cartOf({ method: 'PATCH', url: `/v1/cart/items/${npk.id}`, payload: { quantity: 1 } });
    expect(cart.items).toEqual([expect.objectContaining({ productId: npk.id, quantity: 1 })]);
  });

  it('refuses sold-out and unknown products, and a change to a product not in the cart', async () => {
    const soldOut = await product('NPK 23:23:0 Fertiliser 50 kg');
    let res = await send({ method: 'POST', url: '/v1/cart/items', payload: { productId: soldOut.id } });
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toBe('Sorry, NPK 23:23:0 Fertiliser 50 kg is out of stock');

    res = await send({ method: 'POST', url: '/v1/cart/items', payload: { productId: '00000000-0000-4000-8000-000000000000' } });
    expect(res.statusCode).toBe(404);
    expect(messageOf(res)).toBe('Product not found');

    res = await send({ method: 'POST', url: '/v1/cart/items', payload: { quantity: 1 } });
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toBe('productId: is required');

    const jembe = await product('Jembe (Forged Hoe) with Handle');
    res = await send({ method: 'PATCH', url: `/v1/cart/items/${jembe.id}`, payload: { quantity: 2 } });
    expect(res.statusCode).toBe(404);
    expect(messageOf(res)).toBe('This product is not in your cart');
  });

  it('removes a line, and removing it again is harmless', async () => {
    const jembe = await product('Jembe (Forged Hoe) with Handle');
    await cartOf({ method: 'POST', url: '/v1/cart/items', payload: { productId: jembe.id, quantity: 2 } });
    expect((await cartOf({ method: 'DELETE', url: `/v1/cart/items/${jembe.id}` })).items).toEqual([]);
    expect((await cartOf({ method: 'DELETE', url: `/v1/cart/items/${jembe.id}` })).items).toEqual([]);
  });

  it('merges the guest cart at sign-in: adds quantities, caps them at stock, skips what cannot be bought', async () => {
    const dap = await product('DAP Fertiliser 50 kg');
    const chick = await product('Chick Mash 50 kg'); // 1 in stock
    const soldOut = await product('NPK 23:23:0 Fertiliser 50 kg');
    await cartOf({ method: 'POST', url: '/v1/cart/items', payload: { productId: dap.id, quantity: 1 } });

    const res = await send({
      method: 'POST',
      url: '/v1/cart/merge',
      payload: {
        items: [
          { productId: dap.id, quantity: 2 },
          { productId: chick.id, quantity: 5 },
          { productId: soldOut.id, quantity: 1 },
          { productId: '00000000-0000-4000-8000-000000000000', quantity: 1 },
          { productId: 'junk', quantity: 1 },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(messageOf(res)).toBe('Some quantities were reduced to the stock available');
    const cart = res.json<{ body: Cart }>().body;
    expect(cart.items.map((i) => [i.productId, i.quantity])).toEqual([
      [dap.id, 3],
      [chick.id, 1],
    ]);
    expect(cart.itemCount).toBe(4);

    const again = await send({ method: 'POST', url: '/v1/cart/merge', payload: { items: [] } });
    expect(messageOf(again)).toBe('Cart updated');
    expect(again.json<{ body: Cart }>().body.itemCount).toBe(4);
  });

  it('applies two quick adds one after the other', async () => {
    const panga = await product('Panga (Machete) 18 Inch');
    const add = () => send({ method: 'POST', url: '/v1/cart/items', payload: { productId: panga.id, quantity: 1 } });
    const results = await Promise.all([add(), add(), add()]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect((await cartOf({ method: 'GET', url: '/v1/cart' })).items[0]?.quantity).toBe(3);
  });
});

describe('POST /v1/promos/validate', () => {
  const validate = (code: string, subtotal: number) =>
    t.request({ method: 'POST', url: '/v1/promos/validate', payload: { code, subtotal } });

  it('takes 10% off with KARIBU10 and Ksh 500 off with SHAMBA500, case-insensitively', async () => {
    let res = await validate('karibu10', 4_550);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ body: PromoValidation }>().body).toEqual({ code: 'KARIBU10', type: 'percentage', value: 10, discount: 455 });
    res = await validate(' SHAMBA500 ', 12_000);
    expect(res.json<{ body: PromoValidation }>().body).toEqual({ code: 'SHAMBA500', type: 'fixed', value: 500, discount: 500 });
  });

  it.each([
    ['KARIBU10', 999, 'Promo code KARIBU10 needs an order of at least Ksh\u00a01,000'],
    ['SHAMBA500', 4_999, 'Promo code SHAMBA500 needs an order of at least Ksh\u00a05,000'],
    ['OLDPROMO', 10_000, 'Promo code OLDPROMO has expired'],
    ['FREESHAMBA', 10_000, 'Promo code FREESHAMBA is not valid'],
    ['', 10_000, 'Enter a promo code'],
  ])('refuses %s on KES %d with a clear message', async (code, subtotal, message) => {
    const res = await validate(code, subtotal);
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toBe(message);
  });
});

describe('favourites', () => {
  it('saves hearts per user; PUT and DELETE are idempotent', async () => {
    const dap = await product('DAP Fertiliser 50 kg');
    const jembe = await product('Jembe (Forged Hoe) with Handle');
    const list = async (request: TestRequest, who: TestUser = user) => {
      const res = await send(request, who);
      expect(res.statusCode).toBe(200);
      return res.json<{ body: FavouritesList }>().body.productIds;
    };
    expect(await list({ method: 'GET', url: '/v1/favourites' })).toEqual([]);
    await list({ method: 'PUT', url: `/v1/favourites/${dap.id}` });
    await list({ method: 'PUT', url: `/v1/favourites/${jembe.id}` });
    expect((await list({ method: 'PUT', url: `/v1/favourites/${dap.id}` })).sort()).toEqual([dap.id, jembe.id].sort());
    expect(await list({ method: 'DELETE', url: `/v1/favourites/${dap.id}` })).toEqual([jembe.id]);
    expect(await list({ method: 'DELETE', url: `/v1/favourites/${dap.id}` })).toEqual([jembe.id]);

    const other = await createTestUser(t.db, t.config.jwtSecret);
    expect(await list({ method: 'GET', url: '/v1/favourites' }, other)).toEqual([]);

    const res = await send({ method: 'PUT', url: '/v1/favourites/00000000-0000-4000-8000-000000000000' });
    expect(res.statusCode).toBe(404);
    expect((await send({ method: 'GET', url: '/v1/favourites' }, null)).statusCode).toBe(401);
  });
});
