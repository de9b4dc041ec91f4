import type { Activity, Cost, Crop, FarmUser, Field, Season } from '@shambasoko/contracts';
import type { RootOperationNode } from 'kysely';
import { StatementLog, tablesRead } from '../../db/statement-counter';
import type { TestApp } from '../../testing/test-app';
import { useTestApp } from '../../testing/use-test-app';
import { addMember, buildFarm, newClient, type Client, type FarmFixture } from './test-helpers';

// A farm row read by its id (the answer of every edit, and GET …/:id) is planned once per connection
// and kept: the row by its key, its farm's membership checked by a subplan. Planned on every call, it
// cost the database 0.52 of its 0.57 ms after each activity edit (bench:farm's changing row).

const log = new StatementLog();
let t: TestApp;
useTestApp((app) => (t = app), { plugins: [log] });

let owner: Client;
let worker: Client;
let accountant: Client;
let stranger: Client;
let fx: FarmFixture;
let cost: Cost;
let workerMembership: FarmUser;

beforeAll(async () => {
  owner = await newClient(t, { firstName: 'Achieng', lastName: 'Odhiambo' });
  worker = await newClient(t, { firstName: 'Kiprono', lastName: 'Langat' });
  accountant = await newClient(t, { firstName: 'Wairimu', lastName: 'Njoroge' });
  stranger = await newClient(t, { firstName: 'Mumbua', lastName: 'Musyoka' });
  fx = await buildFarm(owner, 'Shamba la Mto');
  workerMembership = await addMember(owner, fx.farm.id, worker, 'Field Worker');
  await addMember(owner, fx.farm.id, accountant, 'Accountant');
  const created = await owner.post<Cost>('/v1/costs', {
    farmId: fx.farm.id,
    fieldId: fx.field.id,
    activityType: 'Weeding',
    budgetCategory: 'Labor',
    description: 'Casual labour',
    amount: 1500,
  });
  expect(created.status).toBe(201);
  cost = created.body;
});

/** The SQL of the statements `action` ran. */
async function statementsOf(action: () => Promise<unknown>): Promise<string[]> {
  const nodes = await log.during(action);
  return nodes.map((node) => t.db.getExecutor().compileQuery(node as RootOperationNode, { queryId: 'read-by-id' }).sql);
}

/** The SQL of the statements `action` ran that read `table`. */
async function readsOf(table: string, action: () => Promise<unknown>): Promise<string[]> {
  const nodes = await log.during(action);
  return nodes
    .filter((node) => tablesRead(node).includes(table))
    .map((node) => t.db.getExecutor().compileQuery(node as RootOperationNode, { queryId: 'read-by-id' }).sql);
}

