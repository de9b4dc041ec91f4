import http from 'node:http';
import type { KyselyPlugin } from 'kysely';
import sharp from 'sharp';
import type { AddressInfo } from 'node:net';
import type { Conversation, Message, MessagePage } from '@shambasoko/contracts';
import { createTestUser } from '../../testing/auth';
import { createShop, type TestShop } from '../../testing/shops';
import type { TestApp } from '../../testing/test-app';
import { useTestApp } from '../../testing/use-test-app';
import { type Client, addMember, buildFarm, client, newClient } from '../farm/test-helpers';
import { unreadCount } from './service';

// Issue 41, messages: who may read and write a conversation, reuse of a conversation, blocks, read
// marks, unread counts, an idempotent send, and the live stream over real HTTP.

let t: TestApp;
let shop: TestShop;
let seller: Client;
let buyer: Client;
let stranger: Client;
useTestApp(async (app) => {
  t = app;
  shop = await createShop(t.db, t.config.jwtSecret, { name: 'Wanjiru' });
  seller = client(t, shop.user);
  buyer = await newClient(t, { firstName: 'Otieno', lastName: 'Buyer' });
  stranger = await newClient(t, { firstName: 'Stranger', lastName: 'Danger' });
});

const start = (who: Client, body: object) => who.post<Conversation>('/v1/conversations', body);
const send = (who: Client, id: string, text: string) => who.post<Message>(`/v1/conversations/${id}/messages`, { text });
const unread = async (who: Client) => (await who.get<{ count: number }>('/v1/messages/unread')).body.count;

