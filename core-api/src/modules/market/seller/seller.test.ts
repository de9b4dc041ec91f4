import type { PublicProduct, ProductSearchResult } from '@shambasoko/contracts';
import type { InventoryPage, SellerListing, SellerListingPage, SellerProfile, PublicStorefront } from '@shambasoko/contracts';
import { SEED_SELLERS } from '../../../../seed/market/sellers';
import { createTestUser, issueTestToken, type TestUser } from '../../../testing/auth';
import type { TestApp, TestRequest, TestResponse } from '../../../testing/test-app';
import { useTestApp } from '../../../testing/use-test-app';

let t: TestApp;
useTestApp((app) => (t = app));

const send = (who: TestUser | null, request: TestRequest) =>
  t.request({ ...request, headers: { ...(who ? who.headers : {}), ...request.headers } });
const messageOf = (res: TestResponse) => res.json().header.customerMessage;
function bodyOf<T>(res: TestResponse, status = 200): T {
  expect({ status: res.statusCode, message: messageOf(res) }).toEqual({ status, message: expect.any(String) });
  return res.json<{ body: T }>().body;
}

const PROFILE = {
  businessName: 'Chebet Farm Fresh',
  county: 'Kericho',
  phone: '0712 345 678',
  whatsapp: '',
  pickupLocation: 'Kericho town, next to the market',
  description: 'Tea-country vegetables',
};
const LISTING = { title: 'Purple passion fruit', category: 'crops', unit: 'crate', price: 1200, stock: 25 };

async function seller(fields: Partial<typeof PROFILE> = {}): Promise<{ user: TestUser; profile: SellerProfile }> {
  const user = await createTestUser(t.db, t.config.jwtSecret, { roles: ['Farmer'] });
  const profile = bodyOf<SellerProfile>(await send(user, { method: 'PUT', url: '/v1/seller/profile', payload: { ...PROFILE, ...fields } }));
  return { user, profile };
}
async function list(user: TestUser, fields: Record<string, unknown> = {}): Promise<SellerListing> {
  return bodyOf<SellerListing>(await send(user, { method: 'POST', url: '/v1/seller/products', payload: { ...LISTING, ...fields } }), 201);
}
const search = async (q: string): Promise<ProductSearchResult> =>
  bodyOf<ProductSearchResult>(await send(null, { method: 'GET', url: `/v1/products?q=${encodeURIComponent(q)}` }));

describe('seller profile', () => {
  it('is null until the account becomes a seller, then holds what was saved', async () => {
    const user = await createTestUser(t.db, t.config.jwtSecret, { roles: ['Supplier'] });
    expect(bodyOf(await send(user, { method: 'GET', url: '/v1/seller/profile' }))).toEqual({ profile: null });
    const saved = bodyOf<SellerProfile>(
      await send(user, { method: 'PUT', url: '/v1/seller/profile', payload: { ...PROFILE, kind: 'supplier' } }),
    );
    expect(saved).toMatchObject({
      businessName: 'Chebet Farm Fresh',
      kind: 'supplier',
      county: 'Kericho',
      phone: '+254712345678',
      whatsapp: null,
      verified: false,
      memberSince: String(new Date().getUTCFullYear()),
    });
    expect(bodyOf(await send(user, { method: 'GET', url: '/v1/seller/profile' }))).toEqual({ profile: saved });
    const edited = bodyOf<SellerProfile>(
      await send(user, { method: 'PUT', url: '/v1/seller/profile', payload: { ...PROFILE, whatsapp: '+254 722 000 111' } }),
    );
    expect(edited).toMatchObject({ id: saved.id, whatsapp: '+254722000111' });
  });

  it('needs the Farmer, Supplier or Retailer role, checked on the server', async () => {
    const buyer = await createTestUser(t.db, t.config.jwtSecret, { roles: ['Buyer'] });
    const res = await send(buyer, { method: 'PUT', url: '/v1/seller/profile', payload: PROFILE });
    expect(res.statusCode).toBe(403);
    expect(messageOf(res)).toBe('This needs the Farmer, Supplier or Retailer role. Add one in Profile Settings.');
    const post = await send(buyer, { method: 'POST', url: '/v1/seller/products', payload: LISTING });
    expect(post.statusCode).toBe(403);
  });

  it('names the field that is wrong', async () => {
    const user = await createTestUser(t.db, t.config.jwtSecret);
    const res = await send(user, { method: 'PUT', url: '/v1/seller/profile', payload: { ...PROFILE, county: 'Atlantis', phone: '123' } });
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toContain('county: must be one of the 47 counties');
    expect(messageOf(res)).toContain('phone: must be a Kenyan phone number');
  });

  it('answers 404 on seller routes before there is a profile, 401 to a stranger', async () => {
    const user = await createTestUser(t.db, t.config.jwtSecret);
    const res = await send(user, { method: 'GET', url: '/v1/seller/products' });
    expect(res.statusCode).toBe(404);
    expect(messageOf(res)).toBe('Seller profile not found');
    expect((await send(null, { method: 'GET', url: '/v1/seller/profile' })).statusCode).toBe(401);
  });
});

