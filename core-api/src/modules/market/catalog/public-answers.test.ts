import { randomUUID } from 'node:crypto';
import type { Order } from '@shambasoko/contracts';
import type { SellerListing, SellerProfile } from '@shambasoko/contracts';
import { createTestUser, type TestUser } from '../../../testing/auth';
import { testCheckout } from '../../../testing/orders';
import type { TestApp, TestRequest, TestResponse } from '../../../testing/test-app';
import { useTestApp } from '../../../testing/use-test-app';

// Nothing private on public answers (issue 38): every route anyone may call without signing in is
// read after a seller has set up shop, and no answer may carry an e-mail address or a phone number
// other than the business phone and WhatsApp the seller chose to publish on their profile.

let t: TestApp;
let seller: TestUser;
let profile: SellerProfile;
let listing: SellerListing;

const LOGIN_EMAIL = `chebet.login.${randomUUID().slice(0, 8)}@private-mail.example`;
const ACCOUNT_PHONE = '+254799888777';
const BUSINESS_PHONE = '+254722333444';
const WHATSAPP = '+254733555666';

const send = (who: TestUser | null, request: TestRequest) =>
  t.request({ ...request, headers: { ...(who ? who.headers : {}), ...request.headers } });
function bodyOf<T>(res: TestResponse, status = 200): T {
  expect([res.statusCode, res.payload.slice(0, 200)]).toEqual([status, expect.any(String)]);
  return res.json<{ body: T }>().body;
}

useTestApp(async (app) => {
  t = app;
  seller = await createTestUser(t.db, t.config.jwtSecret, { email: LOGIN_EMAIL, firstName: 'Chebet', lastName: 'Koech' });
  await t.db.updateTable('users').set({ msisdn: ACCOUNT_PHONE }).where('id', '=', seller.id).execute();
  profile = bodyOf<SellerProfile>(
    await send(seller, {
      method: 'PUT',
      url: '/v1/seller/profile',
      payload: {
        businessName: 'Chebet Highland Greens',
        county: 'Kericho',
        phone: '0722 333 444',
        whatsapp: '0733 555 666',
        pickupLocation: 'Kericho town, next to the market',
        description: 'Tea-country vegetables',
      },
    }),
  );
  listing = bodyOf<SellerListing>(
    await send(seller, {
      method: 'POST',
      url: '/v1/seller/products',
      payload: { title: 'Highland purple passion fruit', category: 'crops', unit: 'crate', price: 1200, stock: 25 },
    }),
    201,
  );
  // On the featured list too, and reviewed by a real buyer, so every kind of answer shows this seller.
  await t.db.updateTable('products').set({ featured: true }).where('id', '=', listing.id).execute();
  const buyer = await createTestUser(t.db, t.config.jwtSecret, { firstName: 'Wanjiku', lastName: 'Mwangi', roles: ['Buyer'] });
  const order = bodyOf<Order>(
    await send(buyer, {
      method: 'POST',
      url: '/v1/orders',
      headers: { 'idempotency-key': randomUUID() },
      payload: testCheckout({ items: [{ productId: listing.id, quantity: 1 }] }),
    }),
    201,
  );
  bodyOf(await send(seller, { method: 'POST', url: `/v1/seller/sales/${order.fulfilments[0]!.id}/mark-paid`, payload: {} }));
  bodyOf(
    await send(buyer, { method: 'POST', url: `/v1/products/${listing.id}/reviews`, payload: { rating: 5, comment: 'Sweet and fresh' } }),
    201,
  );
});

interface Operation {
  security?: unknown[];
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
type OpenApi = { paths: Record<string, Record<string, Operation>> };

const isDocs = (path: string) => path === '/v1/openapi.json' || path.startsWith('/v1/docs');

/** Values for the path parameters of anonymous routes; a new anonymous route with parameters needs one here. */
const pathValues = (): Record<string, string> => ({
  '/v1/products/{id}': `/v1/products/${listing.id}`,
  '/v1/sellers/{id}': `/v1/sellers/${profile.id}`,
  // Prices need a kind (400 without one).
  '/v1/market/prices': '/v1/market/prices?kind=maize&county=Kericho',
  '/v1/market/prices/series': '/v1/market/prices/series?kind=maize&county=Kericho',
  '/v1/market/prices/products/{id}': `/v1/market/prices/products/${listing.id}`,
  // Suggestions need their text: one that names the shop and its listing.
  '/v1/search/suggest': `/v1/search/suggest?q=${encodeURIComponent('chebet')}`,
});

/** More addresses of the same routes: a search that finds the listing, and the seller's county. */
const extraUrls = () => [
  `/v1/products?q=${encodeURIComponent('purple passion fruit')}`,
  '/v1/products?county=Kericho&pageSize=48',
  '/v1/products?category=crops&sort=newest&pageSize=48',
  `/v1/search/suggest?q=${encodeURIComponent('purple passion')}`,
];

const EMAIL_SHAPED = /[\w.+-]+@[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}/gi;
/** A Kenyan mobile number in any usual spelling: +254 7.., 254.., 07.., 01.., with spaces or dashes. */
// Not inside a longer word: a random UUID's hex (…a0172285267b…) is no phone number (a false leak in one CI run).
const PHONE_SHAPED = /(?<![\w+])(?:\+?254|0)[\s-]?[17]\d{2}[\s-]?\d{3}[\s-]?\d{3}(?!\w)/g;
const phoneDigits = (text: string) => {
  const digits = text.replace(/\D/g, '');
  return digits.startsWith('0') ? `254${digits.slice(1)}` : digits;
};

/** What is wrong with one anonymous answer ([] when nothing). */
function leaksIn(url: string, payload: string): string[] {
  const allowed = new Set([BUSINESS_PHONE, WHATSAPP].map(phoneDigits));
  const leaks: string[] = [];
  if (payload.toLowerCase().includes(LOGIN_EMAIL)) leaks.push(`${url}: the seller's sign-in e-mail`);
  for (const [email] of payload.matchAll(EMAIL_SHAPED)) leaks.push(`${url}: e-mail ${email}`);
  for (const [phone] of payload.matchAll(PHONE_SHAPED))
    if (!allowed.has(phoneDigits(phone))) leaks.push(`${url}: phone ${phone} is not the seller's published business phone`);
  return leaks;
}

async function openApi(): Promise<OpenApi> {
  return bodyOfRaw<OpenApi>(await t.request({ method: 'GET', url: '/v1/openapi.json' }));
}
function bodyOfRaw<T>(res: TestResponse): T {
  expect(res.statusCode).toBe(200);
  return res.json<T>();
}

/** Every property name anywhere in a JSON schema. */
function keysOf(schema: unknown, into: string[] = []): string[] {
  if (Array.isArray(schema)) for (const item of schema) keysOf(item, into);
  else if (typeof schema === 'object' && schema !== null) {
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'properties' && typeof value === 'object' && value !== null) into.push(...Object.keys(value));
      keysOf(value, into);
    }
  }
  return into;
}

