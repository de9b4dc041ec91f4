import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Dashboard, Farm, Order } from '@shambasoko/contracts';
import { sql } from 'kysely';
import { findInputProblem } from '../http/input-guard';
import { type Client, buildFarm, client } from '../modules/farm/test-helpers';
import { createTestUser, type TestUser } from '../testing/auth';
import { repeatableBlockDuring } from '../testing/event-loop';
import { orderableProducts, testCheckout } from '../testing/orders';
import { createShop } from '../testing/shops';
import { startTestApp, type TestApp } from '../testing/test-app';

// Hostile input (issue 12, items 2-4): control characters, lone surrogates, runaway patterns, deep
// nesting and numbers without bounds are refused with a 400 that names the field, never a 500.

let t: TestApp;
let user: TestUser;
let owner: Client;

beforeAll(async () => {
  t = await startTestApp();
  user = await createTestUser(t.db, t.config.jwtSecret);
  owner = client(t, user);
}, 60_000);
afterAll(async () => t?.close());

const messageOf = (res: { json: () => unknown }) => (res.json() as { header: { customerMessage: string } }).header.customerMessage;
const NUL = '\u0000';
const farmBody = (over: object = {}) => ({ name: 'Kijani', location: 'Nakuru', totalSize: 40, owner: 'Test Owner', ...over });

describe('control characters and lone surrogates', () => {
  it('refuses U+0000 in the catalog search, search suggestions and a promo code, signed out', async () => {
    const search = await t.request({ method: 'GET', url: '/v1/products?q=maize%00' });
    expect(search.statusCode).toBe(400);
    expect(messageOf(search)).toBe('q: contains characters that are not allowed');

    const suggest = await t.request({ method: 'GET', url: '/v1/search/suggest?q=mah%00' });
    expect(suggest.statusCode).toBe(400);
    expect(messageOf(suggest)).toBe('q: contains characters that are not allowed');
    const runaway = await t.request({ method: 'GET', url: `/v1/search/suggest?q=${'m'.repeat(10_000)}` });
    expect(`${runaway.statusCode} ${messageOf(runaway)}`).toBe('400 q: must be at most 100 characters');

    const promo = await t.request({ method: 'POST', url: '/v1/promos/validate', payload: { code: `SAVE${NUL}10`, subtotal: 100 } });
    expect(promo.statusCode).toBe(400);
    expect(messageOf(promo)).toBe('code: contains characters that are not allowed');
  });

  it('refuses U+0000 in a farm name, a profile name, activity notes and the farm list search', async () => {
    const farm = await owner.post('/v1/farms', farmBody({ name: `Kijani${NUL}` }));
    expect(farm).toMatchObject({ status: 400, message: 'name: contains characters that are not allowed' });

    const profile = await owner.patch('/v1/profile', { firstName: `Wanjiku${NUL}` });
    expect(profile).toMatchObject({ status: 400, message: 'firstName: contains characters that are not allowed' });

    const fx = await buildFarm(owner);
    const activity = await owner.post('/v1/activities', {
      farmId: fx.farm.id,
      fieldId: fx.field.id,
      name: 'Weeding',
      notes: `row 3${NUL}`,
    });
    expect(activity).toMatchObject({ status: 400, message: 'notes: contains characters that are not allowed' });

    const list = await owner.get('/v1/farms?search=kij%00');
    expect(list).toMatchObject({ status: 400, message: 'search: contains characters that are not allowed' });
  });

  it('refuses a lone surrogate instead of storing U+FFFD', async () => {
    const farm = await owner.post('/v1/farms', farmBody({ name: 'Kijani \ud800' }));
    expect(farm).toMatchObject({ status: 400, message: 'name: contains characters that are not allowed' });
    const notes = await owner.post('/v1/farms', farmBody({ description: 'low \udc00 end' }));
    expect(notes.status).toBe(400);
  });

  it('refuses other controls and DEL, in nested fields and keys, but keeps tabs, newlines and emoji', async () => {
    const order = await t.request({
      method: 'POST',
      url: '/v1/orders',
      headers: { ...user.headers, 'idempotency-key': randomUUID() },
      payload: testCheckout({ shipping: { ...testCheckout().shipping, city: 'Kiambu\u001b[2J' } }),
    });
    expect(order.statusCode).toBe(400);
    expect(messageOf(order)).toBe('shipping.city: contains characters that are not allowed');

    expect(await owner.post('/v1/farms', farmBody({ owner: 'Del\u007f' }))).toMatchObject({
      status: 400,
      message: 'owner: contains characters that are not allowed',
    });
    expect(await owner.post('/v1/farms', { ...farmBody(), [`x${NUL}`]: 1 })).toMatchObject({
      status: 400,
      message: 'x?: contains characters that are not allowed',
    });

    const ok = await owner.post<Farm>('/v1/farms', farmBody({ name: 'Shamba 🌱', description: 'line one\n\tline two\r\n' }));
    expect(ok.status).toBe(201);
    expect(ok.body.name).toBe('Shamba 🌱');
  });

  it('refuses a JSON body that is not valid UTF-8 rather than reading U+FFFD into it', async () => {
    await t.request({ method: 'GET', url: '/health' });
    const { port } = t.app.server.address() as AddressInfo;
    const body = Buffer.concat([
      Buffer.from('{"name":"Kijani '),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('","location":"N","totalSize":1,"owner":"O"}'),
    ]);
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/v1/farms',
          headers: { ...user.headers, 'content-type': 'application/json', 'content-length': body.length },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text).header.customerMessage).toBe('The request body is not valid UTF-8 text.');
  });

  it('refuses them in the query of the role homes, which read no input at all', async () => {
    const seller = await createTestUser(t.db, t.config.jwtSecret, { roles: ['Supplier', 'Buyer'] });
    for (const url of ['/v1/buyer/home', '/v1/buyer/suppliers', '/v1/seller/home']) {
      const res = await t.request({ method: 'GET', url: `${url}?since=2026%00`, headers: seller.headers });
      expect(`${url} → ${res.statusCode} ${messageOf(res)}`).toBe(`${url} → 400 since: contains characters that are not allowed`);
      const fine = await t.request({ method: 'GET', url: `${url}?since=${'9'.repeat(400)}`, headers: seller.headers });
      expect(fine.statusCode).toBe(200);
    }
  });

  it('refuses them in route params too', async () => {
    const res = await t.request({ method: 'GET', url: '/v1/products/abc%00def' });
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toBe('id: contains characters that are not allowed');
  });

  it("refuses them in Management's searches, reasons and audit subject, and bounds a reason's length, changing nothing", async () => {
    const admin = await createTestUser(t.db, t.config.jwtSecret, { roles: ['Admin'] });
    const target = await createTestUser(t.db, t.config.jwtSecret, { roles: ['Buyer'] });
    const ask = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.request({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });
    for (const url of ['/v1/admin/accounts?q=wan%00jiru', '/v1/admin/products?q=mai%00ze']) {
      const res = await ask('GET', url);
      expect(`${res.statusCode} ${messageOf(res)}`).toBe('400 q: contains characters that are not allowed');
    }
    const subject = await ask('GET', `/v1/admin/actions?subject=account:${target.id}%00`);
    expect(subject.statusCode).toBe(400);
    const cursor = await ask('GET', `/v1/admin/accounts?cursor=${'A'.repeat(201)}`);
    expect(`${cursor.statusCode} ${messageOf(cursor)}`).toBe('400 cursor: must be at most 200 characters');
    for (const reason of [`spam${NUL}`, 'fake \ud800', 'x'.repeat(100_000)]) {
      const res = await ask('POST', `/v1/admin/accounts/${target.id}/suspend`, { reason });
      expect(res.statusCode).toBe(400);
      expect(messageOf(res)).toMatch(/^reason: /);
    }
    const row = await t.db.selectFrom('users').select('suspended_at').where('id', '=', target.id).executeTakeFirstOrThrow();
    expect(row.suspended_at).toBeNull();
  });

  it("refuses them in a refund's settle reference and note, the refunds filter and the reconciliation dates, settling nothing", async () => {
    const admin = await createTestUser(t.db, t.config.jwtSecret, { roles: ['Admin'] });
    const ask = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.request({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });
    const part = randomUUID();
    for (const payload of [{ reference: `EQ${NUL}1` }, { reference: 'EQ \ud800' }, { reference: 'x'.repeat(100_000) }]) {
      const res = await ask('POST', `/v1/admin/refunds/${part}/settle`, payload);
      expect(res.statusCode).toBe(400);
      expect(messageOf(res)).toMatch(/^reference: /);
    }
    for (const note of [`paid${NUL}`, 'x'.repeat(100_000)]) {
      const res = await ask('POST', `/v1/admin/refunds/${part}/settle`, { reference: 'EQ-1', note });
      expect(res.statusCode).toBe(400);
      expect(messageOf(res)).toMatch(/^note: /);
    }
    expect((await ask('POST', `/v1/admin/refunds/${part}%00/settle`, { reference: 'EQ-1' })).statusCode).toBe(400);
    expect((await ask('GET', '/v1/admin/refunds?state=due%00')).statusCode).toBe(400);
    expect((await ask('GET', `/v1/admin/reconciliation?from=2026-01-01%00`)).statusCode).toBe(400);
    expect((await ask('GET', `/v1/admin/reconciliation?to=${'9'.repeat(10_000)}`)).statusCode).toBe(400);
    expect(await t.db.selectFrom('manual_refunds').selectAll().execute()).toEqual([]);
  });
});

