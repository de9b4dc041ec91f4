import sharp from 'sharp';
import type { Conversation, Message } from '@shambasoko/contracts';
import { type Client, addMember, buildFarm, client, newClient } from '../modules/farm/test-helpers';
import { createShop } from '../testing/shops';
import { startTestApp, type TestApp } from '../testing/test-app';
import { MESSAGES_MATRIX_ROUTES } from './messages-routes';

// Messages (issue 41): every route probed by a stranger to a conversation (another buyer, another
// seller, a member of another farm), signed out, and by a farm member who left. A refusal tells
// nothing and changes nothing; an answer carries none of the conversation's words.

let t: TestApp;
let buyer: Client;
let seller: Client;
let farmOwner: Client;
let outsiders: Record<string, Client>;
let pair: Conversation;
let farmChat: Conversation;
let farmId: string;
let sellerId: string;
let reportId: string;
let photoUrl: string;
let photo: Buffer;
const SECRET = 'Secret price 4321 for you only';
const FARM_SECRET = 'Gate code 9876';

beforeAll(async () => {
  t = await startTestApp();
  const shop = await createShop(t.db, t.config.jwtSecret, { name: 'Isolated' });
  const otherShop = await createShop(t.db, t.config.jwtSecret, { name: 'Neighbour' });
  sellerId = shop.sellerId;
  seller = client(t, shop.user);
  buyer = await newClient(t, { firstName: 'Own', lastName: 'Buyer' });
  farmOwner = await newClient(t, { firstName: 'Farm', lastName: 'Owner' });
  const former = await newClient(t, { firstName: 'Former', lastName: 'Member' });
  const otherFarmOwner = await newClient(t, { firstName: 'Other', lastName: 'Farmer' });
  await buildFarm(otherFarmOwner);
  outsiders = {
    'another buyer': await newClient(t, { firstName: 'Other', lastName: 'Buyer' }),
    'another seller': client(t, otherShop.user),
    'a member of another farm': otherFarmOwner,
    'a farm member who left': former,
  };
  pair = (await buyer.post<Conversation>('/v1/conversations', { sellerId, productId: shop.productId })).body;
  await buyer.post(`/v1/conversations/${pair.id}/messages`, { text: SECRET });
  photo = await sharp({ create: { width: 16, height: 16, channels: 3, background: { r: 1, g: 2, b: 3 } } })
    .png()
    .toBuffer();
  const sentPhoto = await t.request({
    method: 'POST',
    url: `/v1/conversations/${pair.id}/photos`,
    headers: { ...buyer.user.headers, 'content-type': 'image/png' },
    payload: photo,
  });
  expect(sentPhoto.statusCode).toBe(201);
  photoUrl = sentPhoto.json<{ body: Message }>().body.photos[0]!;
  reportId = (await seller.post<{ id: string }>(`/v1/conversations/${pair.id}/report`, { reason: 'fraud', note: 'Asked to pay outside' }))
    .body.id;
  const fx = await buildFarm(farmOwner);
  farmId = fx.farm.id;
  const membership = await addMember(farmOwner, farmId, former, 'Field Supervisor');
  farmChat = (await farmOwner.get<Conversation>(`/v1/conversations/farm/${farmId}`)).body;
  await farmOwner.post(`/v1/conversations/${farmChat.id}/messages`, { text: FARM_SECRET });
  expect((await farmOwner.patch(`/v1/farm-users/${membership.id}`, { status: 'inactive' })).status).toBe(200);
}, 90_000);
afterAll(async () => t?.close());

interface Probe {
  route: string;
  method: 'GET' | 'POST' | 'DELETE';
  url: () => string;
  body?: object;
  /** Sends a photo as the raw body instead of `body`. */
  photo?: true;
  /** The status a stranger gets: 404 for another's conversation; 200 for their own (empty) space. */
  stranger: number;
}

