import type { BudgetPlan, BudgetSummary, Cost } from '@shambasoko/contracts';
import { todayInNairobi } from '@shambasoko/contracts/time';
import { startTestApp, type TestApp } from '../../testing/test-app';
import type { Page } from './common/list';
import { type Client, type FarmFixture, buildFarm, newClient } from './test-helpers';

let t: TestApp;
let owner: Client;
beforeAll(async () => {
  t = await startTestApp();
  owner = await newClient(t);
}, 60_000);
afterAll(async () => t.close());

function costBody(f: FarmFixture, extra: Record<string, unknown> = {}) {
  return {
    farmId: f.farm.id,
    fieldId: f.field.id,
    seasonId: f.season.id,
    cropId: f.crop.id,
    activityType: 'Fertilizing',
    budgetCategory: 'Fertilizers',
    description: 'DAP, 10 bags',
    amount: 35_000,
    ...extra,
  };
}

describe('costs', () => {
  it('adds, lists, updates and deletes costs', async () => {
    const f = await buildFarm(owner, 'Cost Farm');
    const added = await owner.post<Cost>('/v1/costs', costBody(f, { date: '2026-11-01' }));
    expect(added).toMatchObject({
      status: 201,
      message: 'Cost added',
      body: {
        date: '2026-11-01',
        description: 'DAP, 10 bags',
        category: 'Fertilizers',
        activityType: 'Fertilizing',
        amount: 35_000,
        farmId: f.farm.id,
        farm: 'Cost Farm',
        fieldId: f.field.id,
        field: 'Block 1',
        seasonId: f.season.id,
        season: 'Short Rains',
        cropId: f.crop.id,
        crop: 'Maize',
      },
    });
    const labour = (
      await owner.post<Cost>(
        '/v1/costs',
        costBody(f, { budgetCategory: 'Labor', activityType: 'Weeding', description: 'Weeding crew', amount: 0 }),
      )
    ).body;
    expect(labour.date).toBe(todayInNairobi());

    const list = (await owner.get<Page<Cost>>(`/v1/costs?farmId=${f.farm.id}&sort=amount`)).body;
    expect(list.items.map((c) => c.amount)).toEqual([0, 35_000]);
    expect((await owner.get<Page<Cost>>(`/v1/costs?farmId=${f.farm.id}&category=Labor`)).body.items.map((c) => c.id)).toEqual([labour.id]);
    expect((await owner.get<Page<Cost>>(`/v1/costs?cropId=${f.crop.id}&seasonId=${f.season.id}&fieldId=${f.field.id}`)).body.total).toBe(2);
    expect((await owner.get<Page<Cost>>(`/v1/costs?farmId=${f.farm.id}&search=dap`)).body.total).toBe(1);

    expect((await owner.patch<Cost>(`/v1/costs/${labour.id}`, { amount: 12_000 })).body.amount).toBe(12_000);
    expect((await owner.get<Cost>(`/v1/costs/${labour.id}`)).body.amount).toBe(12_000);
    expect(await owner.del(`/v1/costs/${labour.id}`)).toMatchObject({ status: 200, message: 'Cost deleted' });
    expect((await owner.get(`/v1/costs/${labour.id}`)).status).toBe(404);
  });

  it('searches description, category and activity type case-insensitively, never across two of them', async () => {
    const f = await buildFarm(owner, 'Cost Search Farm');
    const dap = (await owner.post<Cost>('/v1/costs', costBody(f, { description: 'DAP, 10 bags' }))).body;
    const ids = async (search: string) =>
      (await owner.get<Page<Cost>>(`/v1/costs?farmId=${f.farm.id}&search=${encodeURIComponent(search)}`)).body.items.map((c) => c.id);
    expect(await ids('10 BAGS')).toEqual([dap.id]);
    expect(await ids('fertiliZERS')).toEqual([dap.id]);
    expect(await ids('FERTILIZING')).toEqual([dap.id]);
    expect(await ids('10%')).toEqual([]);
    // Description, category and activity type are never one text.
    expect(await ids('bags fertilizers')).toEqual([]);
    expect(await ids('bags\nfert')).toEqual([]);
    expect(await ids('fertilizers\nfertilizing')).toEqual([]);
  });

  it.each([
    [{ amount: -1 }, 'amount: must not be negative'],
    [{ amount: 10.5 }, 'amount: must be a whole number of shillings'],
    [{ amount: undefined }, 'amount: is required'],
    [{ description: 'x'.repeat(501) }, 'description: must be at most 500 characters'],
    [{ activityType: 'Dancing' }, expect.stringMatching(/^activityType: must be one of: /)],
    [
      { budgetCategory: 'Snacks' },
      'budgetCategory: must be one of: Seeds & Planting, Fertilizers, Labor, Equipment, Irrigation, Pest Control, Fuel, Maintenance, Other',
    ],
    [{ cropId: 'nope' }, 'cropId: must be a valid id'],
    [{ budgetCategory: undefined }, expect.stringMatching(/^budgetCategory: is required/)],
  ])('refuses a bad cost %j', async (extra, message) => {
    const f = await buildFarm(owner);
    expect(await owner.post('/v1/costs', costBody(f, extra))).toMatchObject({ status: 400, message });
  });

  it('refuses a field, season or crop of another farm (also on update)', async () => {
    const f = await buildFarm(owner);
    const other = await buildFarm(owner);
    expect(await owner.post('/v1/costs', costBody(f, { fieldId: other.field.id }))).toMatchObject({
      status: 400,
      message: 'The field does not belong to this farm',
    });
    expect(await owner.post('/v1/costs', costBody(f, { seasonId: other.season.id }))).toMatchObject({
      status: 400,
      message: 'The season does not belong to this farm',
    });
    expect(await owner.post('/v1/costs', costBody(f, { cropId: other.crop.id }))).toMatchObject({
      status: 400,
      message: 'The crop does not belong to this farm',
    });
    const cost = (await owner.post<Cost>('/v1/costs', costBody(f))).body;
    expect(await owner.patch(`/v1/costs/${cost.id}`, { fieldId: other.field.id })).toMatchObject({
      status: 400,
      message: 'The field does not belong to this farm',
    });
    const secondField = (await owner.post<{ id: string }>(`/v1/farms/${f.farm.id}/fields`, { name: 'B2', size: 1, cropType: 'Kale' })).body;
    expect(await owner.patch(`/v1/costs/${cost.id}`, { fieldId: secondField.id })).toMatchObject({
      status: 400,
      message: 'The crop does not belong to this field',
    });
    expect((await owner.get<Page<Cost>>(`/v1/costs?farmId=${f.farm.id}`)).body.total).toBe(1);
  });
});

