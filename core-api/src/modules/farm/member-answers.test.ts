import type { Activity, Dashboard, Farm, Field, MyActivities } from '@shambasoko/contracts';
import { todayInNairobi } from '@shambasoko/contracts/time';
import { sql } from 'kysely';
import pg from 'pg';
import { translateFor } from '../../http/language';
import type { TestApp } from '../../testing/test-app';
import { useTestApp } from '../../testing/use-test-app';
import { addMember, buildFarm, newClient, type Client, type FarmFixture } from './test-helpers';

// A member's list answers are kept in memory (common/answers.ts) and dropped when migration 062's
// triggers say a row they show changed. Each test first proves an answer is kept: with the triggers
// off, a change made behind the API's back does not show. Then it proves a change with the triggers
// on shows at once, to everyone whose lists hold it.

let t: TestApp;
useTestApp((app) => {
  t = app;
});

type Page<T> = { items: T[]; total: number };

/** Runs `change` with every trigger of migration 062 on `table` off: a change nobody is told of. */
async function unannounced(table: string, change: () => Promise<unknown>): Promise<void> {
  const triggers = ['insert', 'update', 'delete'].map((event) => `${table}_answers_${event}`);
  for (const trigger of triggers) await sql.raw(`alter table ${table} disable trigger ${trigger}`).execute(t.db);
  try {
    await change();
  } finally {
    for (const trigger of triggers) await sql.raw(`alter table ${table} enable trigger ${trigger}`).execute(t.db);
  }
}

const fieldNames = async (who: Client, farmId: string) =>
  (await who.get<Page<Field>>(`/v1/fields?farmId=${farmId}`)).body.items.map((f) => f.name);

