import type { Activity, Cost, Dashboard, Farm, FarmUser, Field } from '@shambasoko/contracts';
import { sql } from 'kysely';
import { buildApp } from '../../app';
import { answerCacheFor } from '../../http/answer-cache';
import { sendOverHttp, startTestApp, type TestApp } from '../../testing/test-app';
import type { Page } from './common/list';
import { type Client, type FarmFixture, addMember, buildFarm, client, newClient } from './test-helpers';

// Farm answers come from the versioned answer cache (http/answer-cache.ts, migration 062): each kind
// of write must be seen by the next read, through this process or another one on the same database.

let t: TestApp;
let other: TestApp;
let owner: Client;
let accountant: Client;
let fx: FarmFixture;

beforeAll(async () => {
  t = await startTestApp();
  // A second API process: its own app, HTTP server and cache, on the same database.
  const app = await buildApp({ db: t.db, config: t.config });
  other = { ...t, app, request: (request, options) => sendOverHttp(app, request, options), close: () => app.close() };
  owner = await newClient(t, { firstName: 'Cache', lastName: 'Owner' });
  fx = await buildFarm(owner, 'Versioned Farm');
  accountant = await newClient(t, { firstName: 'Cache', lastName: 'Accountant' });
  await addMember(owner, fx.farm.id, accountant, 'Accountant');
}, 90_000);
afterAll(async () => {
  await other.close();
  await t.close();
});

const notes = (page: Page<Activity>) => page.items.map((item) => item.notes).sort();
const urls = () => ['/v1/activities', `/v1/activities?farmId=${fx.farm.id}`];
const activity = (note: string, extra: object = {}) => ({
  farmId: fx.farm.id,
  fieldId: fx.field.id,
  name: 'Weeding',
  notes: note,
  ...extra,
});

/** Reads twice, so the second read is served from the cache when nothing changed. */
async function warm(c: Client, url: string): Promise<void> {
  await c.get(url);
  const before = answerCacheFor(t.app.server).hits;
  await c.get(url);
  expect(answerCacheFor(t.app.server).hits).toBe(before + 1);
}

