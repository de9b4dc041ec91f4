import type { Dashboard, Farm, Field } from '@shambasoko/contracts';
import { farmScaleOverride } from './common/list-access';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { addMember, buildFarm, newClient, type Client } from './test-helpers';

// A caller with many farms gets lists read in display order with each row's farm checked (and kept
// generic plans on PostgreSQL); a caller with a few gets them through the membership join. Both
// shapes must answer exactly the same pages, totals and dashboard for the same account.

let t: TestApp;
let coop: Client;
let neighbour: Client;
let neighbourFarmIds: string[];
beforeAll(async () => {
  t = await startTestApp();
  coop = await newClient(t);
  neighbour = await newClient(t);
  // More farms than MANY_FARMS (50), a handful with children, in two statuses and several sizes.
  const detailed = [];
  for (let i = 0; i < 6; i += 1) detailed.push(await buildFarm(coop, `Coop Farm ${String(i).padStart(2, '0')}`));
  for (let batch = 0; batch < 5; batch += 1) {
    await Promise.all(
      Array.from({ length: 10 }, (_, j) => {
        const i = 6 + batch * 10 + j;
        return coop.post<Farm>('/v1/farms', {
          name: `Coop Farm ${String(i).padStart(2, '0')}`,
          location: i % 2 === 0 ? 'Nakuru' : 'Meru',
          totalSize: 5 + (i % 7),
          owner: 'Coop',
          status: i % 5 === 0 ? 'inactive' : 'active',
        });
      }),
    );
  }
  for (const [i, f] of detailed.entries()) {
    await coop.post<Field>(`/v1/farms/${f.farm.id}/fields`, { name: `Block ${i + 2}`, size: 3 + i, cropType: 'Beans', status: 'fallow' });
    await coop.post('/v1/activities', {
      farmId: f.farm.id,
      fieldId: f.field.id,
      name: 'Weeding',
      status: i % 2 === 0 ? 'Pending' : 'Completed',
    });
    await coop.post('/v1/costs', {
      farmId: f.farm.id,
      fieldId: f.field.id,
      activityType: 'Fertilizing',
      budgetCategory: i % 2 === 0 ? 'Fertilizers' : 'Fuel',
      description: `Cost ${i}`,
      amount: 1_000 * (i + 1),
    });
  }
  // Farms the cooperative must never see, one where it is a Viewer, one where its invitation is pending.
  const theirs = [
    await buildFarm(neighbour, 'Neighbour A'),
    await buildFarm(neighbour, 'Neighbour B'),
    await buildFarm(neighbour, 'Neighbour C'),
  ];
  neighbourFarmIds = theirs.map((f) => f.farm.id);
  await addMember(neighbour, theirs[0]!.farm.id, coop, 'Viewer');
  await neighbour.post(`/v1/farms/${theirs[1]!.farm.id}/users`, {
    name: 'Invited',
    email: 'not-yet-a-user@example.com',
    phone: '+254 700 000 001',
    role: 'Viewer',
  });
}, 180_000);
afterAll(async () => {
  farmScaleOverride.many = undefined;
  await t.close();
});

const lists = [
  '/v1/farms',
  '/v1/farms?sort=name&page=2&pageSize=10',
  '/v1/farms?status=inactive',
  '/v1/farms?sort=-fieldsCount&pageSize=5',
  '/v1/farms?sort=-totalSize&page=4&pageSize=7',
  '/v1/farms?sort=createdAt&page=6&pageSize=10',
  '/v1/fields',
  '/v1/fields?status=fallow&pageSize=3&page=2',
  '/v1/fields?sort=-size',
  '/v1/seasons',
  '/v1/seasons?status=active&pageSize=4',
  '/v1/crops',
  '/v1/crops?page=2&pageSize=4',
  '/v1/activities',
  '/v1/activities?status=Pending',
  '/v1/activities?sort=name&page=2&pageSize=4',
  '/v1/farm-users',
  '/v1/farm-users?role=Owner&pageSize=10&page=3',
  '/v1/costs',
  '/v1/costs?category=Fuel',
  '/v1/costs?sort=-amount&page=2&pageSize=4',
  '/v1/dashboard',
];

async function answers(many: boolean): Promise<Record<string, unknown>> {
  farmScaleOverride.many = many;
  const out: Record<string, unknown> = {};
  for (const path of lists) {
    const res = await coop.get<unknown>(path);
    expect({ path, status: res.status }).toEqual({ path, status: 200 });
    out[path] = res.body;
  }
  return out;
}

