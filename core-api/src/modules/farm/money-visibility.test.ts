import type { BudgetSummary, Cost, CostsTotal, Dashboard, FarmUser } from '@shambasoko/contracts';
import { FARM_PERMISSIONS, FARM_ROLES } from '@shambasoko/contracts';
import { startTestApp, type TestApp } from '../../testing/test-app';
import type { Page } from './common/list';
import { farmScaleOverride } from './common/list-access';
import { type Client, type FarmFixture, addMember, buildFarm, newClient } from './test-helpers';

// A farm's books (budget lines, costs and their totals) reach only the roles of the contract's
// 'money:read' (Owner, Farm Manager, Accountant): issue 39 found a Field Worker reading them.

let t: TestApp;
let owner: Client;
let fx: FarmFixture;
let cost: Cost;
/** Field Worker on the owner's farm, and Owner of a farm of their own with its own books. */
let worker: Client;
let membership: FarmUser;
let own: FarmFixture;
let ownCost: Cost;

const costBody = (f: FarmFixture, amount: number, description: string) => ({
  farmId: f.farm.id,
  fieldId: f.field.id,
  seasonId: f.season.id,
  cropId: f.crop.id,
  activityType: 'Weeding',
  budgetCategory: 'Labor',
  description,
  amount,
});

beforeAll(async () => {
  t = await startTestApp();
  owner = await newClient(t, { firstName: 'Books', lastName: 'Owner' });
  fx = await buildFarm(owner, 'Books Farm');
  cost = (await owner.post<Cost>('/v1/costs', costBody(fx, 61_234, 'Secret wages'))).body;
  expect((await owner.put('/v1/budgets', { farmId: fx.farm.id, category: 'Labor', planned: 71_234 })).status).toBe(200);
  worker = await newClient(t, { firstName: 'Field', lastName: 'Worker' });
  membership = await addMember(owner, fx.farm.id, worker, 'Field Worker');
}, 60_000);
afterAll(async () => t.close());

describe('the money roles come from the one matrix', () => {
  it('are Owner, Farm Manager and Accountant', () => {
    expect(FARM_PERMISSIONS['money:read']).toEqual(['Owner', 'Farm Manager', 'Accountant']);
    expect(FARM_ROLES.filter((r) => !FARM_PERMISSIONS['money:read'].includes(r))).toEqual(['Field Supervisor', 'Field Worker', 'Viewer']);
  });
});

describe('a Field Worker gets no budget and no costs', () => {
  const refusal = "As a Field Worker on this farm you cannot see the farm's budget and costs.";

  it("is refused the farm's costs, their total, one cost and the CSV with a clear 403", async () => {
    for (const url of [`/v1/costs?farmId=${fx.farm.id}`, `/v1/costs/total?farmId=${fx.farm.id}`, `/v1/costs/${cost.id}`]) {
      expect(await worker.get(url)).toMatchObject({ status: 403, message: refusal, body: null });
    }
    const csv = await t.request({ method: 'GET', url: `/v1/costs/export.csv?farmId=${fx.farm.id}`, headers: worker.user.headers });
    expect(csv.statusCode).toBe(403);
    expect(csv.payload).not.toContain('Secret wages');
  });

  it("is refused the farm's budget plan and budget summary with the same 403", async () => {
    for (const url of [`/v1/budgets?farmId=${fx.farm.id}`, `/v1/budget/summary?farmId=${fx.farm.id}`]) {
      expect(await worker.get(url)).toMatchObject({ status: 403, message: refusal, body: null });
    }
  });

  it('finds none of the farm in lists and totals across farms, nor by its field, season or crop', async () => {
    for (const query of ['', `?fieldId=${fx.field.id}`, `?seasonId=${fx.season.id}`, `?cropId=${fx.crop.id}`]) {
      const list = await worker.get<Page<Cost>>(`/v1/costs${query}`);
      expect(list).toMatchObject({ status: 200, body: { items: [], total: 0 } });
      expect((await worker.get<CostsTotal>(`/v1/costs/total${query}`)).body).toEqual({ amount: 0, count: 0 });
      const summary = await worker.get<BudgetSummary>(`/v1/budget/summary${query}`);
      expect(summary).toMatchObject({ status: 200, body: { planned: 0, actual: 0, categories: [] } });
    }
  });

  it('finds none of it either when the lists take the shape for members of many farms', async () => {
    farmScaleOverride.many = true;
    try {
      expect((await worker.get<Page<Cost>>('/v1/costs')).body).toMatchObject({ items: [], total: 0 });
      expect((await worker.get<Dashboard>('/v1/dashboard')).body.budget).toBeNull();
    } finally {
      farmScaleOverride.many = undefined;
    }
  });

  it('has no budget on the dashboard, which still counts the farm', async () => {
    const dashboard = (await worker.get<Dashboard>('/v1/dashboard')).body;
    expect(dashboard.totalFarms).toBe(1);
    expect(dashboard.budget).toBeNull();
    expect(JSON.stringify(dashboard)).not.toMatch(/61234|71234/);
  });

  it('still logs and moves their activities (their work is not the books)', async () => {
    expect((await worker.patch(`/v1/activities/${fx.activity.id}`, { status: 'In Progress' })).status).toBe(200);
  });
});

