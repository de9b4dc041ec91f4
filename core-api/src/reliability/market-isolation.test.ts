import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Order, SellerListing, StockAdjustment } from '@shambasoko/contracts';
import type { Envelope } from '../http/envelope';
import { type Client, type FarmFixture, buildFarm, client, newClient } from '../modules/farm/test-helpers';
import { createTestUser } from '../testing/auth';
import { testCheckout } from '../testing/orders';
import { countWrites } from '../testing/write-counter';
import { startTestApp, type TestApp } from '../testing/test-app';
import { MARKET_MATRIX_ROUTES } from './market-routes';

// The selling side's isolation matrix (issue 15), generated from one table of probes: every seller,
// buyer and admin route of the market is sent by its owner, another seller, a buyer and a stranger
// (no token). The owner is served; everyone else is refused with the status the table names, the
// answer carries none of the owner's secrets, and the tables the selling side writes are unchanged.

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Caller = 'owner' | 'otherSeller' | 'buyer' | 'stranger';

interface World {
  sellerA: Client;
  sellerB: Client;
  buyer: Client;
  otherBuyer: Client;
  admin: Client;
  listing: SellerListing;
  service: SellerListing;
  /** Deleted by its owner in the last pass. */
  spare: SellerListing;
  photoId: string;
  photoFile: string;
  order: Order;
  fulfilmentId: string;
  serviceRequestId: string;
  farm: FarmFixture;
  sellerAId: string;
  /** The buyer's receipt, shared. */
  shareUrl: string;
}

interface Probe {
  route: string;
  url(w: World): string;
  body?(w: World): object | Buffer;
  /**
   * Who owns what the route reaches: a seller's own data, a buyer's own order, Admin only, or the
   * public. For `listMine` routes others are served too, but must see none of the owner's data.
   */
  kind: 'seller' | 'sellerList' | 'buyer' | 'buyerList' | 'admin' | 'public' | 'farm';
  /** Statuses the owner may get besides 2xx (e.g. 409 for a step that is not due). */
  ownerAlso?: number[];
}