describe('no request holds up the API', () => {
  it('answers a shipping e-mail of 32,000 "@" with a 400 at once', async () => {
    const body = testCheckout({ shipping: { ...testCheckout().shipping, email: '@'.repeat(32_000) } });
    const { result, blockedMs } = await repeatableBlockDuring(() =>
      t.request({ method: 'POST', url: '/v1/orders', headers: { ...user.headers, 'idempotency-key': randomUUID() }, payload: body }),
    );
    expect(blockedMs).toBeLessThan(100);
    expect(result.statusCode).toBe(400);
    expect(messageOf(result)).toBe('shipping.email: must be at most 254 characters');
  });

  it('still checks the e-mail pattern on addresses of a normal length', async () => {
    const body = testCheckout({ shipping: { ...testCheckout().shipping, email: 'wanjiku@@example' } });
    const res = await t.request({
      method: 'POST',
      url: '/v1/orders',
      headers: { ...user.headers, 'idempotency-key': randomUUID() },
      payload: body,
    });
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toMatch(/^shipping\.email: must be a valid e-mail address/);
  });

  it('answers 100,000 levels of nesting with a 400, quickly', async () => {
    for (const payload of ['['.repeat(100_000) + ']'.repeat(100_000), `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`]) {
      const { result, blockedMs } = await repeatableBlockDuring(() =>
        t.request({ method: 'POST', url: '/v1/farms', headers: { ...user.headers, 'content-type': 'application/json' }, payload }),
      );
      expect(result.statusCode).toBe(400);
      expect(messageOf(result)).toMatch(/is nested too deeply$/);
      expect(blockedMs).toBeLessThan(100);
    }
  });

  it('walks a nested body without recursion and names the first problem', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 1_000_000; i += 1) deep = [deep];
    expect(findInputProblem(deep, 'body')).toBe(`${Array.from({ length: 32 }, () => '0').join('.')}: is nested too deeply`);
    expect(findInputProblem({ items: [{ productId: 'a' }, { productId: `b${NUL}` }] }, 'body')).toBe(
      'items.1.productId: contains characters that are not allowed',
    );
    expect(findInputProblem(`a${NUL}`, 'body')).toBe('body: contains characters that are not allowed');
    expect(findInputProblem({ ok: ['tab\there', 'new\nline', 5, null, true] }, 'body')).toBeNull();
  });
});