describe('a buyer and a seller', () => {
  let conversation: Conversation;

  it('the buyer starts one about a product: its subject carries the product, and no phone number shows', async () => {
    const res = await start(buyer, { sellerId: shop.sellerId, productId: shop.productId });
    expect(res.status).toBe(200);
    conversation = res.body;
    expect(conversation.subject).toMatchObject({ kind: 'product', productId: shop.productId, title: 'Wanjiru maize' });
    expect(conversation.participants).toEqual([{ id: seller.user.id, name: expect.stringContaining('Wanjiru') }]);
    expect(JSON.stringify(conversation)).not.toMatch(/0711|msisdn|phone/i);
  });

  it('starting it again reopens the same conversation; a storefront one is another', async () => {
    expect((await start(buyer, { sellerId: shop.sellerId, productId: shop.productId })).body.id).toBe(conversation.id);
    const storefront = await start(buyer, { sellerId: shop.sellerId });
    expect(storefront.body.subject.kind).toBe('storefront');
    expect(storefront.body.id).not.toBe(conversation.id);
  });

  it('the seller cannot start one with their own shop', async () => {
    const res = await start(seller, { sellerId: shop.sellerId });
    expect(res.status).toBe(409);
    expect(res.message).toBe('You cannot start a conversation with your own shop.');
  });

  it('sends, counts unread for the other side, and shows read once they read it', async () => {
    expect(await unread(seller)).toBe(0);
    const sent = await send(buyer, conversation.id, 'Is the maize dry?');
    expect(sent.status).toBe(201);
    expect(sent.body.read).toBe(false);
    expect(await unread(seller)).toBe(1);
    expect(await unread(buyer)).toBe(0);
    const inbox = await seller.get<{ items: Conversation[] }>('/v1/conversations');
    expect(inbox.body.items.find((c) => c.id === conversation.id)).toMatchObject({ unread: 1, lastMessage: { text: 'Is the maize dry?' } });

    expect((await seller.post(`/v1/conversations/${conversation.id}/read`)).status).toBe(200);
    expect(await unread(seller)).toBe(0);
    const thread = await buyer.get<MessagePage>(`/v1/conversations/${conversation.id}/messages`);
    expect(thread.body.items.map((m) => [m.text, m.read])).toEqual([['Is the maize dry?', true]]);
  });

  it('tells the seller behind the bell, in their language', async () => {
    const rows = await t.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', seller.user.id)
      .where('type', '=', 'message')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ title: expect.stringContaining('New message from Otieno'), link: `/messages/${conversation.id}` });
  });

  it('a retried send with the same Idempotency-Key is not doubled', async () => {
    const headers = { ...buyer.user.headers, 'idempotency-key': 'retry-key-0001' };
    const once = { method: 'POST', url: `/v1/conversations/${conversation.id}/messages`, headers, payload: { text: 'Only once' } };
    const first = await t.request(once);
    const again = await t.request(once);
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json<{ body: Message }>().body.id).toBe(first.json<{ body: Message }>().body.id);
    const thread = await buyer.get<MessagePage>(`/v1/conversations/${conversation.id}/messages`);
    expect(thread.body.items.filter((m) => m.text === 'Only once')).toHaveLength(1);
    const other = await t.request({ ...once, payload: { text: 'Something else' } });
    expect(other.statusCode).toBe(422);
  });

  it('refuses a stranger as if the conversation did not exist', async () => {
    for (const res of [
      await stranger.get(`/v1/conversations/${conversation.id}/messages`),
      await stranger.get(`/v1/conversations/${conversation.id}`),
      await send(stranger, conversation.id, 'hi'),
      await stranger.post(`/v1/conversations/${conversation.id}/read`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.message).toBe('Conversation not found');
    }
    expect((await stranger.get<{ items: Conversation[] }>('/v1/conversations')).body.items).toEqual([]);
    expect((await stranger.get('/v1/conversations/not-an-id/messages')).status).toBe(404);
  });

  it('refuses an empty or an over-long message', async () => {
    expect((await send(buyer, conversation.id, '   ')).status).toBe(400);
    expect((await send(buyer, conversation.id, 'x'.repeat(2001))).status).toBe(400);
    expect((await send(buyer, conversation.id, 'x'.repeat(2000))).status).toBe(201);
  });

  it('a blocked buyer cannot send to the seller who blocked them, until unblocked', async () => {
    expect((await seller.post(`/v1/users/${buyer.user.id}/block`)).status).toBe(200);
    const refused = await send(buyer, conversation.id, 'Hello?');
    expect(refused.status).toBe(403);
    expect(refused.message).toBe('You cannot send messages to this person: they have blocked you.');
    const own = await send(seller, conversation.id, 'Bye');
    expect(own.status).toBe(409);
    expect((await seller.del(`/v1/users/${buyer.user.id}/block`)).status).toBe(200);
    expect((await send(buyer, conversation.id, 'Hello?')).status).toBe(201);
  });

  it('an order conversation needs the buyer’s own order with this seller', async () => {
    const other = await createTestUser(t.db, t.config.jwtSecret, { firstName: 'Other' });
    const order = await t.db
      .insertInto('orders')
      .values({
        user_id: other.id,
        subtotal: 1000,
        delivery_fee: 0,
        total: 1000,
        delivery: 'standard',
        shipping: '{}',
        payment_method: 'mpesa',
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await start(buyer, { sellerId: shop.sellerId, orderId: order.id })).status).toBe(404);
  });
});

describe('reports', () => {
  it('a participant reports a conversation; an Admin sees it with its messages and resolves it once', async () => {
    const admin = client(t, await createTestUser(t.db, t.config.jwtSecret, { firstName: 'Report', lastName: 'Admin', roles: ['Admin'] }));
    const c = (await start(buyer, { sellerId: shop.sellerId })).body;
    await send(seller, c.id, 'Pay me on my own number instead');
    const reported = await buyer.post<{ id: string; status: string }>(`/v1/conversations/${c.id}/report`, {
      reason: 'fraud',
      note: 'Asked to pay outside',
    });
    expect(reported.status).toBe(201);
    expect((await stranger.post(`/v1/conversations/${c.id}/report`, { reason: 'spam' })).status).toBe(404);
    expect((await buyer.get('/v1/admin/message-reports')).status).toBe(403);

    const open = await admin.get<{ items: Array<{ id: string; reason: string; messages: Array<{ text: string }> }> }>(
      '/v1/admin/message-reports',
    );
    const item = open.body.items.find((r) => r.id === reported.body.id);
    expect(item).toMatchObject({ reason: 'fraud', messages: [{ text: 'Pay me on my own number instead' }] });
    const resolved = await admin.post<{ status: string }>(`/v1/admin/message-reports/${reported.body.id}/resolve`, {
      note: 'Seller warned',
    });
    expect(resolved).toMatchObject({ status: 200, body: { status: 'resolved' } });
    expect((await admin.post(`/v1/admin/message-reports/${reported.body.id}/resolve`, { note: 'again' })).status).toBe(409);
    const stillOpen = await admin.get<{ items: Array<{ id: string }> }>('/v1/admin/message-reports');
    expect(stillOpen.body.items.map((r) => r.id)).not.toContain(reported.body.id);
  });
});