describe('a member in money and non-money roles', () => {
  beforeAll(async () => {
    own = await buildFarm(worker, 'Worker Own Farm');
    ownCost = (await worker.post<Cost>('/v1/costs', costBody(own, 5_000, 'Own seed'))).body;
    expect((await worker.put('/v1/budgets', { farmId: own.farm.id, category: 'Labor', planned: 8_000 })).status).toBe(200);
  });

  it('sees the books of their own farm only, in lists, totals, the summary and the dashboard', async () => {
    for (const many of [false, true]) {
      farmScaleOverride.many = many;
      const list = (await worker.get<Page<Cost>>('/v1/costs')).body;
      expect(list.items.map((c) => c.id)).toEqual([ownCost.id]);
    }
    farmScaleOverride.many = undefined;
    expect((await worker.get<CostsTotal>('/v1/costs/total')).body).toEqual({ amount: 5_000, count: 1 });
    const summary = (await worker.get<BudgetSummary>('/v1/budget/summary')).body;
    expect(summary).toMatchObject({ planned: 8_000, actual: 5_000 });
    expect((await worker.get<BudgetSummary>(`/v1/budget/summary?farmId=${own.farm.id}`)).body).toMatchObject({ planned: 8_000 });
    const dashboard = (await worker.get<Dashboard>('/v1/dashboard')).body;
    expect(dashboard.totalFarms).toBe(2);
    expect(dashboard.budget).toEqual({ total: 8_000, spent: 5_000, remaining: 3_000 });
  });

  it('sees both farms once promoted to Accountant on the first', async () => {
    expect((await owner.patch(`/v1/farm-users/${membership.id}`, { role: 'Accountant' })).status).toBe(200);
    expect((await worker.get<Cost>(`/v1/costs/${cost.id}`)).status).toBe(200);
    expect((await worker.get<CostsTotal>('/v1/costs/total')).body).toEqual({ amount: 66_234, count: 2 });
    const dashboard = (await worker.get<Dashboard>('/v1/dashboard')).body;
    expect(dashboard.budget).toEqual({ total: 79_234, spent: 66_234, remaining: 13_000 });
  });
});

describe('the owner', () => {
  it('still reads every figure of the farm', async () => {
    expect((await owner.get<Page<Cost>>(`/v1/costs?farmId=${fx.farm.id}`)).body.items.map((c) => c.id)).toEqual([cost.id]);
    expect((await owner.get<BudgetSummary>(`/v1/budget/summary?farmId=${fx.farm.id}`)).body).toMatchObject({
      planned: 71_234,
      actual: 61_234,
    });
    expect((await owner.get<Dashboard>('/v1/dashboard')).body.budget).toEqual({ total: 71_234, spent: 61_234, remaining: 10_000 });
  });
});