describe('numbers with domain bounds', () => {
  it('refuses farm sizes of 1e308 and 2^53 + 1 hectares, and zero', async () => {
    const huge = await owner.post('/v1/farms', farmBody({ totalSize: 1e308 }));
    expect(huge).toMatchObject({ status: 400, message: 'totalSize: must be at most 1,000,000 hectares' });

    const raw = await t.request({
      method: 'POST',
      url: '/v1/farms',
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: JSON.stringify(farmBody()).replace('"totalSize":40', '"totalSize":9007199254740993'),
    });
    expect(raw.statusCode).toBe(400);
    expect(messageOf(raw)).toBe('totalSize: must be at most 1,000,000 hectares');

    expect(await owner.post('/v1/farms', farmBody({ totalSize: 0 }))).toMatchObject({
      status: 400,
      message: 'totalSize: must be more than 0',
    });
  });

  it('bounds field sizes in their unit, crop areas, yields, money and pages', async () => {
    const fx = await buildFarm(owner);
    expect((await owner.post(`/v1/farms/${fx.farm.id}/fields`, { name: 'B', size: 2_000_000, cropType: 'Tea' })).message).toBe(
      'size: must be at most 1,000,000 hectares',
    );
    expect(
      (await owner.post(`/v1/farms/${fx.farm.id}/fields`, { name: 'B', size: 2_000_000, unit: 'square meters', cropType: 'Tea' })).status,
    ).toBe(201);
    expect((await owner.patch(`/v1/crops/${fx.crop.id}`, { area: 1e308 })).status).toBe(400);
    expect((await owner.patch(`/v1/crops/${fx.crop.id}`, { yieldPerHectare: 1e6 })).status).toBe(400);
    const cost = {
      farmId: fx.farm.id,
      fieldId: fx.field.id,
      seasonId: fx.season.id,
      cropId: fx.crop.id,
      activityType: 'Planting',
      budgetCategory: 'Labor',
      description: 'x',
    };
    expect(await owner.post('/v1/costs', { ...cost, amount: 10_000_000_001 })).toMatchObject({
      status: 400,
      message: 'amount: must be at most Ksh\u00a010,000,000,000',
    });
    expect((await owner.post('/v1/costs', { ...cost, amount: 1.5 })).status).toBe(400);
    expect((await owner.get('/v1/farms?page=1e308')).status).toBe(400);
    expect((await owner.get('/v1/farms?page=9007199254740993')).status).toBe(400);
    const promo = await t.request({ method: 'POST', url: '/v1/promos/validate', payload: { code: 'X', subtotal: 1e308 } });
    expect(promo.statusCode).toBe(400);
  });

  it('holds the size and money bounds in the database too (migration 013)', async () => {
    const fx = await buildFarm(owner);
    await expect(t.db.updateTable('farms').set({ total_size: 1e308 }).where('id', '=', fx.farm.id).execute()).rejects.toThrow(
      /farms_total_size_max/,
    );
    await expect(t.db.updateTable('crops').set({ area: 1_000_001 }).where('id', '=', fx.crop.id).execute()).rejects.toThrow(
      /crops_area_max/,
    );
    const { rows } = await sql<{ data_type: string }>`
      select data_type from information_schema.columns where table_schema = 'public' and (table_name, column_name) in
        (('orders', 'subtotal'), ('orders', 'discount'), ('orders', 'delivery_fee'), ('orders', 'total'), ('order_items', 'unit_price'), ('costs', 'amount'), ('budgets', 'planned'),
         ('crop_income', 'price_per_unit'), ('crop_income', 'total'))
    `.execute(t.db);
    expect(rows.map((row) => row.data_type)).toEqual(Array(9).fill('bigint'));
  });

  it('keeps the dashboard at 200 with the largest legal sizes and amounts', async () => {
    const rich = client(t, await createTestUser(t.db, t.config.jwtSecret));
    const fixtures = [await buildFarm(rich), await buildFarm(rich)];
    for (const fx of fixtures) {
      expect((await rich.patch(`/v1/farms/${fx.farm.id}`, { totalSize: 1_000_000 })).status).toBe(200);
      expect((await rich.patch(`/v1/crops/${fx.crop.id}`, { area: 1_000_000, yieldPerHectare: 1_000 })).status).toBe(200);
      expect((await rich.put('/v1/budgets', { farmId: fx.farm.id, category: 'Labor', planned: 10_000_000_000 })).status).toBe(200);
      const cost = {
        farmId: fx.farm.id,
        fieldId: fx.field.id,
        seasonId: fx.season.id,
        cropId: fx.crop.id,
        activityType: 'Planting',
        budgetCategory: 'Labor',
        description: 'x',
      };
      for (let i = 0; i < 2; i += 1) expect((await rich.post('/v1/costs', { ...cost, amount: 10_000_000_000 })).status).toBe(201);
    }
    const dashboard = await rich.get<Dashboard>('/v1/dashboard');
    expect(dashboard.status).toBe(200);
    expect(dashboard.body).toMatchObject({
      totalFarms: 2,
      totalArea: 2_000_000,
      budget: { total: 20_000_000_000, spent: 40_000_000_000, remaining: -20_000_000_000 },
    });
    expect(dashboard.body.cropDistribution).toEqual([{ name: 'Maize', area: 2_000_000, percentage: 100 }]);

    const summary = await rich.get<{ categories: Array<{ name: string; planned: number; actual: number }> }>('/v1/budget/summary');
    expect(summary.status).toBe(200);
    expect(JSON.stringify(summary.body)).toContain('40000000000');
  });
});

