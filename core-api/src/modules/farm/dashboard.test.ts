import type { BudgetSummary, Dashboard, Farm, FarmFilters, Season } from '@shambasoko/contracts';
import type { Page } from './common/list';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { DEMO_EMAIL, seedFarmDemo } from '../../../seed/farm-demo';
import { buildFarm, clientFor, newClient } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(async () => t.close());

describe('seeded demo account', () => {
  it('shows the spec sample figures on the dashboard', async () => {
    const demo = await clientFor(t, DEMO_EMAIL);
    const res = await demo.get<Dashboard>('/v1/dashboard');
    expect(res.status).toBe(200);
    const d = res.body;
    expect(d).toMatchObject({
      totalFarms: 3,
      activeFields: 12,
      cropVarieties: 6,
      teamMembers: 8,
      totalArea: 450,
      activeSeasons: 2,
      budget: { total: 770_000, spent: 450_000, remaining: 320_000 },
    });
    expect(d.farms.map((f) => f.name).sort()).toEqual(['Kamau Family Farm', 'Kiambu Highlands Tea', 'Rift Valley Greens']);
    expect(d.cropDistribution.map((c) => c.name).sort()).toEqual(['Beans', 'Kale', 'Maize', 'Potatoes', 'Tea', 'Tomatoes']);
    const total = d.cropDistribution.reduce((sum, c) => sum + c.area, 0);
    expect(total).toBe(185);
    expect(d.cropDistribution[0]).toEqual({ name: 'Maize', area: 60, percentage: 32.4 });
    expect(d.seasons.map((s) => s.status)).toEqual(['active', 'active', 'upcoming', 'completed']);
  });

  it("shows 350,000 planned against 260,000 actual for the first farm's active season", async () => {
    const demo = await clientFor(t, DEMO_EMAIL);
    const farms = (await demo.get<Page<Farm>>('/v1/farms?sort=createdAt')).body.items;
    const kamau = farms.find((f) => f.name === 'Kamau Family Farm')!;
    const season = (await demo.get<Page<Season>>(`/v1/seasons?farmId=${kamau.id}&status=active`)).body.items[0]!;
    const summary = (await demo.get<BudgetSummary>(`/v1/budget/summary?farmId=${kamau.id}&seasonId=${season.id}`)).body;
    expect(summary).toMatchObject({ planned: 350_000, actual: 260_000, remaining: 90_000, variance: 90_000, percentage: 74.3 });
    expect(summary.categories[0]).toEqual({ name: 'Seeds & Planting', planned: 80_000, actual: 78_000, percentage: 97.5 });
    const all = (await demo.get<BudgetSummary>('/v1/budget/summary')).body;
    expect(all).toMatchObject({ planned: 770_000, actual: 450_000 });
  });

  it('is seeded once: running the seed again adds nothing', async () => {
    await seedFarmDemo(t.db);
    const count = await t.db
      .selectFrom('farms')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const demo = await clientFor(t, DEMO_EMAIL);
    expect((await demo.get<Dashboard>('/v1/dashboard')).body.totalFarms).toBe(3);
    expect(Number(count.n)).toBeGreaterThanOrEqual(3);
  });

  it('gives the demo account 8 farm users in all roles and statuses', async () => {
    const demo = await clientFor(t, DEMO_EMAIL);
    const users = (await demo.get<Page<{ role: string; status: string }>>('/v1/farm-users?pageSize=100')).body;
    expect(users.total).toBe(10); // 8 people; the Owner appears once per farm
    expect(new Set(users.items.map((u) => u.role))).toEqual(
      new Set(['Owner', 'Farm Manager', 'Field Supervisor', 'Field Worker', 'Accountant', 'Viewer']),
    );
    expect(users.items.filter((u) => u.status === 'invited')).toHaveLength(2);
    const activities = (await demo.get<Page<{ status: string }>>('/v1/activities?pageSize=100')).body.items;
    expect(new Set(activities.map((a) => a.status))).toEqual(new Set(['Pending', 'In Progress', 'Completed']));
  });
});

describe('GET /v1/dashboard', () => {
  it('starts empty for a new account', async () => {
    const fresh = await newClient(t);
    const d = (await fresh.get<Dashboard>('/v1/dashboard')).body;
    expect(d).toEqual({
      totalFarms: 0,
      activeFields: 0,
      cropVarieties: 0,
      teamMembers: 0,
      totalArea: 0,
      activeSeasons: 0,
      farms: [],
      cropDistribution: [],
      budget: { total: 0, spent: 0, remaining: 0 },
      seasons: [],
    });
  });

  it("counts only the caller's farms", async () => {
    const owner = await newClient(t);
    const { farm } = await buildFarm(owner, 'Dashboard Farm');
    const d = (await owner.get<Dashboard>('/v1/dashboard')).body;
    expect(d).toMatchObject({ totalFarms: 1, activeFields: 1, cropVarieties: 1, teamMembers: 1, totalArea: 40, activeSeasons: 1 });
    expect(d.farms).toEqual([
      { id: farm.id, name: 'Dashboard Farm', location: 'Nakuru', county: 'Nakuru', totalSize: 40, fieldsCount: 1, status: 'active' },
    ]);
    expect(d.cropDistribution).toEqual([{ name: 'Maize', area: 10, percentage: 100 }]);
  });

  it('requires sign-in', async () => {
    const res = await t.request({ method: 'GET', url: '/v1/dashboard' });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /v1/filters', () => {
  it('limits children to the chosen parent', async () => {
    const owner = await newClient(t);
    const a = await buildFarm(owner, 'Alpha');
    const b = await buildFarm(owner, 'Beta');
    const all = (await owner.get<FarmFilters>('/v1/filters')).body;
    expect(all.farms.map((f) => f.name)).toEqual(['Alpha', 'Beta']);
    expect(all.fields).toHaveLength(2);
    expect(all.users).toEqual([{ id: owner.user.id, name: expect.any(String) }]);

    const onlyA = (await owner.get<FarmFilters>(`/v1/filters?farmId=${a.farm.id}`)).body;
    expect(onlyA.fields).toEqual([{ id: a.field.id, name: 'Block 1' }]);
    expect(onlyA.seasons).toEqual([{ id: a.season.id, name: 'Short Rains' }]);
    expect(onlyA.crops).toEqual([{ id: a.crop.id, name: 'Maize' }]);

    const byField = (await owner.get<FarmFilters>(`/v1/filters?farmId=${b.farm.id}&fieldId=${b.field.id}&seasonId=${b.season.id}`)).body;
    expect(byField.crops).toEqual([{ id: b.crop.id, name: 'Maize' }]);
    expect((await owner.get<FarmFilters>('/v1/filters?farmId=0')).body.fields).toHaveLength(2);
  });

  it('answers 404 for a farm of someone else and 400 for a bad id', async () => {
    const owner = await newClient(t);
    const stranger = await newClient(t);
    const { farm } = await buildFarm(owner);
    const res = await stranger.get(`/v1/filters?farmId=${farm.id}`);
    expect(res).toMatchObject({ status: 404, message: 'Farm not found' });
    const bad = await owner.get('/v1/filters?farmId=abc');
    expect(bad).toMatchObject({ status: 400, message: 'farmId: must be an id, or 0 for All' });
  });
});
