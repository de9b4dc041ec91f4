import { createHash, createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Order } from '@shambasoko/contracts';
import type { ApiKey, CreatedApiKey, CreatedWebhook, Integrations, WebhookDeliveryList, WebhookPayload } from '@shambasoko/contracts';
import { buildApp } from '../../app';
import { createTestUser, type TestUser } from '../../testing/auth';
import { testCheckout } from '../../testing/orders';
import { createShop, type TestShop } from '../../testing/shops';
import { type TestApp, sendOverHttp, startTestApp } from '../../testing/test-app';
import { deliverWebhooks, enqueueTestEvent, newWebhookSecret, WEBHOOK_RETRY_AFTER_MS } from './webhooks';
import { enqueueWebhookEvent } from '.';
import { createWebhook } from './service';
// The receiver listens on 127.0.0.1: these tests allow private networks, as development and test do.
const ALLOW = { privateNetworks: 'allow' } as const;

// Partners' API keys and webhooks (issue 44), through the real app on its own database, with a real
// HTTP receiver standing in for the partner.

let t: TestApp;
let admin: TestUser;
let seller: TestShop;
let buyer: TestUser;

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}
let received: Received[] = [];
/** What the receiver answers next (then 200). */
let answers: number[] = [];
let receiver: http.Server;
let receiverUrl: string;

beforeAll(async () => {
  t = await startTestApp({ ORDER_RATE_LIMIT_PER_USER: '100' });
  admin = await createTestUser(t.db, t.config.jwtSecret, { roles: ['Admin'] });
  buyer = await createTestUser(t.db, t.config.jwtSecret, { roles: ['Buyer'] });
  seller = await createShop(t.db, t.config.jwtSecret, { name: 'Kamau', stock: 40 });
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = answers.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve));
  await t?.close();
});

beforeEach(() => {
  received = [];
  answers = [];
});

const asAdmin = (method: string, url: string, payload?: object) =>
  t.request({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });

async function newKey(scopes: string[], org: object = { kind: 'shop', id: seller.sellerId }): Promise<CreatedApiKey> {
  const res = await asAdmin('POST', '/v1/admin/integrations/keys', { org, name: `Key ${randomUUID().slice(0, 6)}`, scopes });
  expect(res.statusCode).toBe(201);
  return res.json<{ body: CreatedApiKey }>().body;
}

