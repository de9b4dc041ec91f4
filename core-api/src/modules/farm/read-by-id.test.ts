import type { Activity, Crop, Field, Season } from '@shambasoko/contracts';
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
let stranger: Client;
let fx: FarmFixture;

beforeAll(async () => {
  owner = await newClient(t, { firstName: 'Achieng', lastName: 'Odhiambo' });
  worker = await newClient(t, { firstName: 'Kiprono', lastName: 'Langat' });
  stranger = await newClient(t, { firstName: 'Mumbua', lastName: 'Musyoka' });
  fx = await buildFarm(owner, 'Shamba la Mto');
  await addMember(owner, fx.farm.id, worker, 'Field Worker');
});

/** The SQL of the statements `action` ran that read `table`. */
async function readsOf(table: string, action: () => Promise<unknown>): Promise<string[]> {
  const nodes = await log.during(action);
  return nodes
    .filter((node) => tablesRead(node).includes(table))
    .map((node) => t.db.getExecutor().compileQuery(node as RootOperationNode, { queryId: 'read-by-id' }).sql);
}

describe('a farm row read by its id', () => {
  const cases = [
    { table: 'activities', path: () => `/v1/activities/${fx.activity.id}`, change: { notes: 'Top-dressed with CAN' } },
    { table: 'fields', path: () => `/v1/fields/${fx.field.id}`, change: { name: 'Block ya Chini' } },
    { table: 'crops', path: () => `/v1/crops/${fx.crop.id}`, change: { name: 'Maize H614' } },
    { table: 'seasons', path: () => `/v1/seasons/${fx.season.id}`, change: { name: 'Long Rains' } },
  ];

  it.each(cases)(
    '$table: an edit answers the row read with a kept plan, each member sees it, an outsider gets 404',
    async ({ table, path, change }) => {
      let answer: Activity | Field | Crop | Season | undefined;
      const reads = await readsOf(table, async () => {
        const res = await owner.patch<Activity | Field | Crop | Season>(path(), change);
        expect(res.status).toBe(200);
        answer = res.body;
      });
      expect(answer).toMatchObject(change);
      // The answer's read (the last statement that reads the table) keeps its plan: no membership
      // semi-join, whose best plan depends on how many farms the caller has.
      const last = reads.at(-1)!;
      expect(last.slice(0, 40)).toContain('/* generic plan */');
      expect(last).not.toMatch(/in \(select "farm_id" from "farm_members"/);
      expect((await worker.get<typeof answer>(path())).body).toEqual(answer);
      expect((await stranger.get(path())).status).toBe(404);
    },
  );
});
