import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { type Cart, type HarvestListingDraft, type ProductSummary, type SellerListing, countyIn } from '@shambasoko/contracts';
import { orderableProducts, testCheckout } from '../../../testing/orders';
import { PREORDER_NOT_AGREED } from '../orders/service';
import type { TestApp } from '../../../testing/test-app';
import { useTestApp } from '../../../testing/use-test-app';
import { type Client, type FarmFixture, addMember, buildFarm, newClient } from '../../farm/test-helpers';
import { makeSeller } from './test-sellers';

let t: TestApp;
let owner: Client;
let fx: FarmFixture;
useTestApp((app) => (t = app));

beforeAll(async () => {
  owner = await newClient(t, { firstName: 'Wanjiru', lastName: 'Farmer' });
  fx = await buildFarm(owner);
  await owner.patch(`/v1/crops/${fx.crop.id}`, { yieldPerHectare: 4.5, status: 'growing' });
});

const listingBody = (over: object = {}) => ({
  title: 'Maize, expected harvest',
  quantity: 45_000,
  unit: 'kg',
  price: 45,
  availableFrom: '2027-02-20',
  description: 'Dry white maize',
  ...over,
});
const url = (cropId = fx.crop.id) => `/v1/crops/${cropId}/harvest-listing`;

it('finds a county in a free-text location', () => {
  expect(countyIn('Near Molo, Nakuru')).toBe('Nakuru');
  expect(countyIn('Somewhere')).toBeNull();
});

describe('harvest listing', () => {
  it('drafts from the crop: area × yield, the harvest date, the farm county; no profile yet', async () => {
    const res = await owner.get<HarvestListingDraft>(url());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      cropId: fx.crop.id,
      cropName: 'Maize',
      expectedQuantity: 45_000,
      expectedHarvest: '2027-02-20',
      suggestedTitle: 'Maize, expected harvest',
      county: 'Nakuru',
      listing: null,
      hasSellerProfile: false,
    });
    const post = await owner.post(url(), listingBody());
    expect([post.status, post.message]).toEqual([409, 'Create your seller profile first']);
  });

  it('keeps other farms, Viewers and strangers out', async () => {
    const other = await newClient(t);
    await buildFarm(other);
    await makeSeller(t, other.user.id);
    expect((await other.get(url())).status).toBe(404);
    expect((await other.post(url(), listingBody())).status).toBe(404);
    const viewer = await newClient(t);
    await addMember(owner, fx.farm.id, viewer, 'Viewer');
    await makeSeller(t, viewer.user.id);
    expect((await viewer.post(url(), listingBody())).status).toBe(403);
    expect((await viewer.get(url())).status).toBe(403);
    expect((await t.request({ method: 'GET', url: url() })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: url(), payload: listingBody() })).statusCode).toBe(401);
    expect((await owner.get(url(randomUUID()))).status).toBe(404);
    const listed = await t.db.selectFrom('products').select('id').where('crop_id', '=', fx.crop.id).execute();
    expect(listed).toEqual([]);
  });

  it('lists the harvest for pre-order once, shows it in the catalog at once, then harvest makes paid pre-orders ready', async () => {
    const sellerId = await makeSeller(t, owner.user.id, 'Nakuru');
    // Warm the catalog cache: the new listing must still show at once.
    expect((await t.request({ method: 'GET', url: '/v1/products?q=expected%20harvest' })).statusCode).toBe(200);
    // A product page of another category stays kept (a new listing drops only what it can enter): a
    // price changed behind the API's back does not show.
    const other = await t.db
      .selectFrom('products')
      .select('id')
      .where('status', '=', 'active')
      .where('category', '<>', 'crops')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const page = async () => (await t.request({ method: 'GET', url: `/v1/products/${other.id}` })).payload;
    await page();
    const kept = await page();
    await t.db
      .updateTable('products')
      .set((eb) => ({ price: eb('price', '+', 1) }))
      .where('id', '=', other.id)
      .execute();
    expect((await owner.post(url(), listingBody({ price: 0 }))).status).toBe(400);
    const created = await owner.post<SellerListing>(url(), listingBody());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      listingType: 'preorder',
      cropId: fx.crop.id,
      stock: 45_000,
      category: 'crops',
      unitLabel: 'per kg',
    });
    expect((await owner.post(url(), listingBody())).status).toBe(409);
    const draft = await owner.get<HarvestListingDraft>(url());
    expect(draft.body).toMatchObject({ hasSellerProfile: true, listing: { id: created.body.id } });
    const search = await t.request({ method: 'GET', url: '/v1/products?q=expected%20harvest' });
    expect(JSON.stringify(search.json())).toContain(created.body.id);
    expect(await page()).toBe(kept);

    // Two buyers pre-order; one pays, one does not.
    const pre = async (paid: boolean) => {
      const buyer = await newClient(t);
      await t.request({
        method: 'POST',
        url: '/v1/cart/items',
        headers: buyer.user.headers,
        payload: { productId: created.body.id, quantity: 100 },
      });
      const placed = await t.request({
        method: 'POST',
        url: '/v1/orders',
        headers: { ...buyer.user.headers, 'idempotency-key': randomUUID() },
        payload: testCheckout({ preorderAgreed: true }),
      });
      expect(placed.statusCode).toBe(201);
      const orderId = placed.json<{ body: { id: string } }>().body.id;
      // Placement's fulfilments are the orders module's; written here so this suite stands alone.
      await sql`
        insert into order_fulfilments (order_id, seller_id, status, subtotal, preorder)
        values (${orderId}, ${sellerId}, ${paid ? 'paid' : 'awaiting_payment'}, 4500, true)
        on conflict (order_id, seller_id) do update set status = excluded.status, preorder = true`.execute(t.db);
      return { buyer, orderId };
    };
    const paid = await pre(true);
    const unpaid = await pre(false);
    const fulfilment = (orderId: string) =>
      t.db
        .selectFrom('order_fulfilments')
        .select(['id', 'status', 'preorder', 'ready_at'])
        .where('order_id', '=', orderId)
        .executeTakeFirstOrThrow();

    expect((await owner.patch(`/v1/crops/${fx.crop.id}`, { status: 'harvested' })).status).toBe(200);
    const ready = await fulfilment(paid.orderId);
    expect(ready).toMatchObject({ status: 'ready_to_dispatch', preorder: true });
    expect(ready.ready_at).not.toBeNull();
    expect(await fulfilment(unpaid.orderId)).toMatchObject({ status: 'awaiting_payment', preorder: false });
    const events = await t.db.selectFrom('fulfilment_events').select('status').where('fulfilment_id', '=', ready.id).execute();
    expect(events.map((e) => e.status)).toContain('ready_to_dispatch');
    const notes = await t.db
      .selectFrom('notifications')
      .select('user_id')
      .where('type', '=', 'order_update')
      .where('title', 'ilike', '%ready to dispatch%')
      .execute();
    expect(notes.map((n) => n.user_id).sort()).toEqual([paid.buyer.user.id, owner.user.id].sort());

    const product = await t.db
      .selectFrom('products')
      .select(['listing_type', 'stock_quantity', 'crop_id'])
      .where('id', '=', created.body.id)
      .executeTakeFirstOrThrow();
    expect(product).toEqual({ listing_type: 'stock', stock_quantity: 44_800, crop_id: fx.crop.id });
    // A harvested crop is sold as stock, not pre-ordered again.
    await t.db.updateTable('products').set({ status: 'deleted' }).where('id', '=', created.body.id).execute();
    expect((await owner.post(url(), listingBody())).status).toBe(409);
  });
});