const PROBES: Probe[] = [
  { route: 'GET /v1/conversations', method: 'GET', url: () => '/v1/conversations', stranger: 200 },
  {
    route: 'POST /v1/conversations',
    method: 'POST',
    url: () => '/v1/conversations',
    body: { sellerId: '00000000-0000-4000-8000-000000000000' },
    stranger: 404,
  },
  { route: 'GET /v1/conversations/farm/:farmId', method: 'GET', url: () => `/v1/conversations/farm/${farmId}`, stranger: 404 },
  { route: 'GET /v1/conversations/:id', method: 'GET', url: () => `/v1/conversations/${pair.id}`, stranger: 404 },
  { route: 'GET /v1/conversations/:id/messages', method: 'GET', url: () => `/v1/conversations/${pair.id}/messages`, stranger: 404 },
  {
    route: 'POST /v1/conversations/:id/messages',
    method: 'POST',
    url: () => `/v1/conversations/${pair.id}/messages`,
    body: { text: 'intruder' },
    stranger: 404,
  },
  {
    route: 'POST /v1/conversations/:id/photos',
    method: 'POST',
    url: () => `/v1/conversations/${pair.id}/photos`,
    photo: true,
    stranger: 404,
  },
  { route: 'GET /v1/conversations/:id/photos/:photo', method: 'GET', url: () => photoUrl, stranger: 404 },
  { route: 'POST /v1/conversations/:id/read', method: 'POST', url: () => `/v1/conversations/${pair.id}/read`, stranger: 404 },
  { route: 'GET /v1/messages/unread', method: 'GET', url: () => '/v1/messages/unread', stranger: 200 },
  { route: 'POST /v1/users/:id/block', method: 'POST', url: () => `/v1/users/${buyer.user.id}/block`, stranger: 200 },
  { route: 'DELETE /v1/users/:id/block', method: 'DELETE', url: () => `/v1/users/${buyer.user.id}/block`, stranger: 200 },
  {
    route: 'POST /v1/conversations/:id/report',
    method: 'POST',
    url: () => `/v1/conversations/${pair.id}/report`,
    body: { reason: 'spam', note: 'probe' },
    stranger: 404,
  },
  { route: 'GET /v1/admin/message-reports', method: 'GET', url: () => '/v1/admin/message-reports', stranger: 403 },
  {
    route: 'POST /v1/admin/message-reports/:id/resolve',
    method: 'POST',
    url: () => `/v1/admin/message-reports/${reportId}/resolve`,
    body: { note: 'probe' },
    stranger: 403,
  },
  { route: 'POST /v1/messages/stream-ticket', method: 'POST', url: () => '/v1/messages/stream-ticket', stranger: 200 },
];

const call = (who: Client | undefined, p: Probe, url = p.url()) =>
  t.request({
    method: p.method,
    url,
    headers: { ...(who?.user.headers ?? {}), ...(p.photo ? { 'content-type': 'image/png' } : {}) },
    ...(p.photo ? { payload: photo } : p.body ? { payload: p.body } : p.method === 'POST' ? { payload: {} } : {}),
  });
const reportState = async () => await t.db.selectFrom('message_reports').select(['id', 'status']).orderBy('id').execute();
const messageCount = async () =>
  (
    await t.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;

describe('coverage', () => {
  it('probes every messages route, and only routes that exist', () => {
    // The stream is probed below over a socket; it holds its connection open.
    expect([...PROBES.map((p) => p.route), 'GET /v1/messages/stream'].sort()).toEqual([...MESSAGES_MATRIX_ROUTES].sort());
    const known = new Set(t.app.routeTable.map((r) => `${r.method} ${r.url}`));
    expect(MESSAGES_MATRIX_ROUTES.filter((r) => !known.has(r))).toEqual([]);
  });
});

describe.each(PROBES)('$route', (p) => {
  it.each(['another buyer', 'another seller', 'a member of another farm', 'a farm member who left'])(
    '%s learns nothing and changes nothing',
    async (who) => {
      const before = await messageCount();
      const reportsBefore = await reportState();
      const res = await call(outsiders[who], p);
      expect(res.statusCode).toBe(p.stranger);
      expect(res.payload).not.toContain(SECRET);
      expect(res.payload).not.toContain(FARM_SECRET);
      expect(res.payload).not.toContain(pair.id);
      expect(res.payload).not.toContain(farmChat.id);
      expect(await messageCount()).toBe(before);
      if (p.route.includes('report')) expect(await reportState()).toEqual(reportsBefore);
      if (p.route === 'GET /v1/messages/unread') expect(res.json<{ body: { count: number } }>().body.count).toBe(0);
    },
  );

  it('refuses a signed-out caller with 401', async () => {
    expect((await call(undefined, p)).statusCode).toBe(401);
  });

  if (p.route.startsWith('GET /v1/conversations/:id') || p.route.startsWith('POST /v1/conversations/:id'))
    it('reaches the farm conversation only for its members', async () => {
      const res = await call(outsiders['a farm member who left'], p, p.url().replace(pair.id, farmChat.id));
      expect(res.statusCode).toBe(404);
    });
});

describe('the participants are served', () => {
  it('the buyer and the seller read the conversation; the farm owner reads the farm’s', async () => {
    for (const who of [buyer, seller]) expect((await who.get(`/v1/conversations/${pair.id}/messages`)).status).toBe(200);
    expect((await farmOwner.get(`/v1/conversations/${farmChat.id}/messages`)).status).toBe(200);
    for (const who of [buyer, seller])
      expect((await t.request({ method: 'GET', url: photoUrl, headers: who.user.headers })).statusCode).toBe(200);
  });

  it('GET /v1/messages/stream refuses a forged ticket and a signed-out caller', async () => {
    expect((await t.request({ method: 'GET', url: '/v1/messages/stream?ticket=forged-ticket-value' })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/v1/messages/stream' })).statusCode).toBe(401);
  });
});
