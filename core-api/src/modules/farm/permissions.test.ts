import { randomUUID } from 'node:crypto';
import type { Activity, Cost, Crop, Dashboard, FarmRole, FarmUser, Field, Season } from '@shambasoko/contracts';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { FARM_ROLES } from '@shambasoko/contracts';
import type { Page } from './common/list';
import { type Answer, type Client, type FarmFixture, addMember, buildFarm, newClient } from './test-helpers';

// The role × action matrix, written out here independently of the contract's farm-permissions.ts,
// run for every farm role and for a stranger (a signed-in user who is not a member).

type Principal = FarmRole | 'Stranger';
const PRINCIPALS: readonly Principal[] = [...FARM_ROLES, 'Stranger'];

const EVERY_ROLE: readonly FarmRole[] = FARM_ROLES;
const MANAGERS: readonly FarmRole[] = ['Owner', 'Farm Manager'];
const FIELD_TEAM: readonly FarmRole[] = ['Owner', 'Farm Manager', 'Field Supervisor'];
const STATUS_CHANGERS: readonly FarmRole[] = [...FIELD_TEAM, 'Field Worker'];
const MONEY: readonly FarmRole[] = ['Owner', 'Farm Manager', 'Accountant'];

let t: TestApp;
let owner: Client;
let fx: FarmFixture;
let cost: Cost;
const clients = new Map<Principal, Client>();

beforeAll(async () => {
  t = await startTestApp();
  owner = await newClient(t, { firstName: 'Matrix', lastName: 'Owner' });
  fx = await buildFarm(owner, 'Matrix Farm');
  cost = (
    await owner.post<Cost>('/v1/costs', {
      farmId: fx.farm.id,
      fieldId: fx.field.id,
      seasonId: fx.season.id,
      cropId: fx.crop.id,
      activityType: 'Planting',
      budgetCategory: 'Seeds & Planting',
      description: 'Seed',
      amount: 1_000,
    })
  ).body;
  clients.set('Owner', owner);
  clients.set('Stranger', await newClient(t));
  for (const role of FARM_ROLES) {
    if (role === 'Owner') continue;
    const member = await newClient(t, { firstName: role.replace(' ', ''), lastName: 'Member' });
    await addMember(owner, fx.farm.id, member, role);
    clients.set(role, member);
  }
}, 60_000);
afterAll(async () => t.close());

// Things the owner creates so a principal has something fresh to change or delete.
const newField = async () =>
  (await owner.post<Field>(`/v1/farms/${fx.farm.id}/fields`, { name: 'Scratch', size: 1, cropType: 'Kale' })).body;
const newSeason = async () =>
  (
    await owner.post<Season>('/v1/seasons', {
      farmId: fx.farm.id,
      name: 'Scratch',
      cropType: 'Kale',
      startDate: '2027-01-01',
      endDate: '2027-03-01',
    })
  ).body;
const newCrop = async () =>
  (
    await owner.post<Crop>('/v1/crops', {
      farmId: fx.farm.id,
      fieldId: fx.field.id,
      seasonId: fx.season.id,
      name: 'Scratch',
      area: 1,
      plantedDate: '2026-10-01',
      expectedHarvest: '2026-12-01',
    })
  ).body;
const newActivity = async () =>
  (await owner.post<Activity>('/v1/activities', { farmId: fx.farm.id, fieldId: fx.field.id, name: 'Weeding' })).body;
const newInvitation = async () =>
  (
    await owner.post<FarmUser>(`/v1/farms/${fx.farm.id}/users`, {
      name: 'Scratch',
      email: `${randomUUID()}@example.co.ke`,
      phone: '0700',
      role: 'Viewer',
    })
  ).body;
const newCost = async () =>
  (
    await owner.post<Cost>('/v1/costs', {
      farmId: fx.farm.id,
      fieldId: fx.field.id,
      seasonId: fx.season.id,
      cropId: fx.crop.id,
      activityType: 'Other',
      budgetCategory: 'Other',
      description: 'Scratch',
      amount: 10,
    })
  ).body;

interface Action {
  name: string;
  allowed: readonly FarmRole[];
  run(c: Client, who: Principal): Promise<Answer<unknown>>;
}