describe('farm-wide costs', () => {
  it("dates a cost sent without a date by Nairobi's calendar, not the server's", async () => {
    const f = await buildFarm(owner, 'Late Night Farm');
    // 01:30 in Nairobi, still the day before in UTC. Only Date is faked: the server's timers run on.
    jest.useFakeTimers({
      now: new Date('2026-11-30T22:30:00Z'),
      doNotFake: [
        'nextTick',
        'setImmediate',
        'clearImmediate',
        'setTimeout',
        'clearTimeout',
        'setInterval',
        'clearInterval',
        'queueMicrotask',
        'hrtime',
        'performance',
      ],
    });
    try {
      const added = await owner.post<Cost>('/v1/costs', { farmId: f.farm.id, budgetCategory: 'Fuel', amount: 1_200 });
      expect(added.status).toBe(201);
      expect(added.body.date).toBe('2026-12-01');
    } finally {
      jest.useRealTimers();
    }
  });

  it('records a cost with only amount, category and date, listed with no field', async () => {
    const f = await buildFarm(owner, 'Fuel Farm');
    const added = await owner.post<Cost>('/v1/costs', { farmId: f.farm.id, budgetCategory: 'Fuel', amount: 4_500, date: '2026-11-02' });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      date: '2026-11-02',
      category: 'Fuel',
      activityType: 'Other',
      description: '',
      amount: 4_500,
      farm: 'Fuel Farm',
      fieldId: null,
      field: null,
      seasonId: null,
      cropId: null,
    });
    // The selectors' "none" ('' or '0') means no reference too.
    const blank = await owner.post<Cost>('/v1/costs', {
      farmId: f.farm.id,
      budgetCategory: 'Maintenance',
      amount: 9_000,
      fieldId: '',
      seasonId: '0',
      cropId: '',
    });
    expect(blank.body).toMatchObject({ fieldId: null, seasonId: null, cropId: null });
    const list = (await owner.get<Page<Cost>>(`/v1/costs?farmId=${f.farm.id}`)).body;
    expect(list.items.map((c) => c.id).sort()).toEqual([added.body.id, blank.body.id].sort());
    // A field filter leaves farm-wide costs out.
    expect((await owner.get<Page<Cost>>(`/v1/costs?fieldId=${f.field.id}`)).body.total).toBe(0);
    const summary = (await owner.get<BudgetSummary>(`/v1/budget/summary?farmId=${f.farm.id}`)).body;
    expect(summary.actual).toBe(13_500);
  });

  it("totals every cost the filters match, across pages, and only in the caller's farms", async () => {
    const f = await buildFarm(owner, 'Total Farm');
    for (const amount of [100, 250, 1_000]) await owner.post('/v1/costs', { farmId: f.farm.id, budgetCategory: 'Fuel', amount });
    await owner.post('/v1/costs', costBody(f, { amount: 5_000 }));
    const total = (q: string) => owner.get<{ amount: number; count: number }>(`/v1/costs/total?farmId=${f.farm.id}${q}`);
    expect((await total('&pageSize=1&page=2')).body).toEqual({ amount: 6_350, count: 4 });
    expect((await total('&category=Fuel')).body).toEqual({ amount: 1_350, count: 3 });
    expect((await total(`&fieldId=${f.field.id}`)).body).toEqual({ amount: 5_000, count: 1 });
    expect((await total('&search=dap')).body).toEqual({ amount: 5_000, count: 1 });
    const stranger = await newClient(t);
    expect((await stranger.get(`/v1/costs/total?farmId=${f.farm.id}`)).status).toBe(404);
    expect((await stranger.get<{ amount: number; count: number }>('/v1/costs/total')).body).toEqual({ amount: 0, count: 0 });
  });

  it('still refuses a field, season or crop of another farm, and clears a field by null', async () => {
    const f = await buildFarm(owner);
    const other = await buildFarm(owner);
    const fuel = { farmId: f.farm.id, budgetCategory: 'Fuel', amount: 100 };
    // Farm-wide (no field): each reference alone is still checked against the farm.
    for (const ref of ['field', 'season', 'crop'] as const) {
      const res = await owner.post('/v1/costs', { ...fuel, [`${ref}Id`]: other[ref].id });
      expect([res.status, res.message]).toEqual([400, `The ${ref} does not belong to this farm`]);
    }
    const cost = (await owner.post<Cost>('/v1/costs', costBody(f, { seasonId: undefined, cropId: undefined }))).body;
    expect(cost.fieldId).toBe(f.field.id);
    const cleared = await owner.patch<Cost>(`/v1/costs/${cost.id}`, { fieldId: null });
    expect(cleared.body).toMatchObject({ fieldId: null, field: null });
    expect(await owner.patch(`/v1/costs/${cost.id}`, { fieldId: other.field.id })).toMatchObject({
      status: 400,
      message: 'The field does not belong to this farm',
    });
  });
});

