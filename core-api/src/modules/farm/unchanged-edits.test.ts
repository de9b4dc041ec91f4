import type { Activity, Crop, Farm, Field, Season } from '@shambasoko/contracts';
import { sql } from 'kysely';
import type { TestApp } from '../../testing/test-app';
import { useTestApp } from '../../testing/use-test-app';
import { buildFarm, newClient, type Client, type FarmFixture } from './test-helpers';

// An edit that changes nothing writes nothing (common/repository.ts, updateRow): a form saved as it
// was, or an offline write sent again after its answer was lost, leaves the row as it is (no new row
// version, the same updated_at) and every member's kept lists kept. A real change still writes.

let t: TestApp;
useTestApp((app) => {
  t = app;
});

type Table = 'farms' | 'fields' | 'seasons' | 'crops' | 'activities';

/** The row's version (a new one for every write) and its updated_at. */
const versionOf = async (table: Table, id: string) =>
  (
    await sql<{
      version: string;
      updated_at: Date;
    }>`select xmin::text as version, updated_at from ${sql.table(table)} where id = ${id}`.execute(t.db)
  ).rows[0];

describe('an edit that changes nothing', () => {
  let owner: Client;
  let fx: FarmFixture;

  beforeAll(async () => {
    owner = await newClient(t, { firstName: 'Akinyi', lastName: 'Odhiambo' });
    fx = await buildFarm(owner, 'Shamba la Mto');
  });

  const resend: Array<[Table, string, (fx: FarmFixture) => { id: string; body: object }, object]> = [
    [
      'farms',
      '/v1/farms',
      ({ farm }: { farm: Farm }) => ({ id: farm.id, body: { name: farm.name, location: farm.location, totalSize: farm.totalSize } }),
      { name: 'Shamba la Mto 2' },
    ],
    [
      'fields',
      '/v1/fields',
      ({ field }: { field: Field }) => ({ id: field.id, body: { name: field.name, size: field.size, cropType: field.cropType } }),
      { size: 11 },
    ],
    [
      'seasons',
      '/v1/seasons',
      ({ season }: { season: Season }) => ({
        id: season.id,
        body: { name: season.name, startDate: season.startDate, endDate: season.endDate },
      }),
      { name: 'Long Rains' },
    ],
    [
      'crops',
      '/v1/crops',
      ({ crop }: { crop: Crop }) => ({ id: crop.id, body: { name: crop.name, plantedDate: crop.plantedDate } }),
      { name: 'Beans' },
    ],
    [
      'activities',
      '/v1/activities',
      ({ activity }: { activity: Activity }) => ({
        id: activity.id,
        body: { name: activity.name, notes: activity.notes, dueDate: activity.dueDate, status: activity.status },
      }),
      { notes: 'Checked twice' },
    ],
  ];

  it.each(resend)('%s: sent again as it is, the row is not written; a real change is', async (table, path, pick, change) => {
    const { id, body } = pick(fx);
    const before = await versionOf(table, id);
    const same = await owner.patch(`${path}/${id}`, body);
    expect(same.status).toBe(200);
    expect(await versionOf(table, id)).toEqual(before);
    // The same value twice in a row: written once.
    const changed = await owner.patch(`${path}/${id}`, change);
    expect(changed.status).toBe(200);
    const after = await versionOf(table, id);
    expect(after?.version).not.toBe(before?.version);
    expect(await owner.patch(`${path}/${id}`, change)).toMatchObject({ status: 200 });
    expect(await versionOf(table, id)).toEqual(after);
  });

  it('keeps every member’s kept lists: a change nobody was told of stays unseen after an unchanged save', async () => {
    const names = async () => (await owner.get<{ items: Field[] }>(`/v1/fields?farmId=${fx.farm.id}`)).body.items.map((f) => f.name);
    const first = await names();
    // Behind the API's back, with migration 062's triggers off: a kept list does not show it.
    const triggers = ['insert', 'update', 'delete'].map((event) => `fields_answers_${event}`);
    for (const trigger of triggers) await sql.raw(`alter table fields disable trigger ${trigger}`).execute(t.db);
    try {
      await sql`update fields set name = 'Quiet rename' where id = ${fx.field.id}`.execute(t.db);
    } finally {
      for (const trigger of triggers) await sql.raw(`alter table fields enable trigger ${trigger}`).execute(t.db);
    }
    // The form saved with the values the row holds now: nothing written, nothing dropped.
    expect(await owner.patch(`/v1/fields/${fx.field.id}`, { name: 'Quiet rename' })).toMatchObject({ status: 200 });
    expect(await names()).toEqual(first);
    // A real change drops them: the list shows it at once.
    expect(await owner.patch(`/v1/fields/${fx.field.id}`, { name: 'Block Juu' })).toMatchObject({ status: 200 });
    expect(await names()).toEqual(first.map((name) => (name === 'Block 1' ? 'Block Juu' : name)));
  });
});
