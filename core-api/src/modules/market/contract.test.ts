import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  cartSchema,
  countiesSchema,
  favouritesListSchema,
  featuredProductsSchema,
  myDataExportSchema,
  orderListSchema,
  orderSchema,
  publicProductSchema,
  productSearchResultSchema,
  profileAnswerSchema,
  promoValidationSchema,
  reviewSchema,
} from '@shambasoko/contracts';
import { createTestUser, type TestUser } from '../../testing/auth';
import { testCheckout } from '../../testing/orders';
import { type TestApp, type TestRequest, startTestApp } from '../../testing/test-app';

// The real API's answers parsed with the contract's response schemas: the front end's fakes are
// checked against the same schemas, so both ends hold to one shape.

let t: TestApp;
let buyer: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  buyer = await createTestUser(t.db, t.config.jwtSecret, { firstName: 'Wanjiku', lastName: 'Mwangi' });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

async function answer<S extends z.ZodType>(schema: S, request: TestRequest, status = 200): Promise<z.output<S>> {
  const res = await t.request(request);
  expect([res.statusCode, res.payload.slice(0, 300)]).toEqual([status, expect.any(String)]);
  const parsed = schema.safeParse(res.json().body);
  if (!parsed.success)
    throw new Error(`${request.method} ${request.url}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return parsed.data;
}

describe('market answers match the contract', () => {
  it('catalog, cart, favourites, promos, orders and reviews', async () => {
    const search = await answer(productSearchResultSchema, { method: 'GET', url: '/v1/products?pageSize=48' });
    expect(search.items.length).toBeGreaterThan(0);
    await answer(productSearchResultSchema, { method: 'GET', url: '/v1/products?category=crops&sort=price_asc&inStock=true' });
    await answer(featuredProductsSchema, { method: 'GET', url: '/v1/products/featured' });
    await answer(countiesSchema, { method: 'GET', url: '/v1/counties' });
    const inStock = search.items.find((p) => p.stockQuantity >= 2);
    if (!inStock) throw new Error('the seed has no product in stock');
    const product = await answer(publicProductSchema, { method: 'GET', url: `/v1/products/${inStock.id}` });
    expect(product.id).toBe(inStock.id);

    const headers = buyer.headers;
    await answer(cartSchema, { method: 'GET', url: '/v1/cart', headers });
    await answer(cartSchema, { method: 'POST', url: '/v1/cart/items', headers, payload: { productId: product.id, quantity: 1 } });
    await answer(cartSchema, { method: 'PATCH', url: `/v1/cart/items/${product.id}`, headers, payload: { quantity: 2 } });
    await answer(cartSchema, {
      method: 'POST',
      url: '/v1/cart/merge',
      headers,
      payload: { items: [{ productId: product.id, quantity: 1 }] },
    });
    await answer(favouritesListSchema, { method: 'PUT', url: `/v1/favourites/${product.id}`, headers });
    await answer(favouritesListSchema, { method: 'GET', url: '/v1/favourites', headers });
    await answer(favouritesListSchema, { method: 'DELETE', url: `/v1/favourites/${product.id}`, headers });
    await answer(promoValidationSchema, { method: 'POST', url: '/v1/promos/validate', payload: { code: 'SHAMBA500', subtotal: 12_000 } });

    const order = await answer(
      orderSchema,
      {
        method: 'POST',
        url: '/v1/orders',
        headers: { ...headers, 'idempotency-key': randomUUID() },
        payload: testCheckout({ items: [{ productId: product.id, quantity: 1 }] }),
      },
      201,
    );
    expect(order.payment).toMatchObject({ method: 'bank', status: 'unpaid', brand: null });
    await answer(orderSchema, { method: 'GET', url: `/v1/orders/${order.id}`, headers });
    await answer(orderListSchema, { method: 'GET', url: '/v1/orders', headers });
    await answer(cartSchema, { method: 'DELETE', url: `/v1/cart/items/${product.id}`, headers });

    // A review needs a paid order.
    await t.db.updateTable('orders').set({ status: 'paid' }).where('id', '=', order.id).execute();
    await answer(
      reviewSchema,
      { method: 'POST', url: `/v1/products/${product.id}/reviews`, headers, payload: { rating: 5, comment: 'Good seed' } },
      201,
    );
  });

  // DELETE /v1/me needs the identity provider; modules/me/me.test.ts covers it with a fake one.
  it('profile and data export', async () => {
    const someone = await createTestUser(t.db, t.config.jwtSecret, { firstName: 'Otieno', lastName: 'Ouma' });
    const { user } = await answer(profileAnswerSchema, { method: 'GET', url: '/v1/profile/status', headers: someone.headers });
    await answer(profileAnswerSchema, { method: 'PATCH', url: '/v1/profile', headers: someone.headers, payload: { lastName: 'Odhiambo' } });
    await answer(myDataExportSchema, { method: 'GET', url: '/v1/me/export', headers: someone.headers });
    expect(user.firstName).toBe('Otieno');
  });
});