describe('budgets', () => {
  it('plans per category and season and summarises planned against actual', async () => {
    const f = await buildFarm(owner, 'Budget Farm');
    const empty = (await owner.get<BudgetPlan>(`/v1/budgets?farmId=${f.farm.id}&seasonId=${f.season.id}`)).body;
    expect(empty.items).toHaveLength(9);
    expect(empty.items.every((line) => line.planned === 0)).toBe(true);

    const saved = await owner.put<BudgetPlan>('/v1/budgets', {
      farmId: f.farm.id,
      seasonId: f.season.id,
      category: 'Fertilizers',
      planned: 50_000,
    });
    expect(saved).toMatchObject({ status: 200, message: 'Budget saved' });
    expect(saved.body.items.find((l) => l.category === 'Fertilizers')!.planned).toBe(50_000);
    await owner.put('/v1/budgets', { farmId: f.farm.id, seasonId: f.season.id, category: 'Fertilizers', planned: 40_000 });
    await owner.put('/v1/budgets', { farmId: f.farm.id, seasonId: f.season.id, category: 'Labor', planned: 20_000 });
    await owner.put('/v1/budgets', { farmId: f.farm.id, category: 'Fuel', planned: 5_000 });
    await owner.put('/v1/budgets', { farmId: f.farm.id, category: 'Fuel', planned: 6_000 });
    const plan = (await owner.get<BudgetPlan>(`/v1/budgets?farmId=${f.farm.id}&seasonId=${f.season.id}`)).body;
    expect(plan.items.filter((l) => l.planned > 0)).toEqual([
      { category: 'Fertilizers', planned: 40_000 },
      { category: 'Labor', planned: 20_000 },
    ]);
    expect((await owner.get<BudgetPlan>(`/v1/budgets?farmId=${f.farm.id}&seasonId=0`)).body.items.filter((l) => l.planned > 0)).toEqual([
      { category: 'Fuel', planned: 6_000 },
    ]);

    await owner.post('/v1/costs', costBody(f, { amount: 30_000 }));
    await owner.post('/v1/costs', costBody(f, { budgetCategory: 'Labor', activityType: 'Weeding', amount: 25_000 }));
    await owner.post('/v1/costs', costBody(f, { budgetCategory: 'Other', activityType: 'Other', amount: 1_000 }));

    const season = (await owner.get<BudgetSummary>(`/v1/budget/summary?farmId=${f.farm.id}&seasonId=${f.season.id}`)).body;
    expect(season).toEqual({
      planned: 60_000,
      actual: 56_000,
      remaining: 4_000,
      variance: 4_000,
      percentage: 93.3,
      categories: [
        { name: 'Fertilizers', planned: 40_000, actual: 30_000, percentage: 75 },
        { name: 'Labor', planned: 20_000, actual: 25_000, percentage: 125 },
        { name: 'Other', planned: 0, actual: 1_000, percentage: 0 },
      ],
    });
    const farmWide = (await owner.get<BudgetSummary>(`/v1/budget/summary?farmId=${f.farm.id}`)).body;
    expect(farmWide).toMatchObject({ planned: 66_000, actual: 56_000 });
    const byCrop = (await owner.get<BudgetSummary>(`/v1/budget/summary?farmId=${f.farm.id}&cropId=${f.crop.id}&fieldId=${f.field.id}`))
      .body;
    expect(byCrop.actual).toBe(56_000);
    const otherField = (await owner.post<{ id: string }>(`/v1/farms/${f.farm.id}/fields`, { name: 'Empty', size: 1, cropType: 'Kale' }))
      .body;
    expect((await owner.get<BudgetSummary>(`/v1/budget/summary?farmId=${f.farm.id}&fieldId=${otherField.id}`)).body.actual).toBe(0);
  });

  it('refuses bad budgets', async () => {
    const f = await buildFarm(owner);
    const other = await buildFarm(owner);
    expect(await owner.put('/v1/budgets', { farmId: f.farm.id, category: 'Fuel', planned: -5 })).toMatchObject({
      status: 400,
      message: 'planned: must not be negative',
    });
    expect((await owner.put('/v1/budgets', { farmId: f.farm.id, category: 'Snacks', planned: 5 })).status).toBe(400);
    expect(await owner.put('/v1/budgets', { farmId: f.farm.id, seasonId: other.season.id, category: 'Fuel', planned: 5 })).toMatchObject({
      status: 400,
      message: 'The season does not belong to this farm',
    });
    expect(await owner.get('/v1/budgets')).toMatchObject({ status: 400, message: 'farmId: is required' });
  });

  it('starts at zero for a new account', async () => {
    const fresh = await newClient(t);
    expect((await fresh.get<BudgetSummary>('/v1/budget/summary')).body).toEqual({
      planned: 0,
      actual: 0,
      remaining: 0,
      variance: 0,
      percentage: 0,
      categories: [],
    });
    expect((await fresh.get<Page<Cost>>('/v1/costs')).body).toEqual({ items: [], total: 0, totalCapped: false, page: 1, pageSize: 20 });
  });
});
