import { randomUUID } from 'node:crypto';
import type { Activity, Cost } from '@shambasoko/contracts';
import type { Envelope } from './envelope';
import { startTestApp, type TestApp } from '../testing/test-app';
import { type Client, type FarmFixture, addMember, buildFarm, newClient } from '../modules/farm/test-helpers';

let t: TestApp;
let owner: Client;
let other: Client;
let f: FarmFixture;
beforeAll(async () => {
  t = await startTestApp();
  owner = await newClient(t);
  other = await newClient(t);
  f = await buildFarm(owner, 'Replay Farm');
}, 60_000);
afterAll(async () => t.close());

async function send<T>(who: Client, method: 'POST' | 'PATCH', url: string, payload: object, key?: string) {
  const res = await t.request({ method, url, payload, headers: { ...who.user.headers, ...(key ? { 'idempotency-key': key } : {}) } });
  const envelope = res.json<Envelope<T>>();
  return {
    status: res.statusCode,
    body: envelope.body,
    message: envelope.header.customerMessage,
    replayed: res.headers['idempotent-replayed'],
  };
}

const costBody = () => ({ farmId: f.farm.id, fieldId: f.field.id, budgetCategory: 'Fertilizers', description: 'DAP', amount: 3_500 });
const countCosts = async (description: string) =>
  Number(
    (
      await t.db
        .selectFrom('costs')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('description', '=', description)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('replayed offline writes (Idempotency-Key)', () => {
  it('answers a repeated key with the first answer and adds no duplicate', async () => {
    const key = randomUUID();
    const body = { ...costBody(), description: `Replay ${key}` };
    const first = await send<Cost>(owner, 'POST', '/v1/costs', body, key);
    const again = await send<Cost>(owner, 'POST', '/v1/costs', body, key);
    expect(first.status).toBe(201);
    expect(again).toMatchObject({ status: 201, message: 'Cost added', replayed: 'true' });
    expect(again.body.id).toBe(first.body.id);
    expect(await countCosts(body.description)).toBe(1);
  });

  it('replays activities, status changes, fields and crops the same way', async () => {
    const activityKey = randomUUID();
    const activity = { farmId: f.farm.id, fieldId: f.field.id, name: 'Weeding' };
    const a1 = await send<Activity>(owner, 'POST', '/v1/activities', activity, activityKey);
    const a2 = await send<Activity>(owner, 'POST', '/v1/activities', activity, activityKey);
    expect(a2.body.id).toBe(a1.body.id);
    const statusKey = randomUUID();
    const s1 = await send<Activity>(owner, 'PATCH', `/v1/activities/${a1.body.id}`, { status: 'Completed' }, statusKey);
    // Changed in between by someone else: the replay still answers what the first request did, and changes nothing.
    await send(owner, 'PATCH', `/v1/activities/${a1.body.id}`, { status: 'In Progress' });
    const s2 = await send<Activity>(owner, 'PATCH', `/v1/activities/${a1.body.id}`, { status: 'Completed' }, statusKey);
    expect([s1.body.status, s2.body.status, s2.replayed]).toEqual(['Completed', 'Completed', 'true']);
    expect((await owner.get<Activity>(`/v1/activities/${a1.body.id}`)).body.status).toBe('In Progress');
    const fieldKey = randomUUID();
    const field = { name: `Block ${fieldKey.slice(0, 4)}`, size: 2, cropType: 'Beans' };
    const f1 = await send<{ id: string }>(owner, 'POST', `/v1/farms/${f.farm.id}/fields`, field, fieldKey);
    const f2 = await send<{ id: string }>(owner, 'POST', `/v1/farms/${f.farm.id}/fields`, field, fieldKey);
    expect(f2.body.id).toBe(f1.body.id);
    const cropKey = randomUUID();
    const crop = {
      farmId: f.farm.id,
      fieldId: f.field.id,
      seasonId: f.season.id,
      name: 'Beans',
      area: 1,
      plantedDate: '2026-10-05',
      expectedHarvest: '2027-01-20',
    };
    const c1 = await send<{ id: string }>(owner, 'POST', '/v1/crops', crop, cropKey);
    const c2 = await send<{ id: string }>(owner, 'POST', '/v1/crops', crop, cropKey);
    expect(c1.status).toBe(201);
    expect(c2.body.id).toBe(c1.body.id);
  });

  it("keeps each account's keys apart: the same key from another account is a write of its own", async () => {
    const mine = await buildFarm(other, 'Other Replay Farm');
    const key = randomUUID();
    const a = await send<Cost>(owner, 'POST', '/v1/costs', { ...costBody(), description: `Shared key ${key}` }, key);
    const b = await send<Cost>(
      other,
      'POST',
      '/v1/costs',
      { ...costBody(), farmId: mine.farm.id, fieldId: mine.field.id, description: `Shared key ${key}` },
      key,
    );
    expect([a.status, b.status, b.replayed]).toEqual([201, 201, undefined]);
    expect(b.body.id).not.toBe(a.body.id);
    expect(b.body.farmId).toBe(mine.farm.id);
  });

  it("never replays another account's answer to someone without access, and refuses a key reused for another change", async () => {
    const key = randomUUID();
    await send<Cost>(owner, 'POST', '/v1/costs', { ...costBody(), description: `Private ${key}` }, key);
    // The other account sends the owner's key to the owner's farm: its own request runs, and is refused.
    const stranger = await send(other, 'POST', '/v1/costs', { ...costBody(), description: `Private ${key}` }, key);
    expect(stranger.status).toBe(404);
    expect(JSON.stringify(stranger.body)).not.toContain('Private');
    const reused = await send(owner, 'POST', '/v1/activities', { farmId: f.farm.id, fieldId: f.field.id, name: 'Weeding' }, key);
    expect(reused).toMatchObject({ status: 422, body: null });
  });

  it('refuses the same key with a different body (another amount) with 422, keeping the first write alone', async () => {
    const key = randomUUID();
    const body = { ...costBody(), description: `Amount ${key}` };
    const first = await send<Cost>(owner, 'POST', '/v1/costs', body, key);
    expect(first.status).toBe(201);
    const changed = await send<Cost>(owner, 'POST', '/v1/costs', { ...body, amount: 9_999 }, key);
    expect(changed).toMatchObject({ status: 422, body: null, message: 'This Idempotency-Key was already used for a different change.' });
    expect(changed.replayed).toBeUndefined();
    expect(await countCosts(body.description)).toBe(1);
    // The same body with its fields in another order is the same request: replayed.
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    expect(await send<Cost>(owner, 'POST', '/v1/costs', reordered, key)).toMatchObject({ status: 201, replayed: 'true' });
  });

  it('binds a key to the record it changed: the same key on another activity is 422 and changes nothing', async () => {
    const activity = { farmId: f.farm.id, fieldId: f.field.id, name: 'Pest Control' };
    const one = await send<Activity>(owner, 'POST', '/v1/activities', activity);
    const two = await send<Activity>(owner, 'POST', '/v1/activities', activity);
    const key = randomUUID();
    expect((await send<Activity>(owner, 'PATCH', `/v1/activities/${one.body.id}`, { status: 'Completed' }, key)).status).toBe(200);
    const other = await send<Activity>(owner, 'PATCH', `/v1/activities/${two.body.id}`, { status: 'Completed' }, key);
    expect(other).toMatchObject({ status: 422, body: null, message: 'This Idempotency-Key was already used for a different change.' });
    expect((await owner.get<Activity>(`/v1/activities/${two.body.id}`)).body.status).toBe(two.body.status);
  });

  it('forgets a refused first attempt, so a corrected retry with the same key runs', async () => {
    const key = randomUUID();
    const refused = await send(owner, 'POST', '/v1/costs', { ...costBody(), amount: -5 }, key);
    expect(refused.status).toBe(400);
    const fixed = await send<Cost>(owner, 'POST', '/v1/costs', { ...costBody(), description: `Fixed ${key}` }, key);
    expect(fixed.status).toBe(201);
    expect(fixed.replayed).toBeUndefined();
  });

  it('refuses a malformed key with 400 and the envelope; writes without a key work as before', async () => {
    const bad = await send(owner, 'POST', '/v1/costs', costBody(), 'no spaces allowed');
    expect(bad).toMatchObject({ status: 400, body: null, message: expect.stringMatching(/Idempotency-Key/) });
    expect((await send(owner, 'POST', '/v1/costs', costBody())).status).toBe(201);
  });

  it('a new key is a new write: two changes of a member with two keys are both kept', async () => {
    const worker = await newClient(t);
    await addMember(owner, f.farm.id, worker, 'Farm Manager');
    const key = randomUUID();
    const body = { ...costBody(), description: `Member ${key}` };
    expect((await send(worker, 'POST', '/v1/costs', body, key)).status).toBe(201);
    expect((await send(worker, 'POST', '/v1/costs', body, randomUUID())).status).toBe(201);
    expect(await countCosts(body.description)).toBe(2);
  });
});
