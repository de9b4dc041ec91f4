import fc from 'fast-check';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { createTestUser } from '../../testing/auth';
import { type TestApp, startTestApp } from '../../testing/test-app';

// The counters of migration 008 (farm_stats, user_farm_stats) must equal a from-scratch
// recomputation (the farm_stats_expected / user_farm_stats_expected views) after any sequence of
// inserts, updates, moves and deletes, including multi-row statements and cascades.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(async () => t.close());

type Db = Kysely<Database>;

/** Rows present on one side only; [] when the triggers agree with the recomputation. */
async function drift(db: Db): Promise<unknown[]> {
  const { rows } = await sql`
    select 'farm' as level, * from (
      (select farm_id as owner, key, label, n, amount from farm_stats except select * from farm_stats_expected)
      union all (select * from farm_stats_expected except select farm_id, key, label, n, amount from farm_stats)) f
    union all
    select 'user', * from (
      (select user_id, key, label, n, amount from user_farm_stats except select * from user_farm_stats_expected)
      union all (select * from user_farm_stats_expected except select user_id, key, label, n, amount from user_farm_stats)) u
  `.execute(db);
  return rows;
}

const CATEGORIES = ['Fuel', 'Labor', 'Seeds & Planting'] as const;
const CROP_NAMES = ['Maize', 'maize ', 'Beans', 'Kale'] as const;

/** One write, described by small numbers that pick among the rows that exist when it runs. */
const command = fc.oneof(
  fc.record({ op: fc.constant('farm'), pick: fc.nat(), size: fc.integer({ min: 0, max: 50 }) }),
  fc.record({ op: fc.constant('farm:size'), pick: fc.nat(), size: fc.integer({ min: 0, max: 50 }) }),
  fc.record({ op: fc.constant('farm:delete'), pick: fc.nat() }),
  fc.record({ op: fc.constant('member'), pick: fc.nat(), who: fc.nat(), active: fc.boolean() }),
  fc.record({ op: fc.constant('member:status'), pick: fc.nat(), status: fc.constantFrom('active', 'inactive') }),
  fc.record({ op: fc.constant('member:delete'), pick: fc.nat() }),
  fc.record({ op: fc.constant('field'), pick: fc.nat(), fallow: fc.boolean() }),
  fc.record({ op: fc.constant('field:status'), pick: fc.nat(), fallow: fc.boolean() }),
  fc.record({ op: fc.constant('field:delete'), pick: fc.nat() }),
  fc.record({ op: fc.constant('season'), pick: fc.nat(), active: fc.boolean() }),
  fc.record({ op: fc.constant('season:status'), pick: fc.nat(), active: fc.boolean() }),
  fc.record({ op: fc.constant('season:delete'), pick: fc.nat() }),
  fc.record({
    op: fc.constant('crop'),
    pick: fc.nat(),
    name: fc.constantFrom(...CROP_NAMES),
    area: fc.integer({ min: 0, max: 9 }),
    failed: fc.boolean(),
  }),
  fc.record({
    op: fc.constant('crop:edit'),
    pick: fc.nat(),
    name: fc.constantFrom(...CROP_NAMES),
    area: fc.integer({ min: 0, max: 9 }),
    failed: fc.boolean(),
  }),
  fc.record({ op: fc.constant('crop:delete'), pick: fc.nat() }),
  fc.record({
    op: fc.constant('cost'),
    pick: fc.nat(),
    category: fc.constantFrom(...CATEGORIES),
    amount: fc.integer({ min: 0, max: 900 }),
  }),
  fc.record({
    op: fc.constant('cost:edit'),
    pick: fc.nat(),
    category: fc.constantFrom(...CATEGORIES),
    amount: fc.integer({ min: 0, max: 900 }),
  }),
  fc.record({ op: fc.constant('cost:move'), pick: fc.nat(), to: fc.nat() }),
  fc.record({ op: fc.constant('cost:all'), pick: fc.nat() }),
  fc.record({ op: fc.constant('cost:delete'), pick: fc.nat() }),
  fc.record({
    op: fc.constant('budget'),
    pick: fc.nat(),
    category: fc.constantFrom(...CATEGORIES),
    planned: fc.integer({ min: 0, max: 900 }),
  }),
  fc.record({ op: fc.constant('budget:delete'), pick: fc.nat() }),
);
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

async function ids(db: Db, table: 'farms' | 'farm_members' | 'fields' | 'seasons' | 'crops' | 'costs' | 'budgets'): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`select id from ${sql.table(table)} order by id`.execute(db);
  return rows.map((r) => r.id);
}

const at = <T>(list: readonly T[], n: number): T | undefined => (list.length === 0 ? undefined : list[n % list.length]);

/** Deletes the row `pick` chooses among a table's rows, when it has any. */
async function deletePicked(db: Db, table: 'fields' | 'seasons' | 'crops' | 'costs', pick: number): Promise<void> {
  const id = at(await ids(db, table), pick);
  if (id) await db.deleteFrom(table).where('id', '=', id).execute();
}