describe('commission rates', () => {
  it('refuses rates of 1e308, below zero, above 50 %, as text or fractional, and a category with a NUL, changing nothing', async () => {
    const admin = await createTestUser(t.db, t.config.jwtSecret, { firstName: 'Rate', lastName: 'Admin', roles: ['Admin'] });
    const put = (category: string, payload: object) =>
      t.request({ method: 'PUT', url: `/v1/admin/commission-rates/${category}`, headers: admin.headers, payload });
    for (const rateBp of [1e308, -1, 5001, '500', 12.5, null]) {
      const res = await put('crops', { rateBp });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ header: { customerMessage: string } }>().header.customerMessage).toMatch(/rateBp/);
    }
    expect((await put('crops%00', { rateBp: 100 })).statusCode).toBe(400);
    expect((await put('crops', { rateBp: 100, extra: 'x'.repeat(100_000) })).statusCode).toBe(400);
    expect(await t.db.selectFrom('commission_rates').selectAll().execute()).toEqual([]);
  });
});

describe('payouts', () => {
  it('refuses payout amounts of 1e308, below one, fractional or as text, a bad key, a phone with a NUL, changing nothing', async () => {
    const seller = (await createShop(t.db, t.config.jwtSecret, { name: 'Hostile' })).user;
    const post = (payload: object, key: string = randomUUID()) =>
      t.request({ method: 'POST', url: '/v1/seller/payouts', headers: { ...seller.headers, 'idempotency-key': key }, payload });
    for (const amount of [1e308, -1, 0, 12.5, '500', null]) {
      const res = await post({ amount });
      expect(res.statusCode).toBe(400);
      expect(messageOf(res)).toMatch(/amount/);
    }
    expect((await post({}, 'key with spaces!')).statusCode).toBe(400);
    expect((await post({ extra: 1 })).statusCode).toBe(400);
    const put = (payload: object) => t.request({ method: 'PUT', url: '/v1/seller/payout-settings', headers: seller.headers, payload });
    for (const phone of [`0712 345 678${NUL}`, '0712'.repeat(10_000), 712345678])
      expect((await put({ automatic: true, phone })).statusCode).toBe(400);
    expect((await put({ automatic: 'yes', phone: '' })).statusCode).toBe(400);
    expect(await t.db.selectFrom('disbursements').selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom('seller_payout_settings').selectAll().execute()).toEqual([]);
  });
});

describe('announcements', () => {
  it('refuses a NUL or runaway text, unknown roles and counties, a bad time or id, and an Admin-only audience trick, writing nothing', async () => {
    const admin = await createTestUser(t.db, t.config.jwtSecret, { firstName: 'Notice', lastName: 'Admin', roles: ['Admin'] });
    const base = { titleEn: 'Rain', bodyEn: 'Plant now', titleSw: 'Mvua', bodySw: 'Panda sasa', roles: ['Farmer'] };
    const post = (payload: object) => t.request({ method: 'POST', url: '/v1/admin/announcements', headers: admin.headers, payload });
    expect(messageOf(await post({ ...base, titleEn: `Rain${NUL}` }))).toBe('titleEn: contains characters that are not allowed');
    for (const bad of [
      { bodySw: 'x'.repeat(2001) },
      { titleSw: '' },
      { titleSw: undefined },
      { roles: [] },
      { roles: ['Root'] },
      { roles: 'Farmer' },
      { counties: ['Atlantis'] },
      { counties: ['Nakuru\u0000'] },
      { publishAt: 'tomorrow' },
      { publishAt: '2020-01-01T00:00:00+03:00' },
      { extra: 1 },
    ])
      expect((await post({ ...base, ...bad })).statusCode).toBe(400);
    expect((await t.request({ method: 'DELETE', url: '/v1/admin/announcements/not-a-uuid', headers: admin.headers })).statusCode).toBe(400);
    const seller = (await createShop(t.db, t.config.jwtSecret, { name: 'Herald' })).user;
    const sellerPost = (payload: object) =>
      t.request({ method: 'POST', url: '/v1/seller/announcements', headers: seller.headers, payload });
    expect(messageOf(await sellerPost({ title: `New${NUL}`, body: 'x' }))).toBe('title: contains characters that are not allowed');
    expect((await sellerPost({ title: 'New', body: 'x'.repeat(2001) })).statusCode).toBe(400);
    // A seller may not pick an audience: only their followers hear them.
    expect((await sellerPost({ title: 'New', body: 'x', roles: ['Admin'] })).statusCode).toBe(400);
    expect(await t.db.selectFrom('announcements').selectAll().execute()).toEqual([]);
  });
});

