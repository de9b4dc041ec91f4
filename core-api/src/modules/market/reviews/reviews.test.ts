import { randomUUID } from 'node:crypto';
import type { Order, PublicProduct, Review } from '@shambasoko/contracts';
import type { SellerListing, SellerProfile } from '@shambasoko/contracts';
import { createTestUser, type TestUser } from '../../../testing/auth';
import { testCheckout } from '../../../testing/orders';
import * as m031 from '../../../../migrations/031_no_self_reviews';
import type { TestApp, TestRequest, TestResponse } from '../../../testing/test-app';
import { useTestApp } from '../../../testing/use-test-app';

// Reviews come from buyers (issue 38): a seller who orders their own listing by bank transfer and
// marks the sale paid is still no buyer of it.

let t: TestApp;
useTestApp((app) => (t = app));

const OWN_LISTING = 'You cannot review a product you sell. Reviews come from buyers only.';

const send = (who: TestUser | null, request: TestRequest) =>
  t.request({ ...request, headers: { ...(who ? who.headers : {}), ...request.headers } });
const messageOf = (res: TestResponse) => res.json().header.customerMessage;
function bodyOf<T>(res: TestResponse, status = 200): T {
  expect({ status: res.statusCode, message: messageOf(res) }).toEqual({ status, message: expect.any(String) });
  return res.json<{ body: T }>().body;
}

async function sellerWithListing(name: string): Promise<{ user: TestUser; profile: SellerProfile; listing: SellerListing }> {
  const user = await createTestUser(t.db, t.config.jwtSecret, { firstName: name, lastName: 'Seller', roles: ['Farmer'] });
  const profile = bodyOf<SellerProfile>(
    await send(user, {
      method: 'PUT',
      url: '/v1/seller/profile',
      payload: { businessName: `${name} Farm`, county: 'Nakuru', phone: '0711 222 333', pickupLocation: 'Njoro market' },
    }),
  );
  const listing = bodyOf<SellerListing>(
    await send(user, {
      method: 'POST',
      url: '/v1/seller/products',
      payload: { title: `${name} sukuma wiki`, category: 'crops', unit: 'kg', price: 80, stock: 100 },
    }),
    201,
  );
  return { user, profile, listing };
}

/** A bank-transfer order of one unit, marked paid by the seller of its one part (as the finding did it). */
async function paidOrder(buyer: TestUser, seller: TestUser, productId: string): Promise<Order> {
  const order = bodyOf<Order>(
    await send(buyer, {
      method: 'POST',
      url: '/v1/orders',
      headers: { 'idempotency-key': randomUUID() },
      payload: testCheckout({ items: [{ productId, quantity: 1 }] }),
    }),
    201,
  );
  const part = order.fulfilments[0]!;
  bodyOf(await send(seller, { method: 'POST', url: `/v1/seller/sales/${part.id}/mark-paid`, payload: {} }));
  return order;
}

const review = (who: TestUser, productId: string, headers: Record<string, string> = {}) =>
  send(who, {
    method: 'POST',
    url: `/v1/products/${productId}/reviews`,
    headers,
    payload: { rating: 5, comment: 'Best sukuma in Nakuru' },
  });

const productOf = async (id: string) => bodyOf<PublicProduct>(await send(null, { method: 'GET', url: `/v1/products/${id}` }));

describe('POST /v1/products/:id/reviews: buyers only, never the seller', () => {
  it('refuses the seller a review of their own listing, even on an order they placed and marked paid themself', async () => {
    const { user: seller, listing } = await sellerWithListing('Chebet');
    const order = await paidOrder(seller, seller, listing.id);
    const status = await t.db.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(status.status).toBe('paid');

    const res = await review(seller, listing.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ header: { isSuccess: false, customerMessage: OWN_LISTING }, body: null });
    const sw = await review(seller, listing.id, { 'accept-language': 'sw-KE' });
    expect([sw.statusCode, messageOf(sw)]).toEqual([403, 'Huwezi kutoa maoni kuhusu bidhaa unayouza. Maoni hutoka kwa wanunuzi pekee.']);

    // Without any order too: being the seller is enough to be refused.
    const { user: other, listing: untouched } = await sellerWithListing('Atieno');
    expect(messageOf(await review(other, untouched.id))).toBe(OWN_LISTING);

    const product = await productOf(listing.id);
    expect([product.reviews, product.reviewsList]).toEqual([0, []]);
    const rows = await t.db.selectFrom('reviews').select('id').where('product_id', '=', listing.id).execute();
    expect(rows).toEqual([]);
  });

  it('still lets a real buyer review that listing, and the seller review what they bought from someone else', async () => {
    const { user: seller, listing } = await sellerWithListing('Wambui');
    const { user: otherSeller, listing: otherListing } = await sellerWithListing('Kiptoo');
    const buyer = await createTestUser(t.db, t.config.jwtSecret, { firstName: 'Wanjiku', lastName: 'Mwangi', roles: ['Buyer'] });

    await paidOrder(buyer, seller, listing.id);
    expect(bodyOf<Review>(await review(buyer, listing.id), 201)).toMatchObject({ user: 'Wanjiku M.', verified: true });

    await paidOrder(seller, otherSeller, otherListing.id);
    expect(bodyOf<Review>(await review(seller, otherListing.id), 201)).toMatchObject({ user: 'Wambui S.', verified: true });
    expect((await productOf(otherListing.id)).reviews).toBe(1);
  });

  it('does not count an order line the reviewer sold themself as a purchase', async () => {
    // The line's seller is the buyer's own shop while the listing is someone else's: only the order
    // line says who sold it, and a sale to oneself proves nothing.
    const { user: reviewer, profile: ownShop } = await sellerWithListing('Njeri');
    const { user: otherSeller, listing } = await sellerWithListing('Omondi');
    const order = await paidOrder(reviewer, otherSeller, listing.id);
    await t.db.updateTable('order_items').set({ seller_id: ownShop.id }).where('order_id', '=', order.id).execute();

    const res = await review(reviewer, listing.id);
    expect([res.statusCode, messageOf(res)]).toEqual([403, 'Only customers who bought this product can review it']);
  });
});

