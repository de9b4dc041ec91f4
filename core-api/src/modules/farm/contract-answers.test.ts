import {
  activity,
  budgetPlan,
  budgetSummary,
  cost,
  crop,
  dashboard,
  deletedAnswer,
  farm,
  farmFilters,
  farmListPage,
  farmUser,
  field,
  season,
} from '@shambasoko/contracts';
import type { z } from 'zod';
import { DEMO_EMAIL } from '../../../seed/farm-demo';
import { type TestApp, startTestApp } from '../../testing/test-app';
import { type Client, addMember, buildFarm, clientFor, newClient } from './test-helpers';

// Every farm answer has the shape the contract's response schema describes, no more and no less:
// parsing strips unknown keys at every level, so an answer with an extra or a missing field differs
// from its parsed copy.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(async () => t.close());

async function expectAnswer(caller: Client, url: string, schema: z.ZodType): Promise<void> {
  const res = await caller.get(url);
  expect(res.status).toBe(200);
  const parsed = schema.safeParse(res.body);
  if (!parsed.success) throw new Error(`${url}: ${parsed.error.message}`);
  expect(parsed.data).toEqual(res.body);
}

describe('farm answers and the contract', () => {
  it('match the response schemas for the demo account and a fresh farm', async () => {
    const demo = await clientFor(t, DEMO_EMAIL);
    await expectAnswer(demo, '/v1/dashboard', dashboard);
    await expectAnswer(demo, '/v1/filters', farmFilters);
    await expectAnswer(demo, '/v1/budget/summary', budgetSummary);

    const owner = await newClient(t);
    const worker = await newClient(t);
    const built = await buildFarm(owner);
    const farmId = built.farm.id;
    await addMember(owner, farmId, worker, 'Field Worker');
    const created = await owner.post<{ id: string }>('/v1/costs', {
      farmId,
      fieldId: built.field.id,
      seasonId: built.season.id,
      cropId: built.crop.id,
      activityType: 'Planting',
      budgetCategory: 'Labor',
      description: 'Casual labour',
      amount: 1200,
    });
    expect(created.status).toBe(201);
    expect((await owner.put('/v1/budgets', { farmId, category: 'Labor', planned: 5000 })).status).toBe(200);

    await expectAnswer(owner, '/v1/farms', farmListPage(farm));
    await expectAnswer(owner, `/v1/farms/${farmId}`, farm);
    await expectAnswer(owner, `/v1/fields?farmId=${farmId}`, farmListPage(field));
    await expectAnswer(owner, `/v1/fields/${built.field.id}`, field);
    await expectAnswer(owner, `/v1/seasons?farmId=${farmId}`, farmListPage(season));
    await expectAnswer(owner, `/v1/seasons/${built.season.id}`, season);
    await expectAnswer(owner, `/v1/crops?farmId=${farmId}`, farmListPage(crop));
    await expectAnswer(owner, `/v1/crops/${built.crop.id}`, crop);
    await expectAnswer(owner, `/v1/activities?farmId=${farmId}&search=plant`, farmListPage(activity));
    await expectAnswer(owner, `/v1/activities/${built.activity.id}`, activity);
    await expectAnswer(owner, `/v1/farm-users?farmId=${farmId}`, farmListPage(farmUser));
    // A Field Worker sees the other members without their contacts: still the same shape.
    await expectAnswer(worker, `/v1/farm-users?farmId=${farmId}`, farmListPage(farmUser));
    await expectAnswer(owner, `/v1/costs?farmId=${farmId}`, farmListPage(cost));
    await expectAnswer(owner, `/v1/costs/${created.body.id}`, cost);
    await expectAnswer(owner, `/v1/budgets?farmId=${farmId}`, budgetPlan);
    await expectAnswer(owner, `/v1/budget/summary?farmId=${farmId}`, budgetSummary);
    await expectAnswer(owner, '/v1/dashboard', dashboard);
    await expectAnswer(owner, `/v1/filters?farmId=${farmId}`, farmFilters);

    const removed = await owner.del(`/v1/costs/${created.body.id}`);
    expect(deletedAnswer.parse(removed.body)).toEqual(removed.body);
  });
});