describe('a member’s lists, kept in memory', () => {
  let owner: Client;
  let worker: Client;
  let fx: FarmFixture;

  beforeAll(async () => {
    owner = await newClient(t, { firstName: 'Wanjiru', lastName: 'Kamau' });
    worker = await newClient(t, { firstName: 'Otieno', lastName: 'Ouma' });
    fx = await buildFarm(owner, 'Mlima Farm');
    await addMember(owner, fx.farm.id, worker, 'Field Worker');
  });

  it('answers a repeated read from memory, and shows a write through the API at once to the writer and to the other members', async () => {
    expect(await fieldNames(owner, fx.farm.id)).toEqual(['Block 1']);
    expect(await fieldNames(worker, fx.farm.id)).toEqual(['Block 1']);
    // Kept: a rename nobody is told of does not show.
    await unannounced('fields', () => sql`update fields set name = 'Quiet rename' where id = ${fx.field.id}`.execute(t.db));
    expect(await fieldNames(owner, fx.farm.id)).toEqual(['Block 1']);
    expect(await fieldNames(worker, fx.farm.id)).toEqual(['Block 1']);

    const renamed = await owner.patch(`/v1/fields/${fx.field.id}`, { name: 'Block Juu' });
    expect(renamed.status).toBe(200);
    expect(await fieldNames(owner, fx.farm.id)).toEqual(['Block Juu']);
    expect(await fieldNames(worker, fx.farm.id)).toEqual(['Block Juu']);
  });

  it('shows a change made outside any request (a job, another process) to every member at once', async () => {
    const dashboard = async (who: Client) => (await who.get<Dashboard>('/v1/dashboard')).body;
    const before = await dashboard(worker);
    expect(before.farms.map((f) => f.name)).toEqual(['Mlima Farm']);
    await sql`update farms set name = 'Mlima Farm Kubwa' where id = ${fx.farm.id}`.execute(t.db);
    expect((await dashboard(worker)).farms.map((f) => f.name)).toEqual(['Mlima Farm Kubwa']);
    expect((await dashboard(owner)).farms.map((f) => f.name)).toEqual(['Mlima Farm Kubwa']);
  });

  it('tells of a farm row change from one statement inside its trigger, which holds the rows’ locks (migration 066)', async () => {
    // The members read from the changed rows and the message sent by the trigger itself: no second
    // function (and its statements) runs while the edited rows stay locked.
    const calls = await t.db.transaction().execute(async (trx) => {
      await sql`set local track_functions = 'pl'`.execute(trx);
      await sql`update activities set notes = 'Weeded twice' where id = ${fx.activity.id}`.execute(trx);
      await sql`update farms set name = name where id = ${fx.farm.id}`.execute(trx);
      return (
        await sql<{ funcname: string; calls: number }>`
          select funcname, calls::int as calls from pg_stat_xact_user_functions where funcname like 'member_answers%' order by funcname
        `.execute(trx)
      ).rows;
    });
    expect(calls).toEqual([
      { funcname: 'member_answers_farm_rows', calls: 1 },
      { funcname: 'member_answers_farms', calls: 1 },
    ]);
    const activities = async (who: Client) => (await who.get<Page<Activity>>(`/v1/activities?farmId=${fx.farm.id}`)).body.items;
    expect((await activities(worker)).find((a) => a.id === fx.activity.id)?.notes).toBe('Weeded twice');
  });

  it('shows a new name of a person in the lists of those who share a farm with them', async () => {
    await owner.patch(`/v1/activities/${fx.activity.id}`, { userId: worker.user.id });
    const assignee = async () =>
      (await owner.get<Page<Activity>>(`/v1/activities?farmId=${fx.farm.id}`)).body.items.find((a) => a.id === fx.activity.id)?.userName;
    expect(await assignee()).toBe('Otieno Ouma');
    await sql`update users set full_name = 'Otieno O. Ouma' where id = ${worker.user.id}`.execute(t.db);
    expect(await assignee()).toBe('Otieno O. Ouma');
  });

  it('keeps a person’s tasks for the day, and drops them when one is done', async () => {
    const today = todayInNairobi(new Date());
    await owner.patch(`/v1/activities/${fx.activity.id}`, { userId: worker.user.id, dueDate: today, status: 'Pending' });
    const dueToday = async () => (await worker.get<MyActivities>('/v1/activities/mine')).body.dueToday.map((a) => a.id);
    expect(await dueToday()).toEqual([fx.activity.id]);
    await unannounced('activities', () => sql`update activities set notes = 'quiet' where id = ${fx.activity.id}`.execute(t.db));
    expect((await worker.get<MyActivities>('/v1/activities/mine')).body.dueToday[0]!.notes).not.toBe('quiet');
    expect((await owner.patch(`/v1/activities/${fx.activity.id}`, { status: 'Completed' })).status).toBe(200);
    expect(await dueToday()).toEqual([]);
  });

  it('forgets a farm in the lists of a member who leaves, and answers them 404 for it', async () => {
    const outsider = await newClient(t);
    const membership = await addMember(owner, fx.farm.id, outsider, 'Viewer');
    expect((await outsider.get<Page<Farm>>('/v1/farms')).body.items.map((f) => f.id)).toEqual([fx.farm.id]);
    expect(await fieldNames(outsider, fx.farm.id)).toEqual(['Block Juu']);
    expect((await owner.del(`/v1/farm-users/${membership.id}`)).status).toBe(200);
    expect((await outsider.get<Page<Farm>>('/v1/farms')).body).toMatchObject({ items: [], total: 0 });
    expect((await outsider.get(`/v1/fields?farmId=${fx.farm.id}`)).status).toBe(404);
  });

  it('keeps each person’s answers apart, and tells the message in the caller’s language', async () => {
    const stranger = await newClient(t);
    const url = '/v1/farms';
    expect((await owner.get<Page<Farm>>(url)).body.total).toBe(1);
    expect((await stranger.get<Page<Farm>>(url)).body).toMatchObject({ items: [], total: 0 });
    const english = await t.request({ method: 'GET', url, headers: owner.user.headers });
    const kiswahili = await t.request({ method: 'GET', url, headers: { ...owner.user.headers, 'accept-language': 'sw' } });
    expect(JSON.parse(english.payload).header.customerMessage).toBe('Success');
    expect(JSON.parse(kiswahili.payload).header.customerMessage).toBe(translateFor('Success', 'sw'));
    expect(JSON.parse(kiswahili.payload).body).toEqual(JSON.parse(english.payload).body);
    expect(kiswahili.headers.vary).toMatch(/accept-language/i);
  });
});

const onServer = process.env.DATABASE_URL ? describe : describe.skip;

onServer('a change committed by another process (PostgreSQL)', () => {
  it('reaches this process’s kept answers within a second', async () => {
    const owner = await newClient(t);
    const fx = await buildFarm(owner, 'Shamba Mbali');
    expect(await fieldNames(owner, fx.farm.id)).toEqual(['Block 1']);
    const name = (await sql<{ name: string }>`select current_database() as name`.execute(t.db)).rows[0]!.name;
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${name}`;
    const other = new pg.Client({ connectionString: url.toString() });
    await other.connect();
    try {
      await other.query('update fields set name = $1 where id = $2', ['Renamed elsewhere', fx.field.id]);
    } finally {
      await other.end();
    }
    const deadline = Date.now() + 1_000;
    let names = await fieldNames(owner, fx.farm.id);
    while (names[0] !== 'Renamed elsewhere' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      names = await fieldNames(owner, fx.farm.id);
    }
    expect(names).toEqual(['Renamed elsewhere']);
  });
});