describe('migration 031', () => {
  it("removes the reviews sellers already wrote on their own listings, and keeps buyers' reviews", async () => {
    const { user: seller, listing } = await sellerWithListing('Muthoni');
    const buyer = await createTestUser(t.db, t.config.jwtSecret, { firstName: 'Achieng', lastName: 'Otieno', roles: ['Buyer'] });
    // As the old code let them: written straight in, verified.
    const written = (userId: string, rating: number) => ({
      product_id: listing.id,
      user_id: userId,
      reviewer_name: 'x',
      rating,
      comment: 'x',
      verified: true,
    });
    await t.db
      .insertInto('reviews')
      .values([written(seller.id, 5), written(buyer.id, 2)])
      .execute();
    expect(
      (await t.db.selectFrom('products').select('review_count').where('id', '=', listing.id).executeTakeFirstOrThrow()).review_count,
    ).toBe(2);

    await m031.up(t.db as never);
    const left = await t.db.selectFrom('reviews').select('user_id').where('product_id', '=', listing.id).execute();
    expect(left).toEqual([{ user_id: buyer.id }]);
    const product = await t.db
      .selectFrom('products')
      .select(['review_count', 'rating'])
      .where('id', '=', listing.id)
      .executeTakeFirstOrThrow();
    expect([product.review_count, Number(product.rating)]).toEqual([1, 2]);
  });
});

describe('a review and the catalog cache', () => {
  it('refreshes the answers showing the product or ranking it by rating, and keeps other products’ answers', async () => {
    const { user: seller, listing } = await sellerWithListing('Wambui');
    const buyer = await createTestUser(t.db, t.config.jwtSecret, { firstName: 'Otieno' });
    await paidOrder(buyer, seller, listing.id);
    // Another county's search and another category's product page, elsewhere: they must stay as kept.
    const other = await t.db
      .selectFrom('products')
      .select(['id', 'county'])
      .where('status', '=', 'active')
      .where('county', '<>', 'Nakuru')
      .where('category', '<>', 'crops')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const get = (url: string) => send(null, { method: 'GET', url });
    const unrelated = [`/v1/products/${other.id}`, `/v1/products?county=${encodeURIComponent(other.county)}&sort=rating`];
    const ranked = '/v1/products?county=Nakuru&sort=rating';
    // A product page of its category: its related list orders by rating, so it may enter it.
    const sameCategory = await t.db
      .selectFrom('products')
      .select('id')
      .where('status', '=', 'active')
      .where('category', '=', 'crops')
      .where('id', '<>', listing.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const related = `/v1/products/${sameCategory.id}`;
    const kept = new Map<string, string>();
    for (const url of [...unrelated, ranked, related, `/v1/products/${listing.id}`]) {
      await get(url);
      kept.set(url, (await get(url)).payload);
    }
    // A fresh read of the unrelated answers would show these prices.
    await t.db
      .updateTable('products')
      .set((eb) => ({ price: eb('price', '+', 1) }))
      .where((eb) => eb.or([eb('county', '=', other.county), eb('id', '=', sameCategory.id)]))
      .execute();

    expect((await review(buyer, listing.id)).statusCode).toBe(201);
    expect(await productOf(listing.id)).toMatchObject({ rating: 5, reviews: 1 });
    const inRanked = bodyOf<{ items: Array<{ id: string; rating: number }> }>(await get(ranked)).items.find((p) => p.id === listing.id);
    expect(inRanked?.rating).toBe(5);
    for (const url of unrelated) expect({ url, payload: (await get(url)).payload }).toEqual({ url, payload: kept.get(url) });
    expect((await get(related)).payload).not.toBe(kept.get(related));
  });
});