describe('a farm conversation', () => {
  it('is one per farm, open to its active members only, live', async () => {
    const owner = await newClient(t, { firstName: 'Farm', lastName: 'Owner' });
    const member = await newClient(t, { firstName: 'Field', lastName: 'Hand' });
    const { farm } = await buildFarm(owner);
    const membership = await addMember(owner, farm.id, member, 'Field Supervisor');
    const opened = await owner.get<Conversation>(`/v1/conversations/farm/${farm.id}`);
    expect(opened.status).toBe(200);
    expect((await member.get<Conversation>(`/v1/conversations/farm/${farm.id}`)).body.id).toBe(opened.body.id);
    expect((await stranger.get(`/v1/conversations/farm/${farm.id}`)).status).toBe(404);
    expect((await send(owner, opened.body.id, 'Spray field 2 tomorrow')).status).toBe(201);
    expect(await unread(member)).toBe(1);

    expect((await owner.patch(`/v1/farm-users/${membership.id}`, { status: 'inactive' })).status).toBe(200);
    expect((await member.get(`/v1/conversations/${opened.body.id}/messages`)).status).toBe(404);
    expect(await unread(member)).toBe(0);
  });
});

describe('a photo in a conversation', () => {
  const png = (r: number) =>
    sharp({ create: { width: 30, height: 20, channels: 3, background: { r, g: 120, b: 40 } } })
      .withMetadata({ exif: { IFD0: { Copyright: 'GPS secret' } } })
      .png()
      .toBuffer();
  const upload = (who: Client, id: string, payload: Buffer, headers: Record<string, string> = {}) =>
    t.request({
      method: 'POST',
      url: `/v1/conversations/${id}/photos`,
      headers: { ...who.user.headers, 'content-type': 'image/png', ...headers },
      payload,
    });
  const fetchPhoto = (who: Client | undefined, url: string) => t.request({ method: 'GET', url, headers: who?.user.headers ?? {} });

  it('is sent as a message of its own, checked and re-encoded; only the conversation’s members read it, privately', async () => {
    const c = (await start(buyer, { sellerId: shop.sellerId })).body;
    const sent = await upload(buyer, c.id, await png(10));
    expect(sent.statusCode).toBe(201);
    const message = sent.json<{ header: { customerMessage: string }; body: Message }>();
    expect(message.header.customerMessage).toBe('Photo sent');
    expect(message.body.text).toBe('');
    expect(message.body.photos).toEqual([expect.stringMatching(new RegExp(`^/v1/conversations/${c.id}/photos/[0-9a-f]{32}-800\\.webp$`))]);
    const full = message.body.photos[0]!;
    const thread = await seller.get<MessagePage>(`/v1/conversations/${c.id}/messages`);
    expect(thread.body.items.at(-1)?.photos).toEqual([full]);
    expect(await unread(seller)).toBeGreaterThan(0);

    for (const url of [full, full.replace('-800.webp', '-400.webp')]) {
      const res = await fetchPhoto(seller, url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toMatch(/^private/);
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
    }
    expect((await fetchPhoto(buyer, full)).statusCode).toBe(200);
    // A stranger, a signed-out caller, another conversation of the sender's, and the public uploads route: nothing.
    expect((await fetchPhoto(stranger, full)).statusCode).toBe(404);
    expect((await fetchPhoto(undefined, full)).statusCode).toBe(401);
    const other = (await start(buyer, { sellerId: shop.sellerId, productId: shop.productId })).body;
    expect((await fetchPhoto(buyer, full.replace(c.id, other.id))).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/static/uploads/${full.split('/').at(-1)}` })).statusCode).toBe(404);
    expect((await fetchPhoto(buyer, `/v1/conversations/${c.id}/photos/..%2F..%2Fetc%2Fpasswd`)).statusCode).toBe(400);
  });

  it('refuses a stranger, a file that is not a photo and one over 8 MB, sending nothing; a retry is not doubled', async () => {
    const c = (await start(buyer, { sellerId: shop.sellerId })).body;
    const count = async () => (await t.db.selectFrom('messages').select('id').where('conversation_id', '=', c.id).execute()).length;
    const before = await count();
    const refused = await upload(stranger, c.id, await png(20));
    expect(refused.statusCode).toBe(404);
    const notPhoto = await upload(buyer, c.id, Buffer.from('<svg onload="alert(1)"></svg>'), { 'content-type': 'image/svg+xml' });
    expect(notPhoto.statusCode).toBe(422);
    expect(notPhoto.json<{ header: { customerMessage: string } }>().header.customerMessage).toBe(
      'This file is not a photo. Choose a JPG, PNG or WebP picture.',
    );
    const huge = await upload(buyer, c.id, Buffer.alloc(8 * 1024 * 1024 + 1));
    expect(huge.statusCode).toBe(413);
    expect(await count()).toBe(before);

    const photo = await png(30);
    const first = await upload(buyer, c.id, photo, { 'idempotency-key': 'photo-key-0001' });
    const again = await upload(buyer, c.id, photo, { 'idempotency-key': 'photo-key-0001' });
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json<{ body: Message }>().body.id).toBe(first.json<{ body: Message }>().body.id);
    expect(await count()).toBe(before + 1);
  });
});

describe('the unread badge', () => {
  /** The database seen through a plugin that counts the statements sent. */
  const counted = () => {
    const seen = { queries: 0 };
    const plugin: KyselyPlugin = {
      transformQuery: (args) => {
        seen.queries += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    return { db: t.db.withPlugin(plugin), seen };
  };
  const inboxSum = async (who: Client) =>
    (await who.get<{ items: Conversation[] }>('/v1/conversations')).body.items.reduce((sum, c) => sum + c.unread, 0);

  it("counts others' messages after each read mark, across conversations and a farm, blocked senders included, as the inbox does", async () => {
    const reader = await createShop(t.db, t.config.jwtSecret, { name: 'Badge' });
    const me = client(t, reader.user);
    const buyers = await Promise.all([1, 2, 3].map((n) => newClient(t, { firstName: `Badge${n}`, lastName: 'Buyer' })));
    const conversations = await Promise.all(buyers.map(async (b) => (await start(b, { sellerId: reader.sellerId })).body));
    await send(buyers[0]!, conversations[0]!.id, 'one');
    await send(buyers[0]!, conversations[0]!.id, 'two');
    await send(buyers[1]!, conversations[1]!.id, 'three');
    await send(me, conversations[2]!.id, 'my own never counts');
    await send(buyers[2]!, conversations[2]!.id, 'four');
    expect(await unread(me)).toBe(4);

    // A read mark clears that conversation only; what comes after it counts again.
    expect((await me.post(`/v1/conversations/${conversations[0]!.id}/read`)).status).toBe(200);
    expect(await unread(me)).toBe(2);
    await send(buyers[0]!, conversations[0]!.id, 'five');
    expect(await unread(me)).toBe(3);
    // Answering reads what came before: the buyer who wrote after the reader's message has nothing unread.
    expect(await unread(buyers[2]!)).toBe(0);

    // A blocked sender cannot add more; what they sent before still waits, in the inbox as on the badge.
    expect((await me.post(`/v1/users/${buyers[1]!.user.id}/block`)).status).toBe(200);
    expect((await send(buyers[1]!, conversations[1]!.id, 'after the block')).status).toBe(403);
    expect(await unread(me)).toBe(3);

    // A farm the reader is an active member of counts; after leaving it, it does not.
    const owner = await newClient(t, { firstName: 'Badge', lastName: 'Owner' });
    const { farm } = await buildFarm(owner);
    const membership = await addMember(owner, farm.id, me, 'Field Supervisor');
    const farmChat = (await owner.get<Conversation>(`/v1/conversations/farm/${farm.id}`)).body;
    await send(owner, farmChat.id, 'Spray tomorrow');
    expect(await unread(me)).toBe(4);
    expect(await inboxSum(me)).toBe(4);
    expect((await owner.patch(`/v1/farm-users/${membership.id}`, { status: 'inactive' })).status).toBe(200);
    expect(await unread(me)).toBe(3);
    expect(await inboxSum(me)).toBe(3);
  });

  it('is one query however many conversations the reader has', async () => {
    const reader = await createShop(t.db, t.config.jwtSecret, { name: 'Busy' });
    const queriesWith = async (conversations: number) => {
      while ((await client(t, reader.user).get<{ items: Conversation[] }>('/v1/conversations')).body.items.length < conversations) {
        const b = await newClient(t, { firstName: 'Many', lastName: 'Buyer' });
        await send(b, (await start(b, { sellerId: reader.sellerId })).body.id, 'hello');
      }
      const { db, seen } = counted();
      const count = await unreadCount(db, reader.user.id);
      expect(count).toBe(conversations);
      return seen.queries;
    };
    const withOne = await queriesWith(1);
    const withSix = await queriesWith(6);
    expect(withOne).toBe(1);
    expect(withSix).toBe(withOne);
  });
});

/** Opens the stream over a real socket; resolves each event as it arrives. */
function openStream(path: string, headers: Record<string, string> = {}) {
  const { port } = t.app.server.address() as AddressInfo;
  let buffer = '';
  const waiters: Array<() => void> = [];
  return new Promise<{ status: number; type: string; text: () => string; next: (ms: number) => Promise<string>; close: () => void }>(
    (resolve) => {
      const req = http.get({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          for (const wake of waiters.splice(0)) wake();
        });
        resolve({
          status: res.statusCode ?? 0,
          type: String(res.headers['content-type']),
          text: () => buffer,
          next: (ms) =>
            new Promise((done, fail) => {
              const timer = setTimeout(() => fail(new Error(`no event within ${ms} ms: ${buffer}`)), ms);
              const check = () => {
                if (buffer.includes('event: message')) {
                  clearTimeout(timer);
                  done(buffer);
                } else waiters.push(check);
              };
              check();
            }),
          close: () => req.destroy(),
        });
      });
    },
  );
}

describe('the live stream', () => {
  it('delivers a message to the other side within a second, opened with a one-time ticket', async () => {
    const conversation = (await start(buyer, { sellerId: shop.sellerId, productId: shop.productId })).body;
    const ticket = (await seller.post<{ ticket: string }>('/v1/messages/stream-ticket')).body.ticket;
    const stream = await openStream(`/v1/messages/stream?ticket=${encodeURIComponent(ticket)}`);
    try {
      expect(stream.status).toBe(200);
      expect(stream.type).toMatch(/^text\/event-stream/);
      const sent = await send(buyer, conversation.id, 'Live?');
      const text = await stream.next(1000);
      expect(text).toMatch(/^retry: \d+/);
      expect(text).toContain(JSON.stringify({ conversationId: conversation.id, messageId: sent.body.id }));
    } finally {
      stream.close();
    }
    // One time only.
    const again = await openStream(`/v1/messages/stream?ticket=${encodeURIComponent(ticket)}`);
    expect(again.status).toBe(401);
    again.close();
  });

  it('refuses a stream without a token or ticket', async () => {
    const res = await t.request({ method: 'GET', url: '/v1/messages/stream' });
    expect(res.statusCode).toBe(401);
  });

  it('accepts the bearer token too, and tells a stranger nothing', async () => {
    const conversation = (await start(buyer, { sellerId: shop.sellerId })).body;
    const mine = await openStream('/v1/messages/stream', buyer.user.headers);
    const theirs = await openStream('/v1/messages/stream', stranger.user.headers);
    try {
      await send(seller, conversation.id, 'Yes, dry');
      await mine.next(1000);
      await new Promise((r) => setTimeout(r, 100));
      expect(theirs.text()).not.toContain('event: message');
    } finally {
      mine.close();
      theirs.close();
    }
  });
});