describe('a farm row read by its id', () => {
  // Who reads the row besides its editor, and who may not: the books only for their roles.
  const cases = [
    {
      table: 'activities',
      path: () => `/v1/activities/${fx.activity.id}`,
      change: { notes: 'Top-dressed with CAN' },
      reader: () => worker,
      // The update answers the row itself, and checks the role (see "an activity edit" below): no read.
      answeredByUpdate: true,
    },
    { table: 'fields', path: () => `/v1/fields/${fx.field.id}`, change: { name: 'Block ya Chini' }, reader: () => worker },
    { table: 'crops', path: () => `/v1/crops/${fx.crop.id}`, change: { name: 'Maize H614' }, reader: () => worker },
    { table: 'seasons', path: () => `/v1/seasons/${fx.season.id}`, change: { name: 'Long Rains' }, reader: () => worker },
    { table: 'costs', path: () => `/v1/costs/${cost.id}`, change: { amount: 1800 }, reader: () => accountant, refused: () => worker },
    {
      table: 'farm_members',
      path: () => `/v1/farm-users/${workerMembership.id}`,
      change: { role: 'Field Supervisor' },
      reader: () => worker,
    },
  ];

  it.each(cases)(
    '$table: an edit answers the row (from its update, or read with a kept plan), its reader sees it, an outsider gets 404',
    async ({ table, path, change, reader, refused, answeredByUpdate }) => {
      let answer: Activity | Field | Crop | Season | Cost | FarmUser | undefined;
      const reads = await readsOf(table, async () => {
        const res = await owner.patch<NonNullable<typeof answer>>(path(), change);
        expect(res.status).toBe(200);
        answer = res.body;
      });
      expect(answer).toMatchObject(change);
      // The row's farm and the editor's role there come in one statement, not a read of each.
      const edit = await statementsOf(() => owner.patch(path(), change));
      expect(edit.filter((sql) => /^select "farm_id" from "\w+" where "id" = \$1$/.test(sql))).toEqual([]);
      expect(edit.filter((sql) => sql.startsWith('select "role" from "farm_members"'))).toEqual([]);
      // The answer's read (the last statement that reads the table) keeps its plan: no membership
      // semi-join, whose best plan depends on how many farms the caller has.
      const last = reads.at(-1)!;
      if (answeredByUpdate) expect(reads).toEqual([]);
      else {
        expect(last.slice(0, 40)).toContain('/* generic plan */');
        expect(last).not.toMatch(/in \(select "farm_id" from "farm_members"/);
      }
      // A membership's contacts show to those who may see them, so the reader's copy may differ there.
      const read = await reader().get<typeof answer>(path());
      expect(read.status).toBe(200);
      if (table === 'farm_members') expect(read.body).toMatchObject({ id: workerMembership.id, ...change });
      else expect(read.body).toEqual(answer);
      // A member whose role may not keep the books is told so (403); an outsider hears of no such row.
      if (refused) expect((await refused().get(path())).status).toBe(403);
      expect((await stranger.get(path())).status).toBe(404);
    },
  );
});

describe('an activity edit', () => {
  const path = () => `/v1/activities/${fx.activity.id}`;
  /** The statements of one PATCH, and its answer. */
  async function edit(who: Client, change: object): Promise<{ sql: string[]; status: number; body: Activity }> {
    let res: { status: number; body: Activity } | undefined;
    const sql = await statementsOf(async () => {
      res = await who.patch<Activity>(path(), change);
    });
    return { sql, ...res! };
  }

  it('is one statement when it names no other row: the update, allowed by the role on its farm, answers the row', async () => {
    const done = await edit(owner, { notes: 'Weeded the north rows', dueDate: '2026-12-24' });
    expect(done.status).toBe(200);
    expect(done.sql).toHaveLength(1);
    expect(done.sql[0]).toMatch(/^update "activities" as "a" set "due_date" = \$1, "notes" = \$2 where /);
    expect(done.sql[0]).toMatch(/\(select m\.role from farm_members m where m\.farm_id = "a"\."farm_id"/);
    expect(done.sql[0]).toMatch(/ returning "a"\."id"/);
    // The answer is the row as a read by id shows it, names and all.
    expect(done.body).toMatchObject({ notes: 'Weeded the north rows', dueDate: '2026-12-24', farmName: 'Shamba la Mto' });
    expect(done.body).toEqual((await owner.get<Activity>(path())).body);

    // An edit that changes nothing writes nothing, and reads the row for its answer.
    const unchanged = await edit(owner, { notes: 'Weeded the north rows' });
    expect(unchanged.body).toEqual(done.body);
    expect(unchanged.sql.at(-1)!.slice(0, 40)).toContain('/* generic plan */');
  });

  it('lets a Field Worker change the status alone, refuses the rest (403), and tells an outsider nothing (404)', async () => {
    const fieldWorker = await newClient(t, { firstName: 'Chebet', lastName: 'Kosgei' });
    await addMember(owner, fx.farm.id, fieldWorker, 'Field Worker');
    const before = (await owner.get<Activity>(path())).body;
    const status = await edit(fieldWorker, { status: 'In Progress' });
    expect(status.status).toBe(200);
    expect(status.sql).toHaveLength(1);
    // The form sent back whole, with only the status new, is still a status change.
    const resent = await edit(fieldWorker, { name: before.name, notes: before.notes, dueDate: before.dueDate, status: 'Completed' });
    expect(resent.status).toBe(200);
    expect(resent.sql).toHaveLength(1);
    expect(resent.body).toEqual({ ...before, status: 'Completed' });
    // Anything else: refused after the long way's check, and nothing written.
    expect((await edit(fieldWorker, { notes: 'Mine now' })).status).toBe(403);
    expect((await edit(fieldWorker, { notes: 'Mine now', status: 'Pending' })).status).toBe(403);
    expect((await edit(stranger, { status: 'Pending' })).status).toBe(404);
    expect((await owner.get<Activity>(path())).body).toEqual({ ...before, status: 'Completed' });
  });

  it("goes the long way when it names another row: the row with the editor's role, the checks, then the update", async () => {
    const moved = await edit(owner, { fieldId: fx.field.id, notes: 'Back to the first block' });
    expect(moved.status).toBe(200);
    expect(moved.sql[0]).toMatch(/from "activities"/);
    expect(moved.sql[0]).toMatch(/from "?farm_members"?/);
    expect(moved.sql.at(-1)).toMatch(/^update "activities" as "a" set /);
    expect(moved.body).toMatchObject({ fieldId: fx.field.id, notes: 'Back to the first block' });
  });
});

it("leaves the session check out of a request's statements (read outside the test app's plugins)", async () => {
  // A new session's first request reads its facts in the open; later ones may read them again behind it.
  const newcomer = await newClient(t, { firstName: 'Nafula', lastName: 'Wekesa' });
  const nodes = await log.during(() => newcomer.get('/v1/farms'));
  expect(nodes.length).toBeGreaterThan(0);
  expect(nodes.flatMap(tablesRead)).not.toContain('auth_sessions');
});