const ACTIONS: Action[] = [
  // Reads
  { name: 'read the farm', allowed: EVERY_ROLE, run: (c) => c.get(`/v1/farms/${fx.farm.id}`) },
  { name: 'list fields of the farm', allowed: EVERY_ROLE, run: (c) => c.get(`/v1/fields?farmId=${fx.farm.id}`) },
  { name: 'read a field', allowed: EVERY_ROLE, run: (c) => c.get(`/v1/fields/${fx.field.id}`) },
  { name: 'list seasons of the farm', allowed: EVERY_ROLE, run: (c) => c.get(`/v1/seasons?farmId=${fx.farm.id}`) },
  { name: 'read a season', allowed: EVERY_ROLE, run: (c) => c.get(`/v1/seasons/${fx.season.id}`) },
  { name: 'list crops of the farm', allowed: EVERY_ROLE, run: (c) => c.get(`/v1/crops?farmId=${fx.farm.id}`) },
  { name: 'read a crop', allowed: EVERY_ROLE, run: (c) => c.get(`/v1/crops/${fx.crop.id}`) },
  { name: 'list activities of the farm', allowed: EVERY_ROLE, run: (c) => c.get(`/v1/activities?farmId=${fx.farm.id}`) },
  { name: 'read an activity', allowed: EVERY_ROLE, run: (c) => c.get(`/v1/activities/${fx.activity.id}`) },
  { name: 'list farm users', allowed: EVERY_ROLE, run: (c) => c.get(`/v1/farm-users?farmId=${fx.farm.id}`) },
  // The farm's books: only the roles that keep them (issue 39: a Field Worker saw them).
  { name: 'list costs', allowed: MONEY, run: (c) => c.get(`/v1/costs?farmId=${fx.farm.id}`) },
  { name: 'total the costs', allowed: MONEY, run: (c) => c.get(`/v1/costs/total?farmId=${fx.farm.id}`) },
  { name: 'read a cost', allowed: MONEY, run: (c) => c.get(`/v1/costs/${cost.id}`) },
  { name: 'read the budget plan', allowed: MONEY, run: (c) => c.get(`/v1/budgets?farmId=${fx.farm.id}`) },
  { name: 'read the budget summary', allowed: MONEY, run: (c) => c.get(`/v1/budget/summary?farmId=${fx.farm.id}`) },
  { name: 'read filter options', allowed: EVERY_ROLE, run: (c) => c.get(`/v1/filters?farmId=${fx.farm.id}`) },

  // Farm
  { name: 'update the farm', allowed: MANAGERS, run: (c) => c.patch(`/v1/farms/${fx.farm.id}`, { description: 'Updated' }) },
  {
    name: 'delete a farm',
    allowed: ['Owner'],
    run: async (c, who) => {
      const farm = (await buildFarm(owner)).farm;
      if (who !== 'Owner' && who !== 'Stranger') await addMember(owner, farm.id, c, who);
      return c.del(`/v1/farms/${farm.id}`);
    },
  },

  // Fields, seasons, crops, activities
  {
    name: 'add a field',
    allowed: FIELD_TEAM,
    run: (c) => c.post(`/v1/farms/${fx.farm.id}/fields`, { name: 'New', size: 1, cropType: 'Kale' }),
  },
  { name: 'update a field', allowed: FIELD_TEAM, run: (c) => c.patch(`/v1/fields/${fx.field.id}`, { status: 'growing' }) },
  { name: 'delete a field', allowed: FIELD_TEAM, run: async (c) => c.del(`/v1/fields/${(await newField()).id}`) },
  {
    name: 'add a season',
    allowed: FIELD_TEAM,
    run: (c) =>
      c.post('/v1/seasons', { farmId: fx.farm.id, name: 'New', cropType: 'Kale', startDate: '2027-01-01', endDate: '2027-02-01' }),
  },
  { name: 'update a season', allowed: FIELD_TEAM, run: (c) => c.patch(`/v1/seasons/${fx.season.id}`, { cropType: 'Maize' }) },
  { name: 'delete a season', allowed: FIELD_TEAM, run: async (c) => c.del(`/v1/seasons/${(await newSeason()).id}`) },
  {
    name: 'add a crop',
    allowed: FIELD_TEAM,
    run: (c) =>
      c.post('/v1/crops', {
        farmId: fx.farm.id,
        fieldId: fx.field.id,
        seasonId: fx.season.id,
        name: 'New',
        area: 1,
        plantedDate: '2026-10-01',
        expectedHarvest: '2026-12-01',
      }),
  },
  { name: 'update a crop', allowed: FIELD_TEAM, run: (c) => c.patch(`/v1/crops/${fx.crop.id}`, { status: 'growing' }) },
  { name: 'delete a crop', allowed: FIELD_TEAM, run: async (c) => c.del(`/v1/crops/${(await newCrop()).id}`) },
  {
    name: 'log an activity',
    allowed: FIELD_TEAM,
    run: (c) => c.post('/v1/activities', { farmId: fx.farm.id, fieldId: fx.field.id, name: 'Irrigation' }),
  },
  {
    name: 'edit an activity',
    allowed: FIELD_TEAM,
    run: (c, who) => c.patch(`/v1/activities/${fx.activity.id}`, { notes: `Edited by ${who}` }),
  },
  {
    name: 'change an activity status',
    allowed: STATUS_CHANGERS,
    run: (c) => c.patch(`/v1/activities/${fx.activity.id}`, { status: 'In Progress' }),
  },
  { name: 'delete an activity', allowed: FIELD_TEAM, run: async (c) => c.del(`/v1/activities/${(await newActivity()).id}`) },

  // Farm users
  {
    name: 'add a farm user',
    allowed: MANAGERS,
    run: (c) =>
      c.post(`/v1/farms/${fx.farm.id}/users`, { name: 'New', email: `${randomUUID()}@example.co.ke`, phone: '0700', role: 'Viewer' }),
  },
  {
    name: 'update a farm user',
    allowed: MANAGERS,
    run: async (c) => c.patch(`/v1/farm-users/${(await newInvitation()).id}`, { phone: '0711' }),
  },
  { name: 'remove a farm user', allowed: MANAGERS, run: async (c) => c.del(`/v1/farm-users/${(await newInvitation()).id}`) },

  // Costs and budgets
  {
    name: 'add a cost',
    allowed: MONEY,
    run: (c) =>
      c.post('/v1/costs', {
        farmId: fx.farm.id,
        fieldId: fx.field.id,
        seasonId: fx.season.id,
        cropId: fx.crop.id,
        activityType: 'Weeding',
        budgetCategory: 'Labor',
        description: 'New',
        amount: 100,
      }),
  },
  { name: 'update a cost', allowed: MONEY, run: (c) => c.patch(`/v1/costs/${cost.id}`, { amount: 1_500 }) },
  { name: 'delete a cost', allowed: MONEY, run: async (c) => c.del(`/v1/costs/${(await newCost()).id}`) },
  { name: 'set a budget line', allowed: MONEY, run: (c) => c.put('/v1/budgets', { farmId: fx.farm.id, category: 'Fuel', planned: 1_000 }) },
];

