import { BUDGET_CATEGORIES, type Farm } from '@shambasoko/contracts';
import { StatementCounter, StatementLog, rawSql } from '../../db/statement-counter';
import { countedOnceWarm } from '../../testing/counted-read';
import type { TestApp } from '../../testing/test-app';
import { useTestApp } from '../../testing/use-test-app';
import { buildFarm, newClient, type Client, type FarmFixture } from './test-helpers';

// Each farm list and the dashboard runs the same few statements for a page of 1 row as for a page
// of 30: no statement per row, whatever the page size.

const counter = new StatementCounter();

const log = new StatementLog();
let t: TestApp;
let small: { client: Client; farm: FarmFixture };
let big: { client: Client; farm: FarmFixture };

/** Every fixture write must have worked, or a short list would pass for the wrong reason. */
async function created(writes: Promise<{ status: number; message: string }>[]): Promise<void> {
  for (const res of await Promise.all(writes)) if (res.status >= 300) throw new Error(`fixture write failed: ${res.status} ${res.message}`);
}

async function account(rows: number): Promise<{ client: Client; farm: FarmFixture }> {
  const client = await newClient(t);
  const farm = await buildFarm(client, 'Farm 00');
  const { farm: f, field, season, crop } = farm;
  const more = Array.from({ length: rows - 1 }, (_, i) => i + 1);
  await created(
    more.map((i) =>
      client.post<Farm>('/v1/farms', { name: `Farm ${String(i).padStart(2, '0')}`, location: 'Meru', totalSize: 5, owner: 'Test' }),
    ),
  );
  await created(more.map((i) => client.post(`/v1/farms/${f.id}/fields`, { name: `Block ${i + 1}`, size: 1, cropType: 'Beans' })));
  await created(
    more.map((i) =>
      client.post('/v1/seasons', {
        farmId: f.id,
        fieldId: field.id,
        name: `Season ${i}`,
        cropType: 'Beans',
        startDate: '2026-03-01',
        endDate: '2026-07-31',
        status: 'upcoming',
      }),
    ),
  );
  await created(
    more.map((i) =>
      client.post('/v1/crops', {
        farmId: f.id,
        fieldId: field.id,
        seasonId: season.id,
        name: `Crop ${i}`,
        area: 1,
        plantedDate: '2026-10-05',
        expectedHarvest: '2027-02-20',
      }),
    ),
  );
  await created(
    more.map((i) =>
      client.post('/v1/activities', {
        farmId: f.id,
        fieldId: field.id,
        cropId: crop.id,
        name: 'Weeding',
        status: 'Pending',
        notes: `Row ${i}`,
      }),
    ),
  );
  await created(
    Array.from({ length: rows }, (_, i) =>
      client.post('/v1/costs', {
        farmId: f.id,
        fieldId: field.id,
        activityType: 'Fertilizing',
        budgetCategory: BUDGET_CATEGORIES[i % BUDGET_CATEGORIES.length],
        description: `Cost ${i}`,
        amount: 100 + i,
      }),
    ),
  );
  for (const category of BUDGET_CATEGORIES.slice(0, Math.min(rows, BUDGET_CATEGORIES.length))) {
    await created([client.put('/v1/budgets', { farmId: f.id, category, planned: 5_000 })]);
  }
  return { client, farm };
}

useTestApp(
  async (app) => {
    t = app;
    small = await account(1);
    big = await account(30);
  },
  { plugins: [counter, log] },
);
jest.setTimeout(180_000);

// The budget plan always lists every category (0 where none is planned); the others grow with the account.
const lists: [string, (farmId: string) => string, boolean?][] = [
  ['farms', () => '/v1/farms?pageSize=30'],
  ['farms sorted by fields', () => '/v1/farms?pageSize=30&sort=-fieldsCount'],
  ['farms searched', () => '/v1/farms?pageSize=30&search=farm'],
  ['fields', () => '/v1/fields?pageSize=30'],
  ['fields of a farm', (farmId) => `/v1/fields?pageSize=30&farmId=${farmId}`],
  ['seasons', () => '/v1/seasons?pageSize=30'],
  ['seasons of a farm', (farmId) => `/v1/seasons?pageSize=30&farmId=${farmId}`],
  ['crops', () => '/v1/crops?pageSize=30'],
  ['crops of a farm', (farmId) => `/v1/crops?pageSize=30&farmId=${farmId}`],
  ['activities', () => '/v1/activities?pageSize=30'],
  ['activities of a farm', (farmId) => `/v1/activities?pageSize=30&farmId=${farmId}&status=Pending`],
  ['activities searched', () => '/v1/activities?pageSize=30&search=weeding'],
  ['costs', () => '/v1/costs?pageSize=30'],
  ['costs of a farm', (farmId) => `/v1/costs?pageSize=30&farmId=${farmId}`],
  ['budget plan', (farmId) => `/v1/budgets?farmId=${farmId}`, true],
  ['budget summary', () => '/v1/budget/summary'],
  ['budget summary of a farm', (farmId) => `/v1/budget/summary?farmId=${farmId}`],
  ['dashboard', () => '/v1/dashboard'],
  ['filter options', () => '/v1/filters'],
];

async function statements(who: { client: Client; farm: FarmFixture }, url: string): Promise<{ n: number; items: number }> {
  const { n, result } = await countedOnceWarm(counter, async () => {
    const res = await who.client.get<{ items?: unknown[] }>(url);
    expect(res.status).toBe(200);
    return res.body.items?.length ?? 0;
  });
  return { n, items: result };
}

it.each(lists)('%s: as many statements for 30 rows as for 1', async (_name, url, fixedItems = false) => {
  const one = await statements(small, url(small.farm.farm.id));
  const thirty = await statements(big, url(big.farm.farm.id));
  if (one.items > 0 && !fixedItems) expect(thirty.items).toBeGreaterThan(one.items);
  expect(thirty.n).toBe(one.n);
  expect({ one: one.n, thirty: thirty.n }).toEqual({ one: one.n, thirty: one.n });
  expect(one.n).toBeLessThanOrEqual(6);
});

it.each([
  ['dashboard', '/v1/dashboard'],
  ['budget summary', '/v1/budget/summary'],
])("%s: reads the caller's roles once, not once per use (issue 43)", async (_name, url) => {
  let status = 0;
  const statements = await log.during(async () => {
    status = (await big.client.get(url)).status;
  });
  expect(status).toBe(200);
  // Each `exists (… role not in …)` was a scan of the memberships: five in the dashboard's statement.
  expect(
    statements
      .map(rawSql)
      .join('\n')
      .match(/role not in/g),
  ).toHaveLength(1);
});