const PROBES: Probe[] = [
  // seller profile, listings, photos, inventory, storefront, admin verify
  { route: 'GET /v1/seller/profile', kind: 'sellerList', url: () => '/v1/seller/profile' },
  {
    route: 'PUT /v1/seller/profile',
    kind: 'sellerList',
    url: () => '/v1/seller/profile',
    body: () => ({ businessName: 'Probe Shop', kind: 'farmer', county: 'Kiambu', phone: '0722 000 111', pickupLocation: 'Gate 2' }),
  },
  { route: 'GET /v1/seller/products', kind: 'sellerList', url: () => '/v1/seller/products' },
  {
    route: 'POST /v1/seller/products',
    kind: 'sellerList',
    url: () => '/v1/seller/products',
    body: () => ({ title: 'Probe beans', category: 'crops', unit: 'kg', price: 120, stock: 5 }),
  },
  { route: 'GET /v1/seller/products/:id', kind: 'seller', url: (w) => `/v1/seller/products/${w.listing.id}` },
  {
    route: 'PATCH /v1/seller/products/:id',
    kind: 'seller',
    url: (w) => `/v1/seller/products/${w.listing.id}`,
    body: () => ({ price: 131 }),
  },
  { route: 'DELETE /v1/seller/products/:id', kind: 'seller', url: (w) => `/v1/seller/products/${w.spare.id}` },
  {
    route: 'POST /v1/seller/products/:id/photos',
    kind: 'seller',
    url: (w) => `/v1/seller/products/${w.listing.id}/photos`,
    body: () => PHOTO,
  },
  {
    route: 'DELETE /v1/seller/products/:id/photos/:photoId',
    kind: 'seller',
    url: (w) => `/v1/seller/products/${w.listing.id}/photos/${w.photoId}`,
  },
  { route: 'GET /static/uploads/:file', kind: 'public', url: (w) => `/static/uploads/${w.photoFile}` },
  {
    route: 'POST /v1/seller/products/:id/stock-adjustments',
    kind: 'seller',
    url: (w) => `/v1/seller/products/${w.listing.id}/stock-adjustments`,
    body: () => ({ delta: 3, reason: 'restock', note: 'probe' }),
  },
  { route: 'GET /v1/seller/inventory', kind: 'sellerList', url: () => '/v1/seller/inventory' },
  { route: 'GET /v1/sellers/:id', kind: 'public', url: (w) => `/v1/sellers/${w.sellerAId}` },
  {
    route: 'PUT /v1/admin/sellers/:id/verified',
    kind: 'admin',
    url: (w) => `/v1/admin/sellers/${w.sellerAId}/verified`,
    body: () => ({ verified: true }),
  },
  // fulfilments: quote, sales, cancel, mark paid
  {
    route: 'POST /v1/orders/quote',
    kind: 'buyerList',
    url: () => '/v1/orders/quote',
    body: (w) => ({ county: 'Nairobi', items: [{ productId: w.listing.id, quantity: 1 }] }),
  },
  { route: 'GET /v1/seller/sales', kind: 'sellerList', url: () => '/v1/seller/sales?status=all' },
  { route: 'GET /v1/seller/sales/:id', kind: 'seller', url: (w) => `/v1/seller/sales/${w.fulfilmentId}` },
  {
    route: 'POST /v1/seller/sales/:id/mark-paid',
    kind: 'seller',
    url: (w) => `/v1/seller/sales/${w.fulfilmentId}/mark-paid`,
    ownerAlso: [409],
  },
  { route: 'POST /v1/seller/sales/:id/accept', kind: 'seller', url: (w) => `/v1/seller/sales/${w.fulfilmentId}/accept`, ownerAlso: [409] },
  {
    route: 'POST /v1/seller/sales/:id/dispatch',
    kind: 'seller',
    url: (w) => `/v1/seller/sales/${w.fulfilmentId}/dispatch`,
    body: () => ({ note: 'probe' }),
    ownerAlso: [409],
  },
  {
    route: 'POST /v1/seller/sales/:id/deliver',
    kind: 'seller',
    url: (w) => `/v1/seller/sales/${w.fulfilmentId}/deliver`,
    ownerAlso: [409],
  },
  {
    route: 'POST /v1/seller/sales/:id/cancel',
    kind: 'seller',
    url: (w) => `/v1/seller/sales/${w.fulfilmentId}/cancel`,
    body: () => ({ reason: 'probe' }),
    ownerAlso: [409],
  },
  { route: 'POST /v1/orders/:id/cancel', kind: 'buyer', url: (w) => `/v1/orders/${w.order.id}/cancel`, body: () => ({}), ownerAlso: [409] },
  {
    route: 'POST /v1/orders/:id/fulfilments/:fulfilmentId/cancel',
    kind: 'buyer',
    url: (w) => `/v1/orders/${w.order.id}/fulfilments/${w.fulfilmentId}/cancel`,
    body: () => ({}),
    ownerAlso: [409],
  },
  { route: 'POST /v1/admin/orders/:id/mark-paid', kind: 'admin', url: (w) => `/v1/admin/orders/${w.order.id}/mark-paid`, ownerAlso: [409] },
  // payments (the order is paid by then in the owner's pass: 409)
  {
    route: 'POST /v1/orders/:id/payments',
    kind: 'buyer',
    url: (w) => `/v1/orders/${w.order.id}/payments`,
    body: () => ({ method: 'mpesa', phone: '0712 345 678' }),
    ownerAlso: [409],
  },
  { route: 'POST /v1/orders/:id/payments/check', kind: 'buyer', url: (w) => `/v1/orders/${w.order.id}/payments/check` },
  { route: 'GET /v1/admin/payments', kind: 'admin', url: () => '/v1/admin/payments?status=paid' },
  // the books
  { route: 'GET /v1/market/commission-rates', kind: 'public', url: () => '/v1/market/commission-rates' },
  {
    route: 'PUT /v1/admin/commission-rates/:category',
    kind: 'admin',
    url: () => '/v1/admin/commission-rates/services',
    body: () => ({ rateBp: 500 }),
  },
  { route: 'GET /v1/seller/balance', kind: 'sellerList', url: () => '/v1/seller/balance' },
  // statements, receipts and share links (a link opens for anyone who holds it: that is its point)
  { route: 'GET /v1/orders/:id/receipt.pdf', kind: 'buyer', url: (w) => `/v1/orders/${w.order.id}/receipt.pdf` },
  { route: 'GET /v1/seller/statements/:month', kind: 'sellerList', url: () => '/v1/seller/statements/2026-11' },
  { route: 'GET /v1/seller/statements/:month.pdf', kind: 'sellerList', url: () => '/v1/seller/statements/2026-11.pdf' },
  {
    route: 'POST /v1/share-links',
    kind: 'buyer',
    url: () => '/v1/share-links',
    body: (w) => ({ kind: 'receipt', orderId: w.order.id }),
  },
  { route: 'GET /v1/shared/:token.pdf', kind: 'public', url: (w) => w.shareUrl },

  // payouts: the seller's own; sent without an Idempotency-Key (400), and the owner has nothing available (422)
  { route: 'GET /v1/seller/payouts', kind: 'sellerList', url: () => '/v1/seller/payouts' },
  { route: 'POST /v1/seller/payouts', kind: 'sellerList', url: () => '/v1/seller/payouts', body: () => ({}), ownerAlso: [400, 422] },
  {
    route: 'PUT /v1/seller/payout-settings',
    kind: 'sellerList',
    url: () => '/v1/seller/payout-settings',
    body: () => ({ automatic: false, phone: '' }),
  },
  // announcements: what reaches the caller, and a seller's own posts (the owner may be over the day's limit: 429)
  { route: 'GET /v1/announcements', kind: 'buyerList', url: () => '/v1/announcements' },
  { route: 'GET /v1/seller/announcements', kind: 'sellerList', url: () => '/v1/seller/announcements' },
  {
    route: 'POST /v1/seller/announcements',
    kind: 'sellerList',
    url: () => '/v1/seller/announcements',
    body: () => ({ title: 'Probe', body: 'Probe post' }),
    ownerAlso: [429],
  },
  // services and harvest listings
  {
    route: 'POST /v1/products/:id/service-requests',
    kind: 'buyerList',
    url: (w) => `/v1/products/${w.service.id}/service-requests`,
    body: () => ({ date: '2099-01-15', place: 'Probe farm, Kiambu' }),
  },
  { route: 'GET /v1/service-requests', kind: 'buyerList', url: () => '/v1/service-requests' },
  { route: 'GET /v1/seller/service-requests', kind: 'sellerList', url: () => '/v1/seller/service-requests' },
  {
    route: 'PATCH /v1/seller/service-requests/:id',
    kind: 'seller',
    url: (w) => `/v1/seller/service-requests/${w.serviceRequestId}`,
    body: () => ({ status: 'accepted' }),
    ownerAlso: [409],
  },
  // prices from real sales: public figures, the same for every caller
  { route: 'GET /v1/market/prices', kind: 'public', url: () => '/v1/market/prices?kind=maize&county=Kiambu' },
  { route: 'GET /v1/market/prices/series', kind: 'public', url: () => '/v1/market/prices/series?kind=maize' },
  { route: 'GET /v1/market/prices/products/:id', kind: 'public', url: (w) => `/v1/market/prices/products/${w.listing.id}` },
  { route: 'GET /v1/crops/:cropId/harvest-listing', kind: 'farm', url: (w) => `/v1/crops/${w.farm.crop.id}/harvest-listing` },
  {
    route: 'POST /v1/crops/:cropId/harvest-listing',
    kind: 'farm',
    url: (w) => `/v1/crops/${w.farm.crop.id}/harvest-listing`,
    body: () => ({ title: 'Maize, expected harvest', quantity: 500, unit: 'kg', price: 45, availableFrom: '2099-03-01' }),
  },
  // the role homes: each caller sees only their own orders or shop (a Buyer-only account: 403 on the seller's)
  { route: 'GET /v1/buyer/home', kind: 'buyerList', url: () => '/v1/buyer/home' },
  { route: 'GET /v1/buyer/suppliers', kind: 'buyerList', url: () => '/v1/buyer/suppliers' },
  { route: 'GET /v1/seller/home', kind: 'sellerList', url: () => '/v1/seller/home' },
  // after delivery: the order is not delivered, so the owner's steps are refused with 409 or find no dispute (404)
  { route: 'GET /v1/orders/:id/aftercare', kind: 'buyer', url: (w) => `/v1/orders/${w.order.id}/aftercare` },
  {
    route: 'POST /v1/orders/:id/fulfilments/:fulfilmentId/confirm-delivery',
    kind: 'buyer',
    url: (w) => `/v1/orders/${w.order.id}/fulfilments/${w.fulfilmentId}/confirm-delivery`,
    ownerAlso: [409],
  },
  {
    route: 'POST /v1/orders/:id/fulfilments/:fulfilmentId/dispute',
    kind: 'buyer',
    url: (w) => `/v1/orders/${w.order.id}/fulfilments/${w.fulfilmentId}/dispute`,
    body: () => ({ reason: 'damaged', note: 'probe' }),
    ownerAlso: [409],
  },
  {
    route: 'POST /v1/orders/:id/fulfilments/:fulfilmentId/dispute/photos',
    kind: 'buyer',
    url: (w) => `/v1/orders/${w.order.id}/fulfilments/${w.fulfilmentId}/dispute/photos`,
    body: () => PHOTO,
    ownerAlso: [404],
  },
  { route: 'GET /v1/seller/sales/:id/dispute', kind: 'seller', url: (w) => `/v1/seller/sales/${w.fulfilmentId}/dispute` },
  {
    route: 'POST /v1/seller/sales/:id/dispute/answer',
    kind: 'seller',
    url: (w) => `/v1/seller/sales/${w.fulfilmentId}/dispute/answer`,
    body: () => ({ note: 'probe' }),
    ownerAlso: [404],
  },
  {
    route: 'POST /v1/seller/sales/:id/dispute/photos',
    kind: 'seller',
    url: (w) => `/v1/seller/sales/${w.fulfilmentId}/dispute/photos`,
    body: () => PHOTO,
    ownerAlso: [404],
  },
  { route: 'GET /v1/admin/disputes', kind: 'admin', url: () => '/v1/admin/disputes' },
  { route: 'GET /v1/admin/disputes/:id', kind: 'admin', url: (w) => `/v1/admin/disputes/${w.fulfilmentId}`, ownerAlso: [404] },
  {
    route: 'POST /v1/admin/disputes/:id/decide',
    kind: 'admin',
    url: (w) => `/v1/admin/disputes/${w.fulfilmentId}/decide`,
    body: () => ({ outcome: 'release', reason: 'probe' }),
    ownerAlso: [404],
  },
];