describe('a farm list after each kind of write', () => {
  it('shows a created, an edited and a deleted activity at once, in both scopes', async () => {
    for (const url of urls()) await warm(owner, url);
    const created = await owner.post<Activity>('/v1/activities', activity('Scouting'));
    expect(created.status).toBe(201);
    for (const url of urls()) expect(notes((await owner.get<Page<Activity>>(url)).body)).toContain('Scouting');
    expect((await owner.patch(`/v1/activities/${created.body.id}`, { notes: 'Scouting for armyworm' })).status).toBe(200);
    for (const url of urls()) expect(notes((await owner.get<Page<Activity>>(url)).body)).toContain('Scouting for armyworm');
    expect((await owner.del(`/v1/activities/${created.body.id}`)).status).toBe(200);
    for (const url of urls()) expect(notes((await owner.get<Page<Activity>>(url)).body)).not.toContain('Scouting for armyworm');
  });

  it('shows a write made outside the API (the trigger bumps the version, not the route)', async () => {
    for (const url of urls()) await warm(owner, url);
    await t.db.updateTable('activities').set({ notes: 'Edited in SQL' }).where('id', '=', fx.activity.id).execute();
    for (const url of urls()) expect(notes((await owner.get<Page<Activity>>(url)).body)).toContain('Edited in SQL');
  });

  it("shows a person's new name where the list names them", async () => {
    expect((await owner.post('/v1/activities', activity('Assigned', { userId: accountant.user.id }))).status).toBe(201);
    await warm(owner, '/v1/activities');
    await t.db.updateTable('users').set({ full_name: 'Renamed Accountant' }).where('id', '=', accountant.user.id).execute();
    const items = (await owner.get<Page<Activity>>('/v1/activities')).body.items;
    expect(items.find((item) => item.notes === 'Assigned')?.userName).toBe('Renamed Accountant');
  });

  it("follows a member's role: an Accountant made Viewer no longer sees the books", async () => {
    expect(
      (
        await owner.post<Cost>('/v1/costs', {
          farmId: fx.farm.id,
          fieldId: fx.field.id,
          budgetCategory: 'Labor',
          activityType: 'Weeding',
          description: 'Wages',
          amount: 4_321,
        })
      ).status,
    ).toBe(201);
    for (const url of ['/v1/costs', `/v1/costs?farmId=${fx.farm.id}`, '/v1/budget/summary']) {
      await warm(accountant, url);
      expect(JSON.stringify((await accountant.get(url)).body)).toContain('4321');
    }
    const membership = (await owner.get<Page<FarmUser>>(`/v1/farm-users?farmId=${fx.farm.id}&role=Accountant`)).body.items[0]!;
    expect((await owner.patch(`/v1/farm-users/${membership.id}`, { role: 'Viewer' })).status).toBe(200);
    expect((await accountant.get<Page<Cost>>('/v1/costs')).body).toMatchObject({ items: [], total: 0 });
    expect((await accountant.get(`/v1/costs?farmId=${fx.farm.id}`)).status).toBe(403);
    expect(JSON.stringify((await accountant.get('/v1/budget/summary')).body)).not.toContain('4321');
    expect((await owner.patch(`/v1/farm-users/${membership.id}`, { role: 'Accountant' })).status).toBe(200);
    expect(JSON.stringify((await accountant.get('/v1/costs')).body)).toContain('4321');
  });

  it('drops a removed member at once and shows the dashboard and farms list after a new field', async () => {
    await warm(owner, '/v1/dashboard');
    await warm(owner, '/v1/farms');
    const before = (await owner.get<Dashboard>('/v1/dashboard')).body;
    expect((await owner.post<Field>(`/v1/farms/${fx.farm.id}/fields`, { name: 'Block 2', size: 5, cropType: 'Beans' })).status).toBe(201);
    expect((await owner.get<Dashboard>('/v1/dashboard')).body).not.toEqual(before);
    expect((await owner.patch<Farm>(`/v1/farms/${fx.farm.id}`, { name: 'Versioned Farm II' })).status).toBe(200);
    expect((await owner.get<Page<Farm>>('/v1/farms')).body.items.map((f) => f.name)).toEqual(['Versioned Farm II']);

    await warm(accountant, '/v1/farms');
    const membership = (await owner.get<Page<FarmUser>>(`/v1/farm-users?farmId=${fx.farm.id}&role=Accountant`)).body.items[0]!;
    expect((await owner.del(`/v1/farm-users/${membership.id}`)).status).toBe(200);
    expect((await accountant.get<Page<Farm>>('/v1/farms')).body).toMatchObject({ items: [], total: 0 });
    expect((await accountant.get(`/v1/activities?farmId=${fx.farm.id}`)).status).not.toBe(200);
  });
});

describe('two API processes', () => {
  it('each serves the other’s writes at once (the version comes from PostgreSQL)', async () => {
    const there = client(other, owner.user);
    for (const url of urls()) {
      await warm(owner, url);
      await there.get(url);
      await there.get(url);
    }
    const hits = answerCacheFor(other.app.server).hits;
    expect(hits).toBeGreaterThan(0);
    expect((await there.post('/v1/activities', activity('Written elsewhere'))).status).toBe(201);
    for (const url of urls()) expect(notes((await owner.get<Page<Activity>>(url)).body)).toContain('Written elsewhere');
    expect((await owner.post('/v1/activities', activity('Written here'))).status).toBe(201);
    for (const url of urls()) expect(notes((await there.get<Page<Activity>>(url)).body)).toContain('Written here');
  });

  it('keeps versions per scope: a write to one farm leaves another farm’s answers cached', async () => {
    const second = await buildFarm(owner, 'Untouched Farm');
    const url = `/v1/activities?farmId=${second.farm.id}`;
    await warm(owner, url);
    const version = async (scope: string) =>
      (await sql<{ version: number }>`select version from data_versions where scope = ${scope}`.execute(t.db)).rows[0]?.version;
    const untouched = await version(`f:${second.farm.id}`);
    expect((await owner.post('/v1/activities', activity('Only the first farm'))).status).toBe(201);
    expect(await version(`f:${second.farm.id}`)).toBe(untouched);
    const hits = answerCacheFor(t.app.server).hits;
    await owner.get(url);
    expect(answerCacheFor(t.app.server).hits).toBe(hits + 1);
  });
});