async function run(db: Db, users: readonly string[], c: Command): Promise<void> {
  const farms = await ids(db, 'farms');
  const farm = at(farms, c.pick);
  switch (c.op) {
    case 'farm': {
      const row = await db
        .insertInto('farms')
        .values({ name: 'F', total_size: c.size, created_by: users[0]! })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('farm_members')
        .values({ farm_id: row.id, user_id: users[0]!, email: 'owner@example.co.ke', role: 'Owner' })
        .execute();
      return;
    }
    case 'farm:size':
      if (farm) await db.updateTable('farms').set({ total_size: c.size }).where('id', '=', farm).execute();
      return;
    case 'farm:delete':
      if (farm) await db.deleteFrom('farms').where('id', '=', farm).execute();
      return;
    case 'member': {
      const who = users[1 + (c.who % (users.length - 1))]!;
      if (!farm) return;
      // An invitation (no account yet) or an active member; a repeat is skipped by the unique indexes.
      await sql`
        insert into farm_members (farm_id, user_id, email, role, status)
        values (${farm}, ${c.active ? who : null}, ${`${who}@example.co.ke`}, 'Viewer', ${c.active ? 'active' : 'invited'})
        on conflict do nothing`.execute(db);
      return;
    }
    case 'member:status': {
      const member = at(await ids(db, 'farm_members'), c.pick);
      if (member) {
        await sql`update farm_members set status = ${c.status}, user_id = coalesce(user_id, ${users[1]!}::uuid)
          where id = ${member} and role <> 'Owner'
          and not exists (select 1 from farm_members o where o.farm_id = farm_members.farm_id and o.user_id = ${users[1]!} and o.id <> farm_members.id)`.execute(
          db,
        );
      }
      return;
    }
    case 'member:delete': {
      const member = at(await ids(db, 'farm_members'), c.pick);
      if (member) await db.deleteFrom('farm_members').where('id', '=', member).where('role', '<>', 'Owner').execute();
      return;
    }
    case 'field':
      if (farm)
        await db
          .insertInto('fields')
          .values({ farm_id: farm, name: 'Plot', size: 2, status: c.fallow ? 'fallow' : 'growing' })
          .execute();
      return;
    case 'field:status': {
      const field = at(await ids(db, 'fields'), c.pick);
      if (field)
        await db
          .updateTable('fields')
          .set({ status: c.fallow ? 'fallow' : 'planted' })
          .where('id', '=', field)
          .execute();
      return;
    }
    case 'field:delete':
      return deletePicked(db, 'fields', c.pick);
    case 'season':
      if (farm) {
        await db
          .insertInto('seasons')
          .values({ farm_id: farm, name: 'S', start_date: '2026-01-01', end_date: '2026-06-30', status: c.active ? 'active' : 'upcoming' })
          .execute();
      }
      return;
    case 'season:status': {
      const season = at(await ids(db, 'seasons'), c.pick);
      if (season)
        await db
          .updateTable('seasons')
          .set({ status: c.active ? 'active' : 'completed' })
          .where('id', '=', season)
          .execute();
      return;
    }
    case 'season:delete':
      return deletePicked(db, 'seasons', c.pick);
    case 'crop': {
      if (!farm) return;
      const field = await db.selectFrom('fields').select('id').where('farm_id', '=', farm).executeTakeFirst();
      const season = await db.selectFrom('seasons').select('id').where('farm_id', '=', farm).executeTakeFirst();
      if (!field || !season) return;
      await db
        .insertInto('crops')
        .values({
          farm_id: farm,
          field_id: field.id,
          season_id: season.id,
          name: c.name,
          area: c.area + 0.1,
          planted_date: '2026-02-01',
          expected_harvest: '2026-05-01',
          status: c.failed ? 'failed' : 'growing',
        })
        .execute();
      return;
    }
    case 'crop:edit': {
      const crop = at(await ids(db, 'crops'), c.pick);
      if (crop)
        await db
          .updateTable('crops')
          .set({ name: c.name, area: c.area + 0.2, status: c.failed ? 'failed' : 'harvested' })
          .where('id', '=', crop)
          .execute();
      return;
    }
    case 'crop:delete':
      return deletePicked(db, 'crops', c.pick);
    case 'cost':
      if (farm)
        await db.insertInto('costs').values({ farm_id: farm, activity_type: 'Other', category: c.category, amount: c.amount }).execute();
      return;
    case 'cost:edit': {
      const cost = at(await ids(db, 'costs'), c.pick);
      if (cost) await db.updateTable('costs').set({ category: c.category, amount: c.amount }).where('id', '=', cost).execute();
      return;
    }
    case 'cost:move': {
      const cost = at(await ids(db, 'costs'), c.pick);
      const to = at(farms, c.to);
      if (cost && to)
        await db.updateTable('costs').set({ farm_id: to, field_id: null, season_id: null, crop_id: null }).where('id', '=', cost).execute();
      return;
    }
    case 'cost:all':
      // A multi-row statement: every row of the farm moves at once.
      if (farm)
        await sql`update costs set amount = amount + 7, category = case category when 'Fuel' then 'Labor' else 'Fuel' end where farm_id = ${farm}`.execute(
          db,
        );
      return;
    case 'cost:delete':
      return deletePicked(db, 'costs', c.pick);
    case 'budget':
      if (farm) {
        const season = await db.selectFrom('seasons').select('id').where('farm_id', '=', farm).executeTakeFirst();
        await sql`
          insert into budgets (farm_id, season_id, category, planned) values (${farm}, ${season?.id ?? null}, ${c.category}, ${c.planned})
          on conflict (farm_id, coalesce(season_id, '00000000-0000-0000-0000-000000000000'::uuid), category)
          do update set planned = excluded.planned`.execute(db);
      }
      return;
    case 'budget:delete': {
      const budget = at(await ids(db, 'budgets'), c.pick);
      if (budget) await db.deleteFrom('budgets').where('id', '=', budget).execute();
      return;
    }
  }
}