/** Tables the selling side writes: a refused request leaves every one of them as it was. */
const WRITTEN = [
  'sellers',
  'products',
  'product_images',
  'stock_adjustments',
  'orders',
  'order_items',
  'order_fulfilments',
  'fulfilment_events',
  'service_requests',
  'notifications',
  'payments',
  'payment_events',
  'share_links',
  'disbursements',
  'seller_payout_settings',

  'disputes',
  'ledger_entries',
];

let PHOTO: Buffer;
let t: TestApp;
let w: World;

async function send(who: Client | null, method: Method, url: string, payload?: object | Buffer) {
  const headers: Record<string, string> = { ...(who?.user.headers ?? {}) };
  if (Buffer.isBuffer(payload)) headers['content-type'] = 'image/png';
  const res = await t.request({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  const json = res.headers['content-type']?.includes('json') ? res.json<Envelope<unknown>>() : null;
  return { status: res.statusCode, body: json?.body, message: json?.header.customerMessage ?? '', text: res.payload };
}

/** How many rows of the market's tables have been added, changed or removed so far (testing/write-counter.ts). */
let fingerprint: () => Promise<string>;

async function ok<T>(res: Promise<{ status: number; body: unknown; message: string }>): Promise<T> {
  const answer = await res;
  if (answer.status >= 300) throw new Error(`setup failed: ${answer.status} ${answer.message}`);
  return answer.body as T;
}

/** A listing of `who`'s shop: title, category, unit, price, stock. */
const listFor = (who: Client, title: string, category: string, unit: string, price: number, stock: number) =>
  ok<SellerListing>(send(who, 'POST', '/v1/seller/products', { title, category, unit, price, stock }));

async function becomeSeller(who: Client, businessName: string, county: string): Promise<string> {
  const answer = await ok<{ id: string }>(
    send(who, 'PUT', '/v1/seller/profile', { businessName, kind: 'farmer', county, phone: '0711 222 333', pickupLocation: 'Main gate' }),
  );
  return answer.id;
}

beforeAll(async () => {
  // No provider is reachable: an attempt fails at once (recorded), never waiting on the network.
  t = await startTestApp({ MPESA_BASE_URL: 'http://127.0.0.1:9', CARD_GATEWAY_URL: 'http://127.0.0.1:9/card' });
  fingerprint = await countWrites(t.db, WRITTEN);
  PHOTO = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7d44' } })
    .png()
    .toBuffer();
  const sellerA = await newClient(t, { firstName: 'Achieng', lastName: 'Seller' });
  const sellerB = await newClient(t, { firstName: 'Baraka', lastName: 'Seller' });
  const buyer = client(t, await createTestUser(t.db, t.config.jwtSecret, { firstName: 'Chebet', lastName: 'Buyer', roles: ['Buyer'] }));
  const otherBuyer = client(t, await createTestUser(t.db, t.config.jwtSecret, { firstName: 'Duma', lastName: 'Buyer', roles: ['Buyer'] }));
  const admin = client(t, await createTestUser(t.db, t.config.jwtSecret, { firstName: 'Esther', lastName: 'Admin', roles: ['Admin'] }));
  const sellerAId = await becomeSeller(sellerA, 'Achieng Farm Shop', 'Kiambu');
  await becomeSeller(sellerB, 'Baraka Agrovet', 'Nakuru');
  const listing = await listFor(sellerA, 'Achieng secret tomatoes', 'crops', 'crate', 2400, 40);
  await listFor(sellerB, 'Baraka maize seed', 'supplies', 'kg', 350, 9);
  const service = await listFor(sellerA, 'Achieng tractor hire', 'services', 'acre', 3500, 0);
  const spare = await listFor(sellerA, 'Achieng spare sacks', 'supplies', 'piece', 80, 12);
  const withPhoto = await ok<SellerListing>(send(sellerA, 'POST', `/v1/seller/products/${listing.id}/photos`, PHOTO));
  const photo = withPhoto.photos[withPhoto.photos.length - 1]!;
  await ok<StockAdjustment>(
    send(sellerA, 'POST', `/v1/seller/products/${listing.id}/stock-adjustments`, {
      delta: 2,
      reason: 'restock',
      note: 'Achieng secret note',
    }),
  );
  const placed = await t.request({
    method: 'POST',
    url: '/v1/orders',
    headers: { ...buyer.user.headers, 'idempotency-key': `probe-${randomUUID()}` },
    payload: testCheckout({ payment: { method: 'bank' }, items: [{ productId: listing.id, quantity: 2 }] }),
  });
  expect(placed.statusCode).toBe(201);
  const order = placed.json<Envelope<Order>>().body!;
  const request = await ok<{ id: string }>(
    send(buyer, 'POST', `/v1/products/${service.id}/service-requests`, { date: '2099-01-10', place: 'Chebet farm, Ruiru' }),
  );
  const farm = await buildFarm(sellerA);
  const shared = await ok<{ url: string }>(send(buyer, 'POST', '/v1/share-links', { kind: 'receipt', orderId: order.id }));
  w = {
    sellerA,
    sellerB,
    buyer,
    otherBuyer,
    admin,
    listing,
    service,
    spare,
    photoId: photo.id,
    photoFile: photo.url.split('/').pop()!,
    order,
    fulfilmentId: order.fulfilments[0]!.id,
    serviceRequestId: request.id,
    farm,
    sellerAId,
    shareUrl: shared.url,
  };
});

afterAll(async () => t?.close());

/** What each caller must get, by the kind of route. */
function refusals(kind: Probe['kind']): Array<{ caller: Exclude<Caller, 'owner'>; who: () => Client | null; expect: number[] }> {
  const stranger = { caller: 'stranger' as const, who: () => null, expect: kind === 'public' ? [200] : [401] };
  switch (kind) {
    // A farm's crop is its farm members' own, as a listing is its seller's.
    case 'seller':
    case 'farm':
      return [
        { caller: 'otherSeller', who: () => w.sellerB, expect: [404] },
        { caller: 'buyer', who: () => w.buyer, expect: [403, 404] },
        stranger,
      ];
    case 'buyer':
      return [
        { caller: 'otherSeller', who: () => w.sellerA, expect: [404] },
        { caller: 'buyer', who: () => w.otherBuyer, expect: [404] },
        stranger,
      ];
    case 'admin':
      return [
        { caller: 'otherSeller', who: () => w.sellerA, expect: [403] },
        { caller: 'buyer', who: () => w.buyer, expect: [403] },
        stranger,
      ];
    default:
      return [stranger];
  }
}

/** Text only the owners hold: none of it may appear in an answer to anyone else. */
const secrets = () => [w.order.id, w.order.number, 'Achieng secret note', 'Chebet farm, Ruiru', w.serviceRequestId, w.fulfilmentId];

describe('coverage', () => {
  it('probes every selling-side route, and only routes that exist', () => {
    const probed = PROBES.map((p) => p.route).sort();
    expect(probed).toEqual([...MARKET_MATRIX_ROUTES].sort());
    const known = new Set(t.app.routeTable.map((r) => `${r.method} ${r.url}`));
    expect(probed.filter((r) => !known.has(r))).toEqual([]);
  });
});

describe.each(PROBES.filter((p) => refusals(p.kind).length > 1 || p.kind === 'admin'))('$route', (probe) => {
  it.each(refusals(probe.kind).map((r) => [r.caller, r] as const))(
    'is refused to %s, writing nothing and leaking nothing',
    async (_caller, r) => {
      const before = await fingerprint();
      const method = probe.route.split(' ')[0] as Method;
      const res = await send(r.who(), method, probe.url(w), probe.body?.(w));
      expect(`${probe.route} → ${res.status}`).toMatch(new RegExp(`→ (${r.expect.join('|')})$`));
      expect(secrets().filter((s) => res.text.includes(s))).toEqual([]);
      expect(await fingerprint()).toBe(before);
    },
  );
});

describe('list routes: others are served, and see none of the owner’s data', () => {
  it.each(PROBES.filter((p) => p.kind === 'sellerList' || p.kind === 'buyerList').map((p) => [p.route, p] as const))(
    '%s',
    async (_route, probe) => {
      const method = probe.route.split(' ')[0] as Method;
      for (const who of [w.sellerB, w.otherBuyer]) {
        const res = await send(who, method, probe.url(w), probe.body?.(w));
        expect(res.status).toBeLessThan(500);
        expect(secrets().filter((s) => res.text.includes(s))).toEqual([]);
      }
      expect((await send(null, method, probe.url(w), probe.body?.(w))).status).toBe(401);
    },
  );
});

describe('the role homes', () => {
  it("a Buyer-only account is refused the seller's home; each home carries only the caller's own", async () => {
    expect((await send(w.buyer, 'GET', '/v1/seller/home')).status).toBe(403);
    const own = await send(w.buyer, 'GET', '/v1/buyer/home');
    expect(own.text).toContain(w.order.id);
    const shop = await send(w.sellerA, 'GET', '/v1/seller/home');
    expect(shop.text).toContain(w.sellerAId);
    expect((await send(w.sellerB, 'GET', '/v1/seller/home')).text).not.toContain(w.sellerAId);
  });
});

describe('the owner is served on every route (last: the owner may change things)', () => {
  it.each(PROBES.map((p) => [p.route, p] as const))('%s', async (_route, probe) => {
    const owner = {
      seller: w.sellerA,
      sellerList: w.sellerA,
      buyer: w.buyer,
      buyerList: w.buyer,
      admin: w.admin,
      public: null,
      farm: w.sellerA,
    }[probe.kind];
    const method = probe.route.split(' ')[0] as Method;
    const res = await send(owner, method, probe.url(w), probe.body?.(w));
    const allowed = res.status < 300 || (probe.ownerAlso ?? []).includes(res.status);
    expect(`${probe.route} → ${res.status} ${res.message}`).toMatch(allowed ? /./ : /^never$/);
  });
});