const CASES = ACTIONS.flatMap((action) =>
  PRINCIPALS.map((who) => {
    const expected = who === 'Stranger' ? 404 : action.allowed.includes(who) ? 'allowed' : 403;
    return [who, action.name, expected, action] as const;
  }),
);

describe('permission matrix (role × action, plus a stranger)', () => {
  it.each(CASES)('%s: %s → %s', async (who, _name, expected, action) => {
    const res = await action.run(clients.get(who)!, who);
    if (expected === 'allowed') {
      // Compared as text so a failure shows the server's message.
      expect(`${res.status}`).toMatch(
        res.status === 200 || res.status === 201 ? /^20[01]$/ : new RegExp(`^20[01] expected, got ${res.message}`),
      );
    } else if (expected === 403) {
      expect(res.status).toBe(403);
      expect(res.message).toMatch(new RegExp(`^As an? ${who} on this farm you cannot `));
    } else {
      expect(res.status).toBe(404);
      expect(res.message).toMatch(/not found$/);
      expect(res.body).toBeNull();
    }
  });
});

describe('no cross-farm reads or writes', () => {
  it('a stranger sees none of the farm in unfiltered lists and aggregates', async () => {
    const stranger = clients.get('Stranger')!;
    await buildFarm(stranger, 'Stranger Farm');
    for (const url of ['/v1/farms', '/v1/fields', '/v1/seasons', '/v1/crops', '/v1/activities', '/v1/farm-users', '/v1/costs']) {
      const page = (await stranger.get<Page<{ farmId?: string; id: string }>>(`${url}?pageSize=100`)).body;
      expect(page.items.some((item) => item.farmId === fx.farm.id || item.id === fx.farm.id)).toBe(false);
    }
    const dashboard = (await stranger.get<Dashboard>('/v1/dashboard')).body;
    expect(dashboard.farms.map((f) => f.name)).toEqual(['Stranger Farm']);
    expect((await stranger.get<{ farms: Array<{ id: string }> }>('/v1/filters')).body.farms.map((f) => f.id)).not.toContain(fx.farm.id);
  });

  it("refuses ids of another farm nested under one's own farm", async () => {
    const other = await newClient(t);
    const own = await buildFarm(other);
    const refs = { fieldId: fx.field.id };
    expect(await other.post('/v1/activities', { farmId: own.farm.id, name: 'Weeding', ...refs })).toMatchObject({
      status: 400,
      message: 'The field does not belong to this farm',
    });
    expect(
      await other.post('/v1/crops', {
        farmId: own.farm.id,
        fieldId: own.field.id,
        seasonId: fx.season.id,
        name: 'X',
        area: 1,
        plantedDate: '2026-10-01',
        expectedHarvest: '2026-12-01',
      }),
    ).toMatchObject({ status: 400, message: 'The season does not belong to this farm' });
    expect(
      await other.post('/v1/costs', {
        farmId: own.farm.id,
        fieldId: own.field.id,
        seasonId: own.season.id,
        cropId: fx.crop.id,
        activityType: 'Other',
        budgetCategory: 'Other',
        description: 'X',
        amount: 1,
      }),
    ).toMatchObject({ status: 400, message: 'The crop does not belong to this farm' });
    expect(
      await other.post(`/v1/farms/${own.farm.id}/users`, {
        name: 'X',
        email: 'x@example.co.ke',
        phone: '0700',
        role: 'Viewer',
        seasonId: fx.season.id,
      }),
    ).toMatchObject({
      status: 400,
      message: 'The season does not belong to this farm',
    });
    expect(await other.put('/v1/budgets', { farmId: own.farm.id, seasonId: fx.season.id, category: 'Fuel', planned: 1 })).toMatchObject({
      status: 400,
    });
    expect(await other.patch(`/v1/activities/${own.activity.id}`, { cropId: fx.crop.id })).toMatchObject({
      status: 400,
      message: 'The crop does not belong to this farm',
    });
    expect(await other.patch(`/v1/seasons/${own.season.id}`, { fieldId: fx.field.id })).toMatchObject({
      status: 400,
      message: 'The field does not belong to this farm',
    });
    // Assigning someone who is a member elsewhere but not here.
    expect(
      await other.post('/v1/activities', { farmId: own.farm.id, fieldId: own.field.id, name: 'Weeding', userId: owner.user.id }),
    ).toMatchObject({
      status: 400,
      message: 'The assignee is not a user of this farm',
    });
    // Nothing of the matrix farm changed hands.
    expect(
      (await owner.get<Page<Activity>>(`/v1/activities?farmId=${fx.farm.id}&fieldId=${fx.field.id}`)).body.items.every(
        (a) => a.farmId === fx.farm.id,
      ),
    ).toBe(true);
  });

  it('requires sign-in for every farm route', async () => {
    for (const [method, url] of [
      ['GET', '/v1/farms'],
      ['POST', '/v1/farms'],
      ['GET', `/v1/farms/${fx.farm.id}`],
      ['GET', '/v1/fields?farmId=bad'],
      ['PATCH', `/v1/activities/${fx.activity.id}`],
      ['GET', '/v1/budget/summary'],
    ] as const) {
      expect((await t.request({ method, url })).statusCode).toBe(401);
    }
  });
});