describe('listings', () => {
  it('creates a listing in the seller county with the unit in words, findable by search at once', async () => {
    const { user, profile } = await seller();
    await search('passion fruit'); // warm the catalog cache
    const listing = await list(user);
    expect(listing).toMatchObject({
      title: 'Purple passion fruit',
      unit: 'crate',
      unitLabel: 'per crate',
      stock: 25,
      minOrder: 1,
      status: 'active',
      photos: [],
      reserved: 0,
    });
    const found = await search('passion fruit');
    const card = found.items.find((p) => p.id === listing.id);
    expect(card).toMatchObject({ location: 'Kericho', unit: 'per crate', seller: { id: profile.id, name: 'Chebet Farm Fresh' } });
    const row = await t.db
      .selectFrom('products')
      .select(['slug', 'county', 'unit_code'])
      .where('id', '=', listing.id)
      .executeTakeFirstOrThrow();
    expect(row.slug).toMatch(/^purple-passion-fruit-[0-9a-f]{10}$/);
  });

  it('edits, pauses (gone from the catalog) and deletes (gone everywhere)', async () => {
    const { user } = await seller();
    const listing = await list(user, { title: 'Kienyeji eggs tray' });
    const url = `/v1/seller/products/${listing.id}`;
    bodyOf<PublicProduct>(await send(null, { method: 'GET', url: `/v1/products/${listing.id}` }));
    const edited = bodyOf<SellerListing>(await send(user, { method: 'PATCH', url, payload: { price: 450, unit: 'piece' } }));
    expect(edited).toMatchObject({ price: 450, unitLabel: 'per piece' });
    expect(bodyOf<PublicProduct>(await send(null, { method: 'GET', url: `/v1/products/${listing.id}` })).price).toBe(450);

    bodyOf(await send(user, { method: 'PATCH', url, payload: { status: 'paused' } }));
    expect((await send(null, { method: 'GET', url: `/v1/products/${listing.id}` })).statusCode).toBe(404);
    expect((await search('kienyeji eggs')).items.map((p) => p.id)).not.toContain(listing.id);
    const paused = bodyOf<SellerListingPage>(await send(user, { method: 'GET', url: '/v1/seller/products?status=paused' }));
    expect(paused.items.map((p) => p.id)).toEqual([listing.id]);

    bodyOf(await send(user, { method: 'PATCH', url, payload: { status: 'active' } }));
    expect((await search('kienyeji eggs')).items.map((p) => p.id)).toContain(listing.id);
    bodyOf(await send(user, { method: 'DELETE', url }));
    expect((await send(user, { method: 'GET', url })).statusCode).toBe(404);
    expect((await search('kienyeji eggs')).items.map((p) => p.id)).not.toContain(listing.id);
    expect(bodyOf<SellerListingPage>(await send(user, { method: 'GET', url: '/v1/seller/products' })).total).toBe(0);
    const row = await t.db.selectFrom('products').select(['status', 'deleted_at']).where('id', '=', listing.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('deleted');
    expect(row.deleted_at).toBeInstanceOf(Date);
  });

  it('lists newest-updated first and filters by words, status and stock', async () => {
    const { user } = await seller();
    const a = await list(user, { title: 'Sukuma wiki bunch', stock: 0 });
    const b = await list(user, { title: 'Spinach bunch', stock: 5 });
    const c = await list(user, { title: 'Avocado Hass', stock: 300 });
    const page = (q: string) => send(user, { method: 'GET', url: `/v1/seller/products${q}` }).then((r) => bodyOf<SellerListingPage>(r));
    expect((await page('')).items.map((p) => p.id)).toEqual([c.id, b.id, a.id]);
    expect((await page('?q=bunch')).items.map((p) => p.id)).toEqual([b.id, a.id]);
    expect((await page('?stock=out')).items.map((p) => p.id)).toEqual([a.id]);
    expect((await page('?stock=low')).items.map((p) => p.id)).toEqual([b.id]);
    expect((await page('?stock=in')).items.map((p) => p.id)).toEqual([c.id, b.id]);
    expect((await page('?status=paused')).total).toBe(0);
    expect((await send(user, { method: 'GET', url: '/v1/seller/products?stock=many' })).statusCode).toBe(400);
  });

  it('refuses bad listing fields with a message per field', async () => {
    const { user } = await seller();
    const res = await send(user, { method: 'POST', url: '/v1/seller/products', payload: { ...LISTING, price: 0, unit: 'tonne' } });
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toContain('price: must be at least Ksh\u00a01');
    expect(messageOf(res)).toContain('unit: must be one of');
  });
});

describe('stock adjustments', () => {
  it('moves stock with a reason, keeps a history and refuses to go below 0', async () => {
    const { user } = await seller();
    const listing = await list(user, { title: 'Irish potatoes Shangi', unit: 'bag_90kg', stock: 4 });
    const url = `/v1/seller/products/${listing.id}/stock-adjustments`;
    const down = bodyOf<{ stockAfter: number }>(
      await send(user, { method: 'POST', url, payload: { delta: -4, reason: 'damaged', note: 'rain' } }),
      201,
    );
    expect(down).toMatchObject({
      productId: listing.id,
      productTitle: 'Irish potatoes Shangi',
      delta: -4,
      reason: 'damaged',
      note: 'rain',
      stockAfter: 0,
    });
    const refused = await send(user, { method: 'POST', url, payload: { delta: -1, reason: 'lost' } });
    expect(refused.statusCode).toBe(409);
    expect(messageOf(refused)).toBe('Stock cannot go below 0');
    // Out of stock ranks after in-stock ones, and the search sees the change at once.
    expect((await search('shangi')).items.find((p) => p.id === listing.id)?.inStock).toBe(false);
    bodyOf(await send(user, { method: 'POST', url, payload: { delta: 10, reason: 'restock' } }), 201);
    expect((await search('shangi')).items.find((p) => p.id === listing.id)?.stockQuantity).toBe(10);
    const history = bodyOf<InventoryPage>(await send(user, { method: 'GET', url: '/v1/seller/inventory' }));
    expect(history.items.map((a) => [a.delta, a.stockAfter])).toEqual([
      [10, 10],
      [-4, 0],
    ]);
    expect(history.items[0]!.by).toEqual(expect.any(String));
    expect(bodyOf<InventoryPage>(await send(user, { method: 'GET', url: `/v1/seller/inventory?productId=${listing.id}` })).total).toBe(2);
  });
});

describe('catalog order', () => {
  it('ranks out-of-stock listings after in-stock ones for every sort', async () => {
    const { user } = await seller();
    const gone = await list(user, { title: 'Zebrafruit rare', price: 1, stock: 0 });
    const there = await list(user, { title: 'Zebrafruit common', price: 9000, stock: 3 });
    for (const sort of ['relevance', 'price_asc', 'price_desc', 'rating', 'newest']) {
      const res = await send(null, { method: 'GET', url: `/v1/products?q=zebrafruit&sort=${sort}` });
      expect(bodyOf<ProductSearchResult>(res).items.map((p) => p.id)).toEqual([there.id, gone.id]);
    }
  });
});

describe('storefront and verification', () => {
  it('shows a seller profile and active listings, in stock first', async () => {
    const { user, profile } = await seller({ businessName: 'Kibet Greens' });
    const out = await list(user, { title: 'Kale seedlings', stock: 0 });
    const inStock = await list(user, { title: 'Onion seedlings', stock: 50 });
    const paused = await list(user, { title: 'Paused seedlings', status: 'paused' });
    const front = bodyOf<PublicStorefront>(await send(null, { method: 'GET', url: `/v1/sellers/${profile.id}` }));
    expect(front.seller).toMatchObject({ id: profile.id, businessName: 'Kibet Greens', county: 'Kericho' });
    expect(front.products.map((p) => p.id)).toEqual([inStock.id, out.id]);
    expect(front.products.map((p) => p.id)).not.toContain(paused.id);
    expect((await send(null, { method: 'GET', url: '/v1/sellers/not-a-seller' })).statusCode).toBe(404);
  });

  it('lets an Admin set the verified badge, and no one else', async () => {
    const { user, profile } = await seller();
    const url = `/v1/admin/sellers/${profile.id}/verified`;
    expect((await send(user, { method: 'PUT', url, payload: { verified: true } })).statusCode).toBe(403);
    const admin = await createTestUser(t.db, t.config.jwtSecret, { roles: ['Admin'] });
    expect(bodyOf<SellerProfile>(await send(admin, { method: 'PUT', url, payload: { verified: true } })).verified).toBe(true);
    const row = await t.db
      .selectFrom('sellers')
      .select(['verified_at', 'verified_by'])
      .where('id', '=', profile.id)
      .executeTakeFirstOrThrow();
    expect(row.verified_by).toBe(admin.id);
    expect(bodyOf<PublicStorefront>(await send(null, { method: 'GET', url: `/v1/sellers/${profile.id}` })).seller.verified).toBe(true);
  });
});

describe('isolation', () => {
  it('another seller gets 404 on every route of my listing and sees none of mine; a stranger gets 401', async () => {
    const { user: owner } = await seller();
    const { user: other } = await seller({ businessName: 'Other shop' });
    const mine = await list(owner, { title: 'Owner only maize' });
    bodyOf(
      await send(owner, {
        method: 'POST',
        url: `/v1/seller/products/${mine.id}/stock-adjustments`,
        payload: { delta: 1, reason: 'restock' },
      }),
      201,
    );
    const [photoRow] = await t.db
      .insertInto('product_images')
      .values({ product_id: mine.id, path: 'products/placeholder.svg' })
      .returning('id')
      .execute();
    const base = `/v1/seller/products/${mine.id}`;
    const routes: TestRequest[] = [
      { method: 'GET', url: base },
      { method: 'PATCH', url: base, payload: { price: 1 } },
      { method: 'DELETE', url: base },
      { method: 'POST', url: `${base}/photos`, payload: Buffer.from('x'), headers: { 'content-type': 'image/jpeg' } },
      { method: 'DELETE', url: `${base}/photos/${photoRow!.id}` },
      { method: 'POST', url: `${base}/stock-adjustments`, payload: { delta: -1, reason: 'lost' } },
    ];
    for (const route of routes) {
      const res = await send(other, route);
      expect({ route: `${route.method} ${route.url}`, status: res.statusCode, message: messageOf(res) }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 404,
        message: 'Product not found',
      });
      expect((await send(null, route)).statusCode).toBe(401);
    }
    expect(bodyOf<SellerListingPage>(await send(other, { method: 'GET', url: '/v1/seller/products' })).total).toBe(0);
    expect(bodyOf<InventoryPage>(await send(other, { method: 'GET', url: '/v1/seller/inventory' })).total).toBe(0);
    expect(bodyOf<InventoryPage>(await send(other, { method: 'GET', url: `/v1/seller/inventory?productId=${mine.id}` })).total).toBe(0);
    // Still there, unchanged, for its owner.
    expect(bodyOf<SellerListing>(await send(owner, { method: 'GET', url: base })).stock).toBe(26);
  });
});

