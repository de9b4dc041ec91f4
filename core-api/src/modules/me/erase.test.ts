import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Order } from '@shambasoko/contracts';
import type { SalesPage, SellerListing, SellerProfile } from '@shambasoko/contracts';
import { SANDBOX_CREDENTIALS, createPaymentsSandbox, type PaymentsSandbox } from '../../../sandbox/server';
import { buildApp } from '../../app';
import type { IdentityVerifier } from '../../auth/firebase';
import { createTestUser } from '../../testing/auth';
import { testCheckout } from '../../testing/orders';
import { type TestApp, type TestRequest, sendOverHttp, startTestApp } from '../../testing/test-app';
import { type Client, buildFarm, client } from '../farm/test-helpers';

// Issue 38, "Trust, round two": erasing an account closes what the person ran (their shop, their
// unpaid orders) and leaves alone what is not provably theirs (invitations to an unverified address).
// The identity provider is a stand-in that records what it was asked to delete.

let sandbox: PaymentsSandbox;
let t: TestApp;
let app: FastifyInstance;
const TOKEN = 'erase-test-callback-token-5d1c';
const providerDeleted: string[] = [];
let providerDown = false;
const verifier: IdentityVerifier = {
  verifyIdToken: () => Promise.reject(new Error('no sign-in in this file')),
  accountStatus: () => Promise.resolve('active'),
  emailExists: () => Promise.resolve(false),
  deleteUser: async (uid) => {
    if (providerDown) throw new Error('identity provider unreachable');
    providerDeleted.push(uid);
  },
};

const request = (r: TestRequest) => sendOverHttp(app, r);

beforeAll(async () => {
  sandbox = createPaymentsSandbox({ port: 0, host: '127.0.0.1' });
  const base = await sandbox.listen();
  t = await startTestApp({
    ORDER_RATE_LIMIT_PER_USER: '100',
    MPESA_BASE_URL: base,
    MPESA_CONSUMER_KEY: SANDBOX_CREDENTIALS.consumerKey,
    MPESA_CONSUMER_SECRET: SANDBOX_CREDENTIALS.consumerSecret,
  });
  app = await buildApp({ db: t.db, config: t.config, verifier });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  t.config.payments.mpesa!.callbackUrl = `http://127.0.0.1:${port}/v1/payments/mpesa/callback/${TOKEN}`;
}, 60_000);

afterAll(async () => {
  await app?.close();
  await t?.close();
  await sandbox?.close();
});

/** A terse client over this file's app (the one with the stand-in provider). */
async function person(fields: Parameters<typeof createTestUser>[2] = {}): Promise<Client> {
  const user = await createTestUser(t.db, t.config.jwtSecret, fields);
  return client({ ...t, request }, user);
}

const PROFILE = {
  businessName: 'Chebet Farm Fresh',
  county: 'Kericho',
  phone: '0712 345 678',
  whatsapp: '0722 000 111',
  pickupLocation: 'Kericho town, next to the market',
  description: 'Tea-country vegetables',
};

interface Shop {
  owner: Client;
  profile: SellerProfile;
  listing: SellerListing;
}

async function openShop(stock = 25): Promise<Shop> {
  const owner = await person({ firstName: 'Chebet', roles: ['Farmer'] });
  const profile = await owner.put<SellerProfile>('/v1/seller/profile', PROFILE);
  expect(profile.status).toBe(200);
  const listing = await owner.post<SellerListing>('/v1/seller/products', {
    title: `Passion fruit ${randomUUID().slice(0, 6)}`,
    category: 'crops',
    unit: 'crate',
    price: 1200,
    stock,
  });
  expect(listing.status).toBe(201);
  return { owner, profile: profile.body, listing: listing.body };
}

async function order(buyer: Client, productId: string, quantity: number, payment: object = { method: 'bank' }) {
  return request({
    method: 'POST',
    url: '/v1/orders',
    headers: { ...buyer.user.headers, 'idempotency-key': randomUUID() },
    payload: testCheckout({ items: [{ productId, quantity }], payment: payment as never }),
  });
}