describe('anonymous answers after a seller set up shop', () => {
  it('the sign-in e-mail and the account phone are really there to leak (the test can fail)', async () => {
    const row = await t.db
      .selectFrom('sellers')
      .select(['email', 'phone', 'whatsapp'])
      .where('id', '=', profile.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ email: LOGIN_EMAIL, phone: BUSINESS_PHONE, whatsapp: WHATSAPP });
    expect(leaksIn('sample', JSON.stringify({ email: LOGIN_EMAIL, phone: '0799 888 777' }))).toHaveLength(3);
  });

  it('no GET anyone may call answers an e-mail, or a phone other than the business phone and WhatsApp the seller published', async () => {
    const document = await openApi();
    const values = pathValues();
    const walked: string[] = [];
    const unwalked: string[] = [];
    const leaks: string[] = [];
    const read = async (url: string) => {
      const res = await t.request({ method: 'GET', url });
      walked.push(url);
      if (res.statusCode === 200 && /json/.test(String(res.headers['content-type']))) leaks.push(...leaksIn(url, res.payload));
      else if (res.statusCode !== 200) leaks.push(`${url}: answered ${res.statusCode}`);
    };
    for (const [path, operations] of Object.entries(document.paths)) {
      const get = operations.get;
      if (!get || isDocs(path)) continue;
      const json = Object.keys(get.responses['200']?.content ?? {}).some((type) => type.includes('json'));
      if (!json) continue; // pictures and other files carry no seller data
      if (!path.includes('{')) {
        const url = values[path] ?? path;
        const res = await t.request({ method: 'GET', url });
        if (res.statusCode !== 401) await read(url);
        continue;
      }
      // A route that answers a made-up id with anything but 401 is open to anyone: it needs a real value.
      const probe = await t.request({ method: 'GET', url: path.replace(/\{[^}]+\}/g, 'x') });
      if (probe.statusCode === 401) continue;
      if (values[path] === undefined) unwalked.push(path);
      else await read(values[path]);
    }
    for (const url of extraUrls()) await read(url);

    expect(unwalked).toEqual([]);
    expect(walked).toEqual(
      expect.arrayContaining([
        '/v1/products',
        '/v1/products/featured',
        `/v1/products/${listing.id}`,
        `/v1/sellers/${profile.id}`,
        ...extraUrls(),
      ]),
    );
    expect(leaks).toEqual([]);
  });

  it('still shows what the seller published: business phone and WhatsApp on the product page and storefront, and the review', async () => {
    const product = bodyOf<{ seller: Record<string, unknown>; reviewsList: unknown[] }>(
      await t.request({ method: 'GET', url: `/v1/products/${listing.id}` }),
    );
    expect(product.seller).toMatchObject({ id: profile.id, name: 'Chebet Highland Greens', phone: BUSINESS_PHONE, whatsapp: WHATSAPP });
    expect(product.reviewsList).toEqual([expect.objectContaining({ user: 'Wanjiku M.', verified: true })]);
    const store = bodyOf<{ seller: Record<string, unknown> }>(await t.request({ method: 'GET', url: `/v1/sellers/${profile.id}` }));
    expect(store.seller).toMatchObject({ phone: BUSINESS_PHONE, whatsapp: WHATSAPP, pickupLocation: 'Kericho town, next to the market' });
    // The seller's own profile keeps its private shape for the seller themself.
    const own = bodyOf<{ profile: SellerProfile }>(await send(seller, { method: 'GET', url: '/v1/seller/profile' }));
    expect(own.profile).toMatchObject({ id: profile.id, phone: BUSINESS_PHONE, whatsapp: WHATSAPP });
  });

  it('the documented answer of every route open to anyone has no e-mail key', async () => {
    const document = await openApi();
    const found: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const open =
          operation.security !== undefined &&
          (operation.security.length === 0 || operation.security.some((s) => Object.keys(s as object).length === 0));
        if (!open || isDocs(path)) continue;
        for (const response of Object.values(operation.responses))
          for (const media of Object.values(response.content ?? {}))
            for (const key of keysOf(media.schema)) if (/e-?mail/i.test(key)) found.push(`${method.toUpperCase()} ${path}: ${key}`);
      }
    }
    // Sign-up and sign-in answer the caller's own account: their own e-mail, never a seller's.
    const ownAccount = ['POST /v1/auth/create-account: email', 'POST /v1/auth/login: email', 'POST /v1/auth/login/google: email'];
    expect(found.filter((entry) => !ownAccount.includes(entry))).toEqual([]);
  });
});