describe('disputes and the job clock', () => {
  it('refuses a NUL or a runaway note, an unknown reason, and refund amounts without bounds, changing nothing', async () => {
    const admin = await createTestUser(t.db, t.config.jwtSecret, { firstName: 'Dispute', lastName: 'Admin', roles: ['Admin'] });
    const order = randomUUID();
    const part = randomUUID();
    const open = (payload: object) =>
      t.request({ method: 'POST', url: `/v1/orders/${order}/fulfilments/${part}/dispute`, headers: user.headers, payload });
    expect(messageOf(await open({ reason: 'damaged', note: `torn${NUL}` }))).toBe('note: contains characters that are not allowed');
    expect((await open({ reason: 'damaged', note: 'x'.repeat(1001) })).statusCode).toBe(400);
    expect((await open({ reason: 'damaged\u0000', note: 'x' })).statusCode).toBe(400);
    expect((await open({ reason: { $ne: 1 }, note: 'x' })).statusCode).toBe(400);
    const decide = (payload: object) =>
      t.request({ method: 'POST', url: `/v1/admin/disputes/${randomUUID()}/decide`, headers: admin.headers, payload });
    for (const amount of [1e308, -1, 0, 12.5, '700', null]) {
      const res = await decide({ outcome: 'refund', amount, reason: 'x' });
      expect(res.statusCode).toBe(400);
      expect(messageOf(res)).toMatch(/amount/);
    }
    expect((await decide({ outcome: 'refund', amount: 10, reason: `x${NUL}` })).statusCode).toBe(400);
    const answer = await t.request({
      method: 'POST',
      url: `/v1/seller/sales/${part}/dispute/answer`,
      headers: user.headers,
      payload: { note: `a${NUL}` },
    });
    expect(answer.statusCode).toBe(400);
    expect(await t.db.selectFrom('disputes').selectAll().execute()).toEqual([]);
  });

  it('the job clock refuses a time that is not an ISO date-time', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const token = fs.readFileSync(path.join(t.config.dataDir, 'operator-token'), 'utf8').trim();
    for (const at of ['tomorrow', '2026-02-30T00:00:00Z', 1e308, `2026-01-01${NUL}`]) {
      const res = await t.request({
        method: 'POST',
        url: '/v1/operator/jobs/delivery-release/run',
        headers: { 'x-operator-token': token },
        payload: { at },
      });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('SMS delivery reports', () => {
  it('refuse a NUL, a runaway id, a missing status and a JSON array, changing nothing', async () => {
    const token = t.config.notices.sms!.deliveryToken;
    const form = (fields: Record<string, string>) => ({
      method: 'POST',
      url: `/v1/notices/sms/delivery/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
    const bodies: Array<Record<string, string>> = [
      { id: `ATXid${NUL}`, status: 'Success' },
      { id: 'x'.repeat(5000), status: 'Success' },
      { id: 'ATXid_1' },
    ];
    for (const fields of bodies) {
      const res = await t.request(form(fields));
      expect(res.statusCode).toBe(400);
    }
    const array = await t.request({
      method: 'POST',
      url: `/v1/notices/sms/delivery/${token}`,
      payload: [{ id: 'ATXid_1', status: 'Success' }],
    });
    expect(array.statusCode).toBe(400);
    const longToken = await t.request({
      ...form({ id: 'ATXid_1', status: 'Success' }),
      url: `/v1/notices/sms/delivery/${'t'.repeat(250)}`,
    });
    expect(longToken.statusCode).toBe(414);
  });
});

describe('push subscriptions', () => {
  it('refuse a NUL, a runaway or non-web endpoint, keys that are not base64url and a JSON array, storing nothing', async () => {
    const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };
    const endpoint = 'https://push.example.com/send/1';
    const badEndpoints = [`${endpoint}${NUL}`, `${endpoint}/${'x'.repeat(5000)}`, 'javascript:alert(1)', 'file:///etc/passwd'];
    const bodies: unknown[] = [
      ...badEndpoints.map((bad) => ({ endpoint: bad, keys })),
      { endpoint, keys: { ...keys, p256dh: `${'A'.repeat(86)}<` } },
      { endpoint, keys: { ...keys, auth: 'A'.repeat(5000) } },
      { endpoint },
      [{ endpoint, keys }],
    ];
    const send = (method: 'POST' | 'DELETE', payload: unknown) =>
      t.request({ method, url: '/v1/me/push/subscriptions', headers: user.headers, payload: payload as object });
    for (const payload of bodies) expect((await send('POST', payload)).statusCode).toBe(400);
    for (const bad of badEndpoints) expect((await send('DELETE', { endpoint: bad })).statusCode).toBe(400);
    expect((await send('DELETE', [{ endpoint }])).statusCode).toBe(400);
    expect(await t.db.selectFrom('push_subscriptions').selectAll().execute()).toEqual([]);
  });
});

describe('order totals', () => {
  it('adds several high-value lines without 32-bit overflow', async () => {
    const rows = await orderableProducts(t.db, { count: 3 });
    const price = 1_500_000_000;
    await t.db
      .updateTable('products')
      .set({ price, original_price: null, stock_quantity: 10 })
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    const res = await t.request({
      method: 'POST',
      url: '/v1/orders',
      headers: { ...user.headers, 'idempotency-key': randomUUID() },
      payload: testCheckout({ items: rows.map((r) => ({ productId: r.id, quantity: 2 })) }),
    });
    expect(res.statusCode).toBe(201);
    const order = res.json<{ body: Order }>().body;
    expect(order.subtotal).toBe(9_000_000_000);
    expect(order.total).toBe(9_000_000_000 + order.deliveryFee - order.discount);
    const again = await t.request({ method: 'GET', url: `/v1/orders/${order.id}`, headers: user.headers });
    expect(again.json<{ body: Order }>().body.total).toBe(order.total);
  });
});

describe('report date ranges', () => {
  const HOSTILE: Array<[string, string]> = [
    ['from=2026-01-01%00', 'from: contains characters that are not allowed'],
    ['from=2026-01-01&from=2026-02-01', 'from: must be a date (YYYY-MM-DD)'],
    [`to=${'9'.repeat(5000)}`, 'to: must be a date (YYYY-MM-DD)'],
    ['to=99999-01-01', 'to: must be a date (YYYY-MM-DD)'],
    ['from=2026-13-01', 'from: must be a date (YYYY-MM-DD)'],
    ['from=2000-01-01&to=2099-12-31', 'from: must be at most 3 years before the end date'],
    ['from=0001-01-01&to=9999-12-31', 'from: must be a date from 2000 to 2099; to: must be a date from 2000 to 2099'],
    ['to=0001-01-01', 'to: must be a date from 2000 to 2099'],
  ];
  it.each(['sales', 'sales.csv', 'spending', 'spending.csv', 'platform', 'platform.csv'])(
    'GET /v1/reports/%s refuses them with a 400 that names the field',
    async (report) => {
      const everyone = await createTestUser(t.db, t.config.jwtSecret, { roles: ['Admin', 'Farmer', 'Buyer'] });
      for (const [query, message] of HOSTILE) {
        const res = await t.request({ method: 'GET', url: `/v1/reports/${report}?${query}`, headers: everyone.headers });
        expect(`${query} → ${res.statusCode} ${messageOf(res)}`).toBe(`${query} → 400 ${message}`);
      }
    },
  );
});

describe('statements, receipts and share links', () => {
  it('refuse a NUL, a runaway or impossible month, and hostile share-link bodies with a 400 that names the field, storing no link', async () => {
    const seller = await createTestUser(t.db, t.config.jwtSecret, { roles: ['Farmer', 'Buyer'] });
    for (const month of ['2026-11%00', '9'.repeat(90), '1e308', '2026-00', '-2026-01', '2026-11%0A']) {
      for (const suffix of ['', '.pdf']) {
        const res = await t.request({ method: 'GET', url: `/v1/seller/statements/${month}${suffix}`, headers: seller.headers });
        expect(`${month}${suffix} → ${res.statusCode}`).toBe(`${month}${suffix} → 400`);
        expect(messageOf(res)).toMatch(/^month: /);
      }
    }
    const share = (payload: unknown) =>
      t.request({ method: 'POST', url: '/v1/share-links', headers: seller.headers, payload: payload as object });
    for (const payload of [
      { kind: 'receipt', orderId: `x${NUL}` },
      { kind: 'receipt', orderId: 'x'.repeat(100_000) },
      { kind: 'receipt', orderId: 1e308 },
      { kind: 'statement', month: `2026-11${NUL}` },
      { kind: 'statement', month: 202611 },
      { kind: 'statement\u0007', month: '2026-11' },
      { kind: ['receipt'], orderId: 'x' },
      [],
    ]) {
      const res = await share(payload);
      expect(`${JSON.stringify(payload).slice(0, 60)} → ${res.statusCode}`).toMatch(/ → 400$/);
    }
    for (const token of [`${'A'.repeat(42)}%00`, 'A'.repeat(5000), '%F0%9F%98%80'.repeat(11), '..%2F..%2Fetc']) {
      const res = await t.request({ method: 'GET', url: `/v1/shared/${token}.pdf` });
      expect(`${token.slice(0, 20)} → ${res.statusCode}`).toMatch(/ → (400|404|414)$/);
    }
    expect(await t.db.selectFrom('share_links').selectAll().execute()).toEqual([]);
  });
});

describe('messages', () => {
  it('refuses a NUL, a runaway or an empty message, a bad Idempotency-Key and operator-shaped ids, sending nothing', async () => {
    const shop = await createShop(t.db, t.config.jwtSecret, { name: 'Hostile' });
    const started = await t.request({
      method: 'POST',
      url: '/v1/conversations',
      headers: user.headers,
      payload: { sellerId: shop.sellerId },
    });
    expect(started.statusCode).toBe(200);
    const id = (started.json() as { body: { id: string } }).body.id;
    const send = (payload: object, headers: Record<string, string> = {}) =>
      t.request({ method: 'POST', url: `/v1/conversations/${id}/messages`, headers: { ...user.headers, ...headers }, payload });
    expect(messageOf(await send({ text: `hi${NUL}` }))).toBe('text: contains characters that are not allowed');
    expect(messageOf(await send({ text: 'bidi \u202e' }))).toMatch(/^text/);
    expect((await send({ text: 'x'.repeat(2001) })).statusCode).toBe(400);
    expect((await send({ text: { $ne: 1 } })).statusCode).toBe(400);
    expect((await send({ text: ['a'] })).statusCode).toBe(400);
    expect((await send({ text: 'ok' }, { 'idempotency-key': 'short' })).statusCode).toBe(400);
    for (const sellerId of [`${shop.sellerId}${NUL}`, "' or 1=1 --", 'x'.repeat(65), { $ne: 1 }]) {
      const res = await t.request({ method: 'POST', url: '/v1/conversations', headers: user.headers, payload: { sellerId } });
      expect([400, 404]).toContain(res.statusCode);
    }
    expect(
      (await t.request({ method: 'GET', url: `/v1/conversations/${id}/messages?before=${'x'.repeat(65)}`, headers: user.headers }))
        .statusCode,
    ).toBe(400);
    expect((await t.request({ method: 'GET', url: `/v1/messages/stream?ticket=${'x'.repeat(129)}` })).statusCode).toBe(400);
    const report = (payload: object) =>
      t.request({ method: 'POST', url: `/v1/conversations/${id}/report`, headers: user.headers, payload });
    expect(messageOf(await report({ reason: 'spam', note: `x${NUL}` }))).toBe('note: contains characters that are not allowed');
    expect((await report({ reason: 'spam', note: 'x'.repeat(1001) })).statusCode).toBe(400);
    expect((await report({ reason: { $ne: 1 } })).statusCode).toBe(400);
    expect(await t.db.selectFrom('message_reports').selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom('messages').selectAll().where('conversation_id', '=', id).execute()).toEqual([]);
  });

  it('a message photo: a script, a photo header over garbage, an empty body and hostile photo names are refused, nothing sent', async () => {
    const shop = await createShop(t.db, t.config.jwtSecret, { name: 'HostilePhoto' });
    const started = await t.request({
      method: 'POST',
      url: '/v1/conversations',
      headers: user.headers,
      payload: { sellerId: shop.sellerId },
    });
    const id = (started.json() as { body: { id: string } }).body.id;
    const upload = (payload: Buffer, type: string) =>
      t.request({ method: 'POST', url: `/v1/conversations/${id}/photos`, headers: { ...user.headers, 'content-type': type }, payload });
    const pngHeader = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    for (const [payload, type] of [
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'image/svg+xml'],
      [Buffer.from('<script>alert(1)</script>'), 'image/png'],
      [Buffer.concat([pngHeader, Buffer.alloc(64, 0xff)]), 'image/png'],
      [Buffer.alloc(0), 'image/jpeg'],
    ] as const) {
      expect([400, 422]).toContain((await upload(payload, type)).statusCode);
    }
    expect((await upload(Buffer.from('{"text":"x"}'), 'text/html')).statusCode).toBe(415);
    for (const name of [`${'a'.repeat(32)}-800.webp%00`, '..%2F..%2Fetc%2Fpasswd', `${'a'.repeat(32)}-800.svg`, 'x'.repeat(5000)]) {
      const res = await t.request({ method: 'GET', url: `/v1/conversations/${id}/photos/${name}`, headers: user.headers });
      expect(`${name.slice(0, 20)} → ${res.statusCode}`).toMatch(/ → (400|404|414)$/);
    }
    expect(await t.db.selectFrom('messages').selectAll().where('conversation_id', '=', id).execute()).toEqual([]);
  });
});

describe('harvests, off-platform sales and profit (issue 42)', () => {
  it('refuses control characters, unbounded quantities and money, and keeps profit at 200 with the largest legal figures', async () => {
    const fx = await buildFarm(owner);
    const harvests = `/v1/crops/${fx.crop.id}/harvests`;
    const income = `/v1/crops/${fx.crop.id}/income`;
    const harvest = { date: '2027-02-20', quantity: 5, unit: 'kg', destination: 'stored' };
    const sale = { date: '2027-02-21', quantity: 5, unit: 'kg', pricePerUnit: 100, paymentMethod: 'cash' };
    const before = await t.db
      .selectFrom('harvests')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(await owner.post(harvests, { ...harvest, notes: `row 3${NUL}` })).toMatchObject({
      status: 400,
      message: 'notes: contains characters that are not allowed',
    });
    expect(await owner.post(harvests, { ...harvest, grade: 'A\ud800' })).toMatchObject({ status: 400 });
    for (const quantity of [1e308, -1, 0, Number.MAX_SAFE_INTEGER]) {
      expect((await owner.post(harvests, { ...harvest, quantity })).status).toBe(400);
    }
    expect((await owner.post(harvests, { ...harvest, unit: 'crate', kgPerUnit: 1e308 })).status).toBe(400);
    expect(await owner.post(income, { ...sale, buyer: `Mama${NUL}` })).toMatchObject({
      status: 400,
      message: 'buyer: contains characters that are not allowed',
    });
    expect(await owner.post(income, { ...sale, pricePerUnit: 10_000_000_001 })).toMatchObject({
      status: 400,
      message: 'pricePerUnit: must be at most Ksh\u00a010,000,000,000',
    });
    expect((await owner.post(income, { ...sale, total: 1.5 })).status).toBe(400);
    // A legal quantity at a legal price whose product is past every bound: refused, not stored.
    expect(await owner.post(income, { ...sale, quantity: 1_000_000_000, pricePerUnit: 10_000_000_000 })).toMatchObject({
      status: 400,
      message: 'total: is too large',
    });
    const after = await t.db
      .selectFrom('harvests')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    expect((await owner.get(`/v1/farms/${fx.farm.id}/profit?seasonId=x%00`)).status).toBe(400);

    for (let i = 0; i < 3; i += 1) {
      expect((await owner.post(income, { ...sale, quantity: 1_000_000_000, pricePerUnit: 10, total: 10_000_000_000 })).status).toBe(201);
      expect((await owner.post(harvests, { ...harvest, quantity: 1_000_000_000, unit: 'crate', kgPerUnit: 100_000 })).status).toBe(201);
    }
    const profit = await owner.get<{ farm: { income: number } }>(`/v1/farms/${fx.farm.id}/profit`);
    expect(profit.status).toBe(200);
    expect(profit.body.farm.income).toBe(30_000_000_000);
  });
});

describe('market prices', () => {
  it('refuses a NUL, a runaway, unknown or operator-shaped kind, county and product id, with a 400 or 404 and never a 500', async () => {
    const bad = [
      '/v1/market/prices?kind=maize%00',
      `/v1/market/prices?kind=${'x'.repeat(5000)}`,
      '/v1/market/prices?kind=maize%27%20or%201=1%20--',
      '/v1/market/prices?kind[$ne]=1',
      '/v1/market/prices?kind=maize&kind=beans',
      '/v1/market/prices?kind=maize&county=Nakuru%00',
      `/v1/market/prices?kind=maize&county=${'N'.repeat(5000)}`,
      '/v1/market/prices?kind=maize&county=Atlantis',
      '/v1/market/prices/series?kind=__proto__',
      `/v1/market/prices/series?kind=maize&county=${'%27'.repeat(100)}`,
    ];
    for (const url of bad) {
      const res = await t.request({ method: 'GET', url });
      expect(`${url.slice(0, 60)} → ${res.statusCode}`).toBe(`${url.slice(0, 60)} → 400`);
    }
    for (const id of ['abc%00def', "'%20or%201=1%20--", 'x'.repeat(65)]) {
      const res = await t.request({ method: 'GET', url: `/v1/market/prices/products/${id}` });
      expect([400, 404]).toContain(res.statusCode);
    }
    const fine = await t.request({ method: 'GET', url: '/v1/market/prices?kind=maize&county=Nakuru' });
    expect(fine.statusCode).toBe(200);
  });
});

describe('integrations (API keys, webhooks, partner writes)', () => {
  it('refuses NUL and runaway names, unknown scopes, events and organisations, odd addresses and ids, writing nothing', async () => {
    const admin = await createTestUser(t.db, t.config.jwtSecret, { firstName: 'Keys', lastName: 'Admin', roles: ['Admin'] });
    const shop = await createShop(t.db, t.config.jwtSecret, { name: 'Partnered' });
    const send = (url: string, payload: object) => t.request({ method: 'POST', url, headers: admin.headers, payload });
    const key = { org: { kind: 'shop', id: shop.sellerId }, name: 'ERP', scopes: ['orders:read'] };
    expect(messageOf(await send('/v1/admin/integrations/keys', { ...key, name: `ERP${NUL}` }))).toBe(
      'name: contains characters that are not allowed',
    );
    for (const bad of [
      { name: 'x'.repeat(81) },
      { name: '' },
      { scopes: [] },
      { scopes: ['orders:read', 'orders:read'] },
      { scopes: ['admin:*'] },
      { scopes: 'orders:read' },
      { scopes: Array.from({ length: 10_000 }, () => 'orders:read') },
      { org: { kind: 'bank', id: shop.sellerId } },
      { org: { kind: 'shop', id: 'not-a-uuid' } },
      { org: { kind: 'partner', name: `Coop${NUL}` } },
      { org: { kind: 'partner', name: 'x'.repeat(121) } },
      { org: 'shop' },
      { extra: 1 },
    ])
      expect((await send('/v1/admin/integrations/keys', { ...key, ...bad })).statusCode).toBe(400);
    const hook = { org: { kind: 'shop', id: shop.sellerId }, url: 'https://partner.example/hooks', events: ['order.placed'] };
    for (const bad of [
      { url: 'javascript:alert(1)' },
      { url: 'ftp://partner.example/x' },
      { url: `https://partner.example/${NUL}` },
      { url: `https://partner.example/${'x'.repeat(500)}` },
      { events: [] },
      { events: ['order.deleted'] },
      { events: ['order.placed', 'order.placed'] },
      { extra: 1 },
    ])
      expect((await send('/v1/admin/integrations/webhooks', { ...hook, ...bad })).statusCode).toBe(400);
    for (const url of ['/v1/admin/integrations/keys/not-a-uuid/revoke', '/v1/admin/integrations/webhooks/1/test'])
      expect((await send(url, {})).statusCode).toBe(400);
    expect(await t.db.selectFrom('api_keys').selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom('webhook_endpoints').selectAll().execute()).toEqual([]);

    const created = await send('/v1/admin/integrations/keys', { ...key, scopes: ['products:write'] });
    expect(created.statusCode).toBe(201);
    const secret = created.json<{ body: { secret: string } }>().body.secret;
    const stock = (payload: object) =>
      t.request({ method: 'POST', url: `/v1/partner/products/${shop.productId}/stock`, headers: { 'x-api-key': secret }, payload });
    for (const delta of [1e308, 2 ** 53 + 1, 0, 1.5, '5', -1e9]) expect((await stock({ delta, note: 'count' })).statusCode).toBe(400);
    expect(messageOf(await stock({ delta: 1, note: `count${NUL}` }))).toBe('note: contains characters that are not allowed');
    expect(await t.db.selectFrom('stock_adjustments').selectAll().where('product_id', '=', shop.productId).execute()).toEqual([]);
    // A key far longer than any real one is refused before it is hashed or looked up.
    const long = await t.request({ method: 'GET', url: '/v1/partner/orders', headers: { 'x-api-key': `sk_${'x'.repeat(10_000)}` } });
    expect(long.statusCode).toBe(401);
  });
});