describe('a pre-order reads as one, and is agreed to before it is placed', () => {
  it('carries its harvest date on cards, the product and the cart; placing it needs the buyer’s agreement', async () => {
    const farmer = await newClient(t, { firstName: 'Achieng', lastName: 'Farmer' });
    const farm = await buildFarm(farmer);
    await farmer.patch(`/v1/crops/${farm.crop.id}`, { yieldPerHectare: 3, status: 'growing' });
    await makeSeller(t, farmer.user.id, 'Nakuru');
    const created = await farmer.post<SellerListing>(url(farm.crop.id), listingBody({ availableFrom: '2027-02-28', quantity: 25 }));
    expect(created.status).toBe(201);
    const id = created.body.id;

    const search = await t.request({ method: 'GET', url: '/v1/products?q=expected%20harvest&pageSize=48' });
    const card = search.json<{ body: { items: ProductSummary[] } }>().body.items.find((p) => p.id === id);
    expect(card).toMatchObject({ harvestExpected: '2027-02-28' });
    const page = await t.request({ method: 'GET', url: `/v1/products/${id}` });
    expect(page.json<{ body: ProductSummary }>().body.harvestExpected).toBe('2027-02-28');

    const buyer = await newClient(t);
    await t.request({ method: 'POST', url: '/v1/cart/items', headers: buyer.user.headers, payload: { productId: id, quantity: 5 } });
    const cart = await t.request({ method: 'GET', url: '/v1/cart', headers: buyer.user.headers });
    expect(cart.json<{ body: Cart }>().body.items).toEqual([expect.objectContaining({ productId: id, harvestExpected: '2027-02-28' })]);

    const place = (body: object) =>
      t.request({ method: 'POST', url: '/v1/orders', headers: { ...buyer.user.headers, 'idempotency-key': randomUUID() }, payload: body });
    for (const refused of [testCheckout(), testCheckout({ preorderAgreed: false })]) {
      const res = await place(refused);
      expect(res.statusCode).toBe(422);
      expect(res.json<{ header: { isSuccess: boolean; customerMessage: string } }>().header).toEqual({
        isSuccess: false,
        customerMessage: PREORDER_NOT_AGREED,
      });
    }
    // Nothing was taken: the stock and the cart are as they were.
    const stock = await t.db.selectFrom('products').select('stock_quantity').where('id', '=', id).executeTakeFirstOrThrow();
    expect(stock.stock_quantity).toBe(25);
    expect((await place(testCheckout({ preorderAgreed: true }))).statusCode).toBe(201);

    // Stock on hand needs no agreement. Ids are random: the pre-order itself may sort first, so skip it.
    const plain = (await orderableProducts(t.db, { count: 2 })).find((p) => p.id !== id);
    expect(plain).toBeDefined();
    const other = await t.request({
      method: 'POST',
      url: '/v1/orders',
      headers: { ...buyer.user.headers, 'idempotency-key': randomUUID() },
      payload: testCheckout({ items: [{ productId: plain!.id, quantity: 1 }] }),
    });
    expect(other.statusCode).toBe(201);
  });
});