describe('lists for a caller with many farms', () => {
  it('answers the same pages, totals and dashboard whether rows are checked in display order or joined through the membership', async () => {
    const checked = await answers(true);
    const joined = await answers(false);
    expect(checked).toEqual(joined);

    // And the answers are the cooperative's own: 57 farms (56 owned, 1 as Viewer), nothing of the
    // neighbour's other farms or of the pending invitation.
    const farms = checked['/v1/farms'] as { total: number; totalCapped: boolean };
    expect(farms).toMatchObject({ total: 57, totalCapped: false });
    const dashboard = checked['/v1/dashboard'] as Dashboard;
    expect(dashboard.totalFarms).toBe(57);
    expect(dashboard.farms.map((f) => f.name)).toEqual([
      'Coop Farm 00',
      'Coop Farm 01',
      'Coop Farm 02',
      'Coop Farm 03',
      'Coop Farm 04',
      'Coop Farm 05',
      'Coop Farm 06',
      'Coop Farm 07',
      'Coop Farm 08',
      'Coop Farm 09',
    ]);
    expect(dashboard.seasons.length).toBeGreaterThan(0);
    const seen = JSON.stringify(checked);
    expect(seen).toContain(neighbourFarmIds[0]);
    expect(seen).not.toContain(neighbourFarmIds[1]);
    expect(seen).not.toContain(neighbourFarmIds[2]);
    expect(seen).not.toContain('not-yet-a-user@example.com');
  });

  it("still answers 404 for a farm the caller does not belong to, and a member's farm list by farm", async () => {
    farmScaleOverride.many = true;
    expect((await coop.get(`/v1/activities?farmId=${neighbourFarmIds[1]}`)).status).toBe(404);
    expect((await coop.get(`/v1/costs?farmId=${neighbourFarmIds[2]}`)).status).toBe(404);
    const viewerFields = await coop.get<{ items: Field[] }>(`/v1/fields?farmId=${neighbourFarmIds[0]}`);
    expect(viewerFields.status).toBe(200);
    expect(viewerFields.body.items.map((f) => f.farmId)).toEqual([neighbourFarmIds[0]]);
  });
});

describe('searches', () => {
  it("page the matches in order with their total, answer an empty first page, a page past the end and a stranger's farm", async () => {
    farmScaleOverride.many = undefined;
    type Listed = { items: { id: string; name: string }[]; total: number; totalCapped: boolean };
    const all = (await coop.get<Listed>('/v1/activities?search=weed&pageSize=50')).body;
    expect(all).toMatchObject({ total: 6, totalCapped: false });
    expect(all.items.map((a) => a.name)).toEqual(Array(6).fill('Weeding'));
    const second = (await coop.get<Listed>('/v1/activities?search=weed&pageSize=4&page=2')).body;
    expect(second).toMatchObject({ total: 6, totalCapped: false });
    expect(second.items.map((a) => a.id)).toEqual(all.items.slice(4).map((a) => a.id));
    expect((await coop.get<Listed>('/v1/activities?search=weed&pageSize=4&page=5')).body).toMatchObject({ items: [], total: 6 });
    expect((await coop.get<Listed>('/v1/activities?search=zzqq')).body).toMatchObject({ items: [], total: 0, totalCapped: false });
    expect((await coop.get<Listed>('/v1/costs?search=zzqq')).body).toMatchObject({ items: [], total: 0 });
    expect((await coop.get<Listed>('/v1/farms?search=coop farm 0&sort=-name&pageSize=3')).body).toMatchObject({
      total: 10,
      items: [{ name: 'Coop Farm 09' }, { name: 'Coop Farm 08' }, { name: 'Coop Farm 07' }],
    });
    expect((await coop.get(`/v1/activities?farmId=${neighbourFarmIds[1]}&search=zzqq`)).status).toBe(404);
    expect((await coop.get(`/v1/activities?farmId=${neighbourFarmIds[2]}&search=planting`)).status).toBe(404);
    expect((await coop.get<Listed>(`/v1/fields?farmId=${neighbourFarmIds[0]}&search=zzqq`)).body).toMatchObject({ items: [], total: 0 });
    // Statuses match as text too, in any case; a word matching no status leaves them out.
    expect((await coop.get<Listed>('/v1/fields?search=FALLO&pageSize=50')).body).toMatchObject({ total: 6 });
    expect((await coop.get<Listed>('/v1/fields?search=block 3')).body.items.map((f) => f.name)).toEqual(['Block 3']);
    expect((await coop.get<Listed>('/v1/fields?search=zzqq')).body).toMatchObject({ items: [], total: 0 });
    const crops = (await coop.get<{ items: { status: string }[]; total: number }>('/v1/crops?search=Plann&pageSize=50')).body;
    expect(crops.total).toBeGreaterThan(0);
    expect(crops.items.every((c) => c.status === 'planned')).toBe(true);
    expect((await coop.get<Listed>('/v1/crops?search=zzqq')).body).toMatchObject({ items: [], total: 0 });
  });
});