describe('seeded sellers', () => {
  it('each has an account with a seller role that can manage its seeded products', async () => {
    const rows = await t.db
      .selectFrom('sellers')
      .innerJoin('users', 'users.id', 'sellers.user_id')
      .select(['sellers.id', 'sellers.slug', 'users.id as user_id', 'users.email'])
      .where('users.firebase_uid', 'like', 'seed:seller-%')
      .execute();
    expect(rows.map((r) => r.slug).sort()).toEqual(SEED_SELLERS.map((s) => s.slug).sort());
    const kiambu = rows.find((r) => r.slug === 'kiambu-fresh-produce')!;
    expect(kiambu.email).toBe('kiambu-fresh@sellers.shambasoko.co.ke');
    const token = await issueTestToken(t.db, t.config.jwtSecret, kiambu.user_id);
    const res = await t.request({ method: 'GET', url: '/v1/seller/products', headers: { authorization: `Bearer ${token}` } });
    expect(bodyOf<SellerListingPage>(res).total).toBeGreaterThan(0);
    const roles = await t.db.selectFrom('account_roles').select('role').where('user_id', '=', kiambu.user_id).execute();
    expect(roles.map((r) => r.role)).toContain('Farmer');
  });
});

describe('create answer', () => {
  it('answers what GET answers for a new listing', async () => {
    const { user } = await seller();
    const created = await list(user, { description: 'Fresh', weightKg: 2.5, delivery: { pickup: true, delivery: false } });
    expect(bodyOf<SellerListing>(await send(user, { method: 'GET', url: `/v1/seller/products/${created.id}` }))).toEqual(created);
  });
});