async function placed(buyer: Client, productId: string, quantity: number, payment?: object): Promise<Order> {
  const res = await order(buyer, productId, quantity, payment);
  expect(res.statusCode).toBe(201);
  return res.json<{ body: Order }>().body;
}

const deleteAccount = (who: Client, headers: Record<string, string> = {}) =>
  request({ method: 'DELETE', url: '/v1/me', headers: { ...who.user.headers, ...headers }, payload: { confirmEmail: who.user.email } });
const stockOf = async (productId: string) =>
  (await t.db.selectFrom('products').select('stock_quantity').where('id', '=', productId).executeTakeFirstOrThrow()).stock_quantity;
const partsOf = (orderId: string) =>
  t.db.selectFrom('order_fulfilments').select(['status', 'cancel_reason']).where('order_id', '=', orderId).execute();
const orderStatus = async (orderId: string) =>
  (await t.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status;
const notices = (userId: string) =>
  t.db.selectFrom('notifications').select(['type', 'title', 'body']).where('user_id', '=', userId).orderBy('created_at').execute();
const sellerRow = (id: string) =>
  t.db
    .selectFrom('sellers')
    .select(['phone', 'whatsapp', 'pickup_location', 'email', 'description', 'user_id', 'closed_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const providerUid = async (who: Client) =>
  (await t.db.selectFrom('users').select('firebase_uid').where('id', '=', who.user.id).executeTakeFirstOrThrow()).firebase_uid;
const exists = async (userId: string) =>
  (await t.db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined;

describe('erasing a seller closes their shop (finding 1)', () => {
  it('pauses the listings, clears the contact details, takes the storefront down and cancels the unpaid orders, telling buyers in their language', async () => {
    const shop = await openShop(25);
    const buyer = await person({ firstName: 'Wanjiku', roles: ['Buyer'] });
    expect((await buyer.put('/v1/me/preferences', { ...DEFAULTS, language: 'sw' })).status).toBe(200);
    const unpaid = await placed(buyer, shop.listing.id, 3);
    expect(await stockOf(shop.listing.id)).toBe(22);
    const service = await shop.owner.post<SellerListing>('/v1/seller/products', {
      title: 'Tractor ploughing',
      category: 'services',
      unit: 'acre',
      price: 3000,
      stock: 10,
    });
    expect(service.status).toBe(201);
    const booking = await buyer.post<{ id: string }>(`/v1/products/${service.body.id}/service-requests`, {
      date: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
      place: 'Kericho, plot 4',
      note: '',
    });
    expect(booking.status).toBe(201);
    expect((await request({ method: 'GET', url: `/v1/sellers/${shop.profile.id}` })).statusCode).toBe(200);
    const uid = await providerUid(shop.owner);

    const res = await deleteAccount(shop.owner);
    expect(res.statusCode).toBe(200);

    expect(await exists(shop.owner.user.id)).toBe(false);
    expect(providerDeleted).toContain(uid);
    const statuses = await t.db.selectFrom('products').select(['id', 'status']).where('seller_id', '=', shop.profile.id).execute();
    expect(statuses.map((p) => p.status)).toEqual(['paused', 'paused']);
    const row = await sellerRow(shop.profile.id);
    expect(row).toMatchObject({ phone: '', whatsapp: null, pickup_location: '', email: '', description: '', user_id: null });
    expect(row.closed_at).toBeInstanceOf(Date);
    // The storefront, the product page and search no longer show the shop.
    expect((await request({ method: 'GET', url: `/v1/sellers/${shop.profile.id}` })).statusCode).toBe(404);
    expect((await request({ method: 'GET', url: `/v1/products/${shop.listing.id}` })).statusCode).toBe(404);
    const search = await request({ method: 'GET', url: `/v1/products?q=${encodeURIComponent(shop.listing.title)}` });
    expect(search.json<{ body: { items: Array<{ id: string }> } }>().body.items.map((p) => p.id)).not.toContain(shop.listing.id);
    expect(search.payload).not.toContain('+254712345678');
    // Nobody can order from it any more.
    const late = await order(buyer, shop.listing.id, 1);
    expect(late.statusCode).toBe(409);
    expect(late.json().header.customerMessage).toBe(`${shop.listing.title} is no longer available`);

    // The unpaid order is cancelled, its stock back, and the buyer told in Kiswahili.
    expect(await orderStatus(unpaid.id)).toBe('cancelled');
    expect(await partsOf(unpaid.id)).toEqual([{ status: 'cancelled', cancel_reason: 'The seller closed their shop.' }]);
    expect(await stockOf(shop.listing.id)).toBe(25);
    const told = (await notices(buyer.user.id)).filter((n) => n.type === 'order_update');
    expect(told).toEqual([
      {
        type: 'order_update',
        title: `Agizo ${unpaid.number}: Imeghairiwa`,
        body: 'Chebet Farm Fresh: Sehemu hii ya agizo lako imeghairiwa; bidhaa zimerudishwa kwenye hifadhi. Muuzaji amefunga duka lake.',
      },
    ]);
    // The open booking is declined and its requester told.
    const requests = await t.db.selectFrom('service_requests').select('status').where('id', '=', booking.body.id).executeTakeFirstOrThrow();
    expect(requests.status).toBe('declined');
    expect((await notices(buyer.user.id)).map((n) => n.type)).toContain('service_request');
  });

  it('refuses (409, naming the paid order, in the caller’s language) while a paid order is still to deliver, and changes nothing', async () => {
    const shop = await openShop(25);
    const buyer = await person({ roles: ['Buyer'] });
    const paid = await placed(buyer, shop.listing.id, 2);
    const unpaid = await placed(buyer, shop.listing.id, 1);
    const sales = await shop.owner.get<SalesPage>('/v1/seller/sales');
    const sale = sales.body.items.find((s) => s.orderId === paid.id)!;
    expect((await shop.owner.post(`/v1/seller/sales/${sale.id}/mark-paid`)).status).toBe(200);
    const deletedBefore = providerDeleted.length;

    const res = await deleteAccount(shop.owner);
    expect(res.statusCode).toBe(409);
    expect(res.json().header.customerMessage).toBe(
      `Your shop “Chebet Farm Fresh” has a paid order still to deliver (${paid.number}). Deliver or cancel it in Sales first, then delete your account.`,
    );
    const sw = await deleteAccount(shop.owner, { 'accept-language': 'sw' });
    expect(sw.statusCode).toBe(409);
    expect(sw.json().header.customerMessage).toBe(
      `Duka lako “Chebet Farm Fresh” lina agizo lililolipiwa ambalo bado halijawasilishwa (${paid.number}). Liwasilishe au ulighairi kwenye Mauzo kwanza, kisha ufute akaunti yako.`,
    );

    expect(await exists(shop.owner.user.id)).toBe(true);
    expect(providerDeleted).toHaveLength(deletedBefore);
    const row = await sellerRow(shop.profile.id);
    expect(row).toMatchObject({ phone: '+254712345678', whatsapp: '+254722000111', user_id: shop.owner.user.id, closed_at: null });
    expect((await t.db.selectFrom('products').select('status').where('id', '=', shop.listing.id).executeTakeFirstOrThrow()).status).toBe(
      'active',
    );
    expect(await orderStatus(unpaid.id)).toBe('pending_payment');
    expect(await stockOf(shop.listing.id)).toBe(22);
    expect((await request({ method: 'GET', url: `/v1/sellers/${shop.profile.id}` })).statusCode).toBe(200);

    // Delivered, the sale is over: the shop may close.
    for (const step of ['accept', 'dispatch', 'deliver']) {
      expect((await shop.owner.post(`/v1/seller/sales/${sale.id}/${step}`, step === 'dispatch' ? { note: '' } : {})).status).toBe(200);
    }
    expect((await deleteAccount(shop.owner)).statusCode).toBe(200);
    expect(await orderStatus(paid.id)).toBe('delivered');
    expect(await orderStatus(unpaid.id)).toBe('cancelled');
  });
});

const DEFAULTS = {
  language: 'en',
  areaUnit: 'acres',
  notifications: { orderUpdates: true, taskAssignments: true, paymentUpdates: true },
} as const;

describe('erasing a buyer cancels their unpaid orders (finding 15)', () => {
  it('cancels the M-Pesa order, returns its stock and tells the seller; the prompt paid later is flagged, not credited', async () => {
    const shop = await openShop(25);
    const buyer = await person({ firstName: 'Late', roles: ['Buyer'] });
    const admin = await person({ roles: ['Admin'] });
    const unpaid = await placed(buyer, shop.listing.id, 4, { method: 'mpesa', phone: '0712 345 678' });
    expect(await stockOf(shop.listing.id)).toBe(21);
    const prompt = sandbox.prompts().find((p) => p.accountReference === unpaid.number);
    expect(prompt).toBeDefined();

    expect((await deleteAccount(buyer)).statusCode).toBe(200);
    expect(await orderStatus(unpaid.id)).toBe('cancelled');
    expect(await partsOf(unpaid.id)).toEqual([{ status: 'cancelled', cancel_reason: 'The buyer deleted their account.' }]);
    expect(await stockOf(shop.listing.id)).toBe(25);
    expect((await notices(shop.owner.user.id)).filter((n) => n.title === `Sale ${unpaid.number}: Cancelled`)).toEqual([
      {
        type: 'order_update',
        title: `Sale ${unpaid.number}: Cancelled`,
        body: `Order ${unpaid.number} is now cancelled. The buyer deleted their account.`,
      },
    ]);

    // The buyer enters their PIN after all: the money is flagged for an Admin, the order stays cancelled.
    await sandbox.answer(prompt!.checkoutRequestId, 'accept');
    let payment: { status: string; flag_reason: string | null } | undefined;
    for (let i = 0; i < 50 && payment?.status !== 'flagged'; i += 1) {
      await new Promise((r) => setTimeout(r, 100));
      payment = await t.db.selectFrom('payments').select(['status', 'flag_reason']).where('order_id', '=', unpaid.id).executeTakeFirst();
    }
    expect(payment).toEqual({ status: 'flagged', flag_reason: expect.stringMatching(/after the order was cancelled$/) });
    expect(await orderStatus(unpaid.id)).toBe('cancelled');
    expect((await partsOf(unpaid.id)).map((p) => p.status)).toEqual(['cancelled']);
    expect((await notices(admin.user.id)).map((n) => n.title)).toContain(`Payment flagged on order ${unpaid.number}`);
  });
});

describe('erasing a reviewer', () => {
  it('takes their name off the product page at once, though the page was kept in memory', async () => {
    const shop = await openShop(25);
    const buyer = await person({ firstName: 'Wanjiku', lastName: 'Mwangi', roles: ['Buyer'] });
    await t.db
      .insertInto('reviews')
      .values({ product_id: shop.listing.id, user_id: buyer.user.id, reviewer_name: 'Wanjiku M.', rating: 4, comment: 'Sweet and fresh' })
      .execute();
    const page = async () => (await request({ method: 'GET', url: `/v1/products/${shop.listing.id}` })).payload;
    // Read twice: the second read is kept (a URL asked for once is not).
    await page();
    expect(await page()).toContain('Wanjiku M.');

    expect((await deleteAccount(buyer)).statusCode).toBe(200);
    const after = await page();
    expect(after).not.toContain('Wanjiku M.');
    expect(after).toContain('Former customer');
  });
});

describe('invitations to an e-mail address (finding 7)', () => {
  async function invite(owner: Client, farmId: string, email: string) {
    const res = await owner.post<{ id: string }>(`/v1/farms/${farmId}/users`, {
      name: 'Invited Person',
      email,
      phone: '+254 733 444 555',
      role: 'Farm Manager',
    });
    expect(res.status).toBe(201);
    return res.body.id;
  }
  const membership = (id: string) => t.db.selectFrom('farm_members').select(['id', 'status']).where('id', '=', id).executeTakeFirst();

  it('an unverified account with the invited address neither reads the invitation in its export nor deletes it', async () => {
    const owner = await person({ firstName: 'Owner' });
    const { farm } = await buildFarm(owner, 'Squatted Shamba');
    const email = `invitee-${randomUUID().slice(0, 8)}@example.co.ke`;
    const squatter = await person({ email, emailVerified: false });
    const invitation = await invite(owner, farm.id, email);

    const exported = await request({ method: 'GET', url: '/v1/me/export', headers: squatter.user.headers });
    expect(exported.statusCode).toBe(200);
    expect(exported.json<{ body: { farmMemberships: unknown[] } }>().body.farmMemberships).toEqual([]);
    for (const secret of [farm.id, 'Squatted Shamba', '733 444 555', invitation]) expect(exported.payload).not.toContain(secret);

    expect((await deleteAccount(squatter)).statusCode).toBe(200);
    expect(await membership(invitation)).toEqual({ id: invitation, status: 'invited' });
    expect((await notices(owner.user.id)).map((n) => n.type)).not.toContain('farm_member_left');
  });

  it('a verified invitee sees the invitation, and erasing withdraws it and tells the Owner; a member leaving is told too', async () => {
    const owner = await person({ firstName: 'Owner' });
    const { farm } = await buildFarm(owner, 'Proper Shamba');
    const email = `invitee-${randomUUID().slice(0, 8)}@example.co.ke`;
    const invitation = await invite(owner, farm.id, email);
    const invitee = await person({ email, emailVerified: true });
    const exported = await request({ method: 'GET', url: '/v1/me/export', headers: invitee.user.headers });
    expect(exported.json<{ body: { farmMemberships: unknown[] } }>().body.farmMemberships).toEqual([
      expect.objectContaining({ id: invitation, farmId: farm.id, farmName: 'Proper Shamba', status: 'invited', phone: '+254 733 444 555' }),
    ]);
    expect((await deleteAccount(invitee)).statusCode).toBe(200);
    expect(await membership(invitation)).toBeUndefined();

    const member = await person({ firstName: 'Member' });
    const added = await owner.post<{ id: string }>(`/v1/farms/${farm.id}/users`, {
      name: 'Member Person',
      email: member.user.email,
      phone: '+254 711 222 333',
      role: 'Viewer',
    });
    expect(added.status).toBe(201);
    expect((await deleteAccount(member)).statusCode).toBe(200);
    expect(await membership(added.body.id)).toBeUndefined();
    expect((await notices(owner.user.id)).filter((n) => n.type === 'farm_member_left')).toEqual([
      {
        type: 'farm_member_left',
        title: 'Invitation to Proper Shamba ended',
        body: 'Invited Person deleted their ShambaSoko account, so the invitation to Proper Shamba has ended.',
      },
      {
        type: 'farm_member_left',
        title: 'A user left Proper Shamba',
        body: 'Member Person deleted their ShambaSoko account, so their access to Proper Shamba has ended.',
      },
    ]);
  });
});

describe('the identity provider is asked after the commit', () => {
  it('erases the account even when the provider cannot be reached', async () => {
    const leaving = await person();
    const uid = await providerUid(leaving);
    providerDown = true;
    try {
      expect((await deleteAccount(leaving)).statusCode).toBe(200);
    } finally {
      providerDown = false;
    }
    expect(await exists(leaving.user.id)).toBe(false);
    expect(providerDeleted).not.toContain(uid);
  });
});