async function newWebhook(events: string[]): Promise<CreatedWebhook> {
  const res = await asAdmin('POST', '/v1/admin/integrations/webhooks', {
    org: { kind: 'shop', id: seller.sellerId },
    url: receiverUrl,
    events,
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ body: CreatedWebhook }>().body;
}

/** Checks a delivery's signature the way a partner would: HMAC-SHA256 over `<t>.<raw body>`. */
function signatureHolds(delivery: Received, secret: string): boolean {
  const header = String(delivery.headers['shambasoko-signature'] ?? '');
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  if (!parts.t || !parts.v1) return false;
  const expected = createHmac('sha256', secret).update(`${parts.t}.${delivery.body}`).digest('hex');
  return expected === parts.v1 && Math.abs(Date.now() / 1000 - Number(parts.t)) < 300;
}

// One millisecond on: a delivery row's `next_attempt_at` defaults to PostgreSQL's now(), in microseconds,
// so a Date of the same millisecond is before it and the row is not yet due (failed on a quiet machine).
const later = (ms: number) => new Date(Date.now() + ms + 1);

describe('API keys', () => {
  it('shows the key once, keeps only its hash and prefix, and lists it without the secret', async () => {
    const created = await newKey(['products:read']);
    expect(created.secret).toMatch(/^sk_live_[A-Za-z0-9_-]{43}$/);
    expect(created.secret.startsWith(created.key.prefix)).toBe(true);
    const row = await t.db.selectFrom('api_keys').selectAll().where('id', '=', created.key.id).executeTakeFirstOrThrow();
    expect(row.secret_hash).toBe(createHash('sha256').update(created.secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.secret);
    const list = await asAdmin('GET', '/v1/admin/integrations');
    expect(list.payload).not.toContain(created.secret);
    expect(list.json<{ body: Integrations }>().body.keys.map((k) => k.id)).toContain(created.key.id);
  });

  it('a read-scope key reads its own shop but cannot write (403), and a write key can', async () => {
    const read = await newKey(['products:read', 'orders:read']);
    const listed = await t.request({ method: 'GET', url: '/v1/partner/products', headers: { authorization: `Bearer ${read.secret}` } });
    expect(listed.statusCode).toBe(200);
    expect(listed.json<{ body: { items: Array<{ id: string }> } }>().body.items.map((p) => p.id)).toEqual([seller.productId]);

    const stock = { delta: 5, note: 'Counted in the store' };
    const refused = await t.request({
      method: 'POST',
      url: `/v1/partner/products/${seller.productId}/stock`,
      headers: { authorization: `Bearer ${read.secret}` },
      payload: stock,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().header.customerMessage).toBe('This API key is not allowed to do that.');
    const before = await t.db.selectFrom('products').select('stock_quantity').where('id', '=', seller.productId).executeTakeFirstOrThrow();

    const write = await newKey(['products:write']);
    const moved = await t.request({
      method: 'POST',
      url: `/v1/partner/products/${seller.productId}/stock`,
      headers: { 'x-api-key': write.secret },
      payload: stock,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<{ body: { stock: number } }>().body.stock).toBe(before.stock_quantity + 5);
  });

  it('refuses no key, a made-up key, and a key of another kind of organisation', async () => {
    const none = await t.request({ method: 'GET', url: '/v1/partner/orders' });
    expect(none.statusCode).toBe(401);
    const fake = await t.request({
      method: 'GET',
      url: '/v1/partner/orders',
      headers: { authorization: `Bearer sk_live_${'x'.repeat(43)}` },
    });
    expect(fake.statusCode).toBe(401);
    const partner = await newKey(['orders:read'], { kind: 'partner', name: 'Nakuru Lenders' });
    const other = await t.request({ method: 'GET', url: '/v1/partner/orders', headers: { authorization: `Bearer ${partner.secret}` } });
    expect(other.statusCode).toBe(403);
  });

  it('a revoked key is refused at once, by another API process too', async () => {
    const key = await newKey(['orders:read']);
    // A second app on the same database stands for a second API process.
    const second = await buildApp({ db: t.db, config: t.config });
    try {
      const ask = () =>
        sendOverHttp(second, { method: 'GET', url: '/v1/partner/orders', headers: { authorization: `Bearer ${key.secret}` } });
      expect((await ask()).statusCode).toBe(200);
      const revoked = await asAdmin('POST', `/v1/admin/integrations/keys/${key.key.id}/revoke`);
      expect(revoked.statusCode).toBe(200);
      expect(revoked.json<{ body: ApiKey }>().body.revokedAt).not.toBeNull();
      expect((await ask()).statusCode).toBe(401);
      const here = await t.request({ method: 'GET', url: '/v1/partner/orders', headers: { authorization: `Bearer ${key.secret}` } });
      expect(here.statusCode).toBe(401);
    } finally {
      await second.close();
    }
  });

  it('is rate limited per key (120 a minute, counted in the shared store), another key keeping its own budget', async () => {
    const busy = await newKey(['orders:read']);
    const ask = (secret: string) => t.request({ method: 'GET', url: '/v1/partner/orders', headers: { 'x-api-key': secret } });
    for (let i = 0; i < 120; i += 1) expect((await ask(busy.secret)).statusCode).toBe(200);
    const limited = await ask(busy.secret);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const row = await t.db.selectFrom('rate_limits').select('count').where('key', '=', `api-key:${busy.key.id}`).executeTakeFirstOrThrow();
    expect(row.count).toBe(121);
    const calm = await newKey(['orders:read']);
    expect((await ask(calm.secret)).statusCode).toBe(200);
  });

  it('Admins only: a seller and a buyer are refused, signed out is 401', async () => {
    for (const who of [seller.user, buyer]) {
      expect((await t.request({ method: 'GET', url: '/v1/admin/integrations', headers: who.headers })).statusCode).toBe(403);
      const create = await t.request({
        method: 'POST',
        url: '/v1/admin/integrations/keys',
        headers: who.headers,
        payload: { org: { kind: 'shop', id: seller.sellerId }, name: 'Mine', scopes: ['orders:read'] },
      });
      expect(create.statusCode).toBe(403);
    }
    expect((await t.request({ method: 'GET', url: '/v1/admin/integrations' })).statusCode).toBe(401);
  });
});

describe('webhooks', () => {
  it('a placed and paid order reaches the shop endpoint, signed with its secret', async () => {
    const hook = await newWebhook(['order.placed', 'payment.confirmed']);
    const placed = await t.request({
      method: 'POST',
      url: '/v1/orders',
      headers: { ...buyer.headers, 'idempotency-key': randomUUID() },
      payload: testCheckout({ items: [{ productId: seller.productId, quantity: 1 }] }),
    });
    expect(placed.statusCode).toBe(201);
    const order = placed.json<{ body: Order }>().body;
    const part = order.fulfilments.find((f) => f.seller.id === seller.sellerId)!;
    const paid = await t.request({
      method: 'POST',
      url: `/v1/seller/sales/${part.id}/mark-paid`,
      headers: seller.user.headers,
      payload: {},
    });
    expect(paid.statusCode).toBe(200);

    await deliverWebhooks(t.db, ALLOW, later(0));
    const events = received.map((r) => JSON.parse(r.body) as WebhookPayload);
    expect(events.map((e) => e.type).sort()).toEqual(['order.placed', 'payment.confirmed']);
    expect(events.every((e) => e.data.orderId === order.id && e.org.id === seller.sellerId)).toBe(true);
    for (const delivery of received) expect(signatureHolds(delivery, hook.secret)).toBe(true);
    expect(signatureHolds(received[0]!, 'whsec_not-the-secret')).toBe(false);
    await asAdmin('POST', `/v1/admin/integrations/webhooks/${hook.webhook.id}/disable`);
  });

  it('is retried after a 500 from the receiver, with backoff, then delivered once', async () => {
    const hook = await newWebhook(['payout.paid']);
    await enqueueWebhookEvent(t.db, { kind: 'shop', id: seller.sellerId }, 'payout.paid', { payoutId: randomUUID(), amount: 1500 });
    answers = [500];
    const now = later(0);
    expect(await deliverWebhooks(t.db, ALLOW, now)).toBe(1);
    expect(received).toHaveLength(1);
    const log = async () =>
      (await asAdmin('GET', `/v1/admin/integrations/webhooks/${hook.webhook.id}/deliveries`)).json<{ body: WebhookDeliveryList }>().body
        .items;
    const [failed] = await log();
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, lastStatus: 500 });
    expect(new Date(failed!.nextAttemptAt!).getTime()).toBe(now.getTime() + WEBHOOK_RETRY_AFTER_MS[0]!);

    // Not yet due: nothing is sent before the backoff has passed.
    expect(await deliverWebhooks(t.db, ALLOW, new Date(now.getTime() + 1_000))).toBe(0);
    // Two processes' passes at once, once it is due: one of them takes it.
    const due = new Date(now.getTime() + WEBHOOK_RETRY_AFTER_MS[0]! + 1_000);
    const passes = await Promise.all([deliverWebhooks(t.db, ALLOW, due), deliverWebhooks(t.db, ALLOW, due)]);
    expect(passes.reduce((a, b) => a + b, 0)).toBe(1);
    expect(received).toHaveLength(2);
    expect(received[1]!.body).toBe(received[0]!.body);
    expect(signatureHolds(received[1]!, hook.secret)).toBe(true);
    expect((await log())[0]).toMatchObject({ status: 'delivered', attempts: 2, lastStatus: 200 });
    // Delivered means done: later passes send nothing more.
    expect(await deliverWebhooks(t.db, ALLOW, later(24 * 3_600_000))).toBe(0);
    expect(received).toHaveLength(2);
    await asAdmin('POST', `/v1/admin/integrations/webhooks/${hook.webhook.id}/disable`);
  });

  it('"Send test event" delivers a test.ping, seen in the delivery log', async () => {
    const hook = await newWebhook(['fulfilment.updated']);
    const sent = await asAdmin('POST', `/v1/admin/integrations/webhooks/${hook.webhook.id}/test`);
    expect(sent.statusCode).toBe(200);
    for (let i = 0; i < 50 && received.length === 0; i += 1) await new Promise((r) => setTimeout(r, 100));
    expect(received).toHaveLength(1);
    expect(JSON.parse(received[0]!.body)).toMatchObject({ type: 'test.ping', org: { kind: 'shop', id: seller.sellerId } });
    expect(signatureHolds(received[0]!, hook.secret)).toBe(true);
    let items: WebhookDeliveryList['items'] = [];
    for (let i = 0; i < 50; i += 1) {
      items = (await asAdmin('GET', `/v1/admin/integrations/webhooks/${hook.webhook.id}/deliveries`)).json<{ body: WebhookDeliveryList }>()
        .body.items;
      if (items[0]?.status === 'delivered') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(items[0]).toMatchObject({ eventType: 'test.ping', status: 'delivered' });
  });

  it('refuses a webhook for a shop that does not exist', async () => {
    const res = await asAdmin('POST', '/v1/admin/integrations/webhooks', {
      org: { kind: 'shop', id: randomUUID() },
      url: receiverUrl,
      events: ['order.placed'],
    });
    expect(res.statusCode).toBe(404);
  });
});

// Only the parts read here.
interface OpenApiDoc {
  components: { securitySchemes: Record<string, object> };
  paths: Record<string, Record<string, { security: unknown }>>;
  webhooks: Record<
    string,
    { post: { parameters: Array<{ name: string }>; requestBody: { content: Record<string, { schema: { properties: object } }> } } }
  >;
}

describe('the OpenAPI document (/v1/openapi.json, shown at /v1/docs)', () => {
  it('describes the key as a security scheme with each route’s scope, and every webhook payload', async () => {
    const doc = (await t.request({ method: 'GET', url: '/v1/openapi.json' })).json<OpenApiDoc>();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.apiKeyHeader).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-api-key' });
    expect(doc.paths['/v1/partner/products/{id}/stock']!.post!.security).toEqual([
      { apiKey: ['products:write'] },
      { apiKeyHeader: ['products:write'] },
    ]);
    expect(doc.paths['/v1/partner/orders']!.get!.security).toEqual([{ apiKey: ['orders:read'] }, { apiKeyHeader: ['orders:read'] }]);
    for (const event of ['order.placed', 'fulfilment.updated', 'payment.confirmed', 'payout.paid', 'payout.failed', 'test.ping']) {
      const hook = doc.webhooks[event]!.post;
      expect(hook.parameters[0]!.name).toBe('shambasoko-signature');
      expect(Object.keys(hook.requestBody.content['application/json']!.schema.properties)).toEqual([
        'id',
        'type',
        'createdAt',
        'org',
        'data',
      ]);
    }
  });
});

describe('webhooks never reach inside our network when private networks are refused (production)', () => {
  const REFUSE = { privateNetworks: 'refuse' } as const;
  const body = (url: string) => ({ org: { kind: 'shop' as const, id: seller.sellerId }, url, events: ['order.placed' as const] });

  it('refuses at registration an address naming or resolving to loopback, a private network or the metadata service', async () => {
    for (const url of [
      'https://127.0.0.1/hooks',
      'https://169.254.169.254/latest',
      'https://[::1]/x',
      'https://10.1.2.3/x',
      'https://localhost/x',
    ]) {
      await expect(createWebhook(t.db, admin.id, body(url), true, 'refuse')).rejects.toMatchObject({
        status: 422,
        message: 'A webhook address must be on the public internet, not inside a private network.',
      });
    }
    // Development and test allow them (the receiver here is on 127.0.0.1).
    await expect(createWebhook(t.db, admin.id, body(receiverUrl), false, 'allow')).resolves.toMatchObject({
      webhook: { url: receiverUrl },
    });
  });

  it('refuses at delivery a name that now resolves inside (DNS rebinding), and an address literal, on the connection itself', async () => {
    const port = new URL(receiverUrl).port;
    for (const url of [`http://localhost:${port}/hooks`, receiverUrl]) {
      // Registered while its name answered a public address (or before the setting changed): straight into the table.
      const row = await t.db
        .insertInto('webhook_endpoints')
        .values({
          org_kind: 'shop',
          org_id: seller.sellerId,
          org_name: 'Kamau',
          url,
          events: ['test.ping'],
          secret: newWebhookSecret(),
          created_by: admin.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const delivery = await enqueueTestEvent(t.db, row.id);
      expect(await deliverWebhooks(t.db, REFUSE, later(0))).toBeGreaterThanOrEqual(1);
      const after = await t.db
        .selectFrom('webhook_deliveries')
        .select(['status', 'last_error'])
        .where('id', '=', delivery!)
        .executeTakeFirstOrThrow();
      expect(after.status).toBe('pending');
      expect(after.last_error).toMatch(/private network/);
      await t.db.updateTable('webhook_endpoints').set({ disabled_at: new Date() }).where('id', '=', row.id).execute();
      await t.db.deleteFrom('webhook_deliveries').where('endpoint_id', '=', row.id).execute();
    }
    expect(received).toHaveLength(0);
  });
});

describe('API keys and webhooks in the admin audit (admin_actions)', () => {
  type Actions = { items: Array<{ action: string; actorName: string | null; before: object; after: Record<string, unknown> }> };
  const history = async (subject: string) =>
    (await asAdmin('GET', `/v1/admin/actions?subject=${subject}`)).json<{ body: Actions }>().body.items;

  it('records creating and revoking a key (once, however often revoked), and adding and turning off a webhook, never the secret', async () => {
    const created = await newKey(['orders:read']);
    await asAdmin('POST', `/v1/admin/integrations/keys/${created.key.id}/revoke`);
    await asAdmin('POST', `/v1/admin/integrations/keys/${created.key.id}/revoke`);
    const keyHistory = await history(`api_key:${created.key.id}`);
    expect(keyHistory.map((a) => a.action)).toEqual(['api_key.revoke', 'api_key.create']);
    expect(keyHistory[1]!.after).toMatchObject({ name: created.key.name, prefix: created.key.prefix, scopes: ['orders:read'] });
    expect(JSON.stringify(keyHistory)).not.toContain(created.secret);

    const hook = await newWebhook(['order.placed']);
    await asAdmin('POST', `/v1/admin/integrations/webhooks/${hook.webhook.id}/disable`);
    const hookHistory = await history(`webhook:${hook.webhook.id}`);
    expect(hookHistory.map((a) => a.action)).toEqual(['webhook.disable', 'webhook.create']);
    expect(hookHistory[1]!.after).toMatchObject({ url: receiverUrl, events: ['order.placed'] });
    expect(JSON.stringify(hookHistory)).not.toContain(hook.secret);
    expect(hookHistory.every((a) => a.actorName !== null)).toBe(true);
  });
});