describe('farm counters (migration 008)', () => {
  it('equal a from-scratch recomputation after any sequence of writes', async () => {
    const users = await Promise.all(
      ['a', 'b', 'c'].map(
        async (name) => (await createTestUser(t.db, t.config.jwtSecret, { email: `stats-${name}-${Date.now()}@example.co.ke` })).id,
      ),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 25 }), async (commands) => {
        // Each run starts from an empty farm world of its own.
        await sql`delete from farms`.execute(t.db);
        await run(t.db, users, { op: 'farm', pick: 0, size: 10 });
        for (const c of commands) await run(t.db, users, c);
        expect(await drift(t.db)).toEqual([]);
      }),
      { numRuns: 40 },
    );
  }, 120_000);

  it('stay exact under concurrent writers (memberships and costs of the same farms at once)', async () => {
    const users = await Promise.all(
      ['p', 'q', 'r', 's'].map(
        async (name) => (await createTestUser(t.db, t.config.jwtSecret, { email: `stats-${name}-${Date.now()}@example.co.ke` })).id,
      ),
    );
    await sql`delete from farms`.execute(t.db);
    for (let i = 0; i < 3; i++) await run(t.db, users, { op: 'farm', pick: 0, size: 5 });
    const farms = await ids(t.db, 'farms');
    // On PostgreSQL these run on separate connections and interleave; on PGlite they queue.
    const writes = Array.from({ length: 48 }, (_, i) => {
      const farm = farms[i % farms.length]!;
      const who = users[1 + (i % 3)]!;
      if (i % 4 === 0)
        return sql`insert into farm_members (farm_id, user_id, email, role) values (${farm}, ${who}, ${`${who}@example.co.ke`}, 'Viewer') on conflict do nothing`.execute(
          t.db,
        );
      if (i % 4 === 1) return sql`delete from farm_members where farm_id = ${farm} and user_id = ${who} and role <> 'Owner'`.execute(t.db);
      if (i % 4 === 2)
        return sql`insert into costs (farm_id, activity_type, category, amount) values (${farm}, 'Other', ${CATEGORIES[i % 3]!}, ${i})`.execute(
          t.db,
        );
      return t.db.transaction().execute(async (trx) => {
        await sql`insert into budgets (farm_id, category, planned) values (${farm}, 'Labor', ${i}) on conflict (farm_id, coalesce(season_id, '00000000-0000-0000-0000-000000000000'::uuid), category) do update set planned = budgets.planned + 1`.execute(
          trx,
        );
        await sql`update costs set amount = amount + 1 where farm_id = ${farm}`.execute(trx);
      });
    });
    await Promise.all(writes);
    expect(await drift(t.db)).toEqual([]);
  }, 60_000);

  it('give the dashboard and the account budget the same figures as the tables', async () => {
    const users = [(await createTestUser(t.db, t.config.jwtSecret, { email: `stats-d-${Date.now()}@example.co.ke` })).id];
    await sql`delete from farms`.execute(t.db);
    for (const c of [
      { op: 'farm', pick: 0, size: 12 },
      { op: 'field', pick: 0, fallow: false },
      { op: 'season', pick: 0, active: true },
      { op: 'crop', pick: 0, name: 'Maize', area: 3, failed: false },
      { op: 'crop', pick: 0, name: 'maize ', area: 1, failed: false },
      { op: 'cost', pick: 0, category: 'Fuel', amount: 500 },
      { op: 'budget', pick: 0, category: 'Fuel', planned: 2000 },
    ] as const) {
      await run(t.db, [users[0]!, users[0]!], c);
    }
    const { rows } = await sql<{ key: string; label: string; n: number; amount: string }>`
      select key, label, n, amount::text from user_farm_stats where user_id = ${users[0]!} order by key, label`.execute(t.db);
    expect(rows.map((r) => [r.key, r.label, Number(r.n), Number(r.amount)])).toEqual([
      ['cost:Fuel', '', 1, 500],
      ['crop:maize', 'Maize', 1, 3.1],
      ['crop:maize', 'maize ', 1, 1.1],
      ['farm', '', 1, 12],
      ['fields', '', 1, 0],
      ['fields:active', '', 1, 0],
      ['person:' + users[0]!, '', 1, 0],
      ['planned:Fuel', '', 1, 2000],
      ['seasons:active', '', 1, 0],
    ]);
  });
});
