import { type Kysely, sql } from 'kysely';

// Farm aggregates kept on write (issue 4's benchmark: 2,000 farms, 100,000 costs).
//
// The dashboard and the account-wide budget summary used to sum every field, crop, cost and budget
// line of the caller's farms on each request (40–80 ms of CPU at 2,000 farms). They now read
// counters that statement-level triggers keep:
//
//   farm_stats       (farm_id, key, label) → n rows, amount    one farm's contribution per key
//   user_farm_stats  (user_id, key, label) → n, amount         the sum over the user's active farms
//
// Keys: 'farm' (n 1, amount total_size), 'fields', 'fields:active' (not fallow), 'seasons:active',
// 'crop:<lower(trim(name))>' with label = the crop's own name (not failed; amount = area),
// 'person:<user id or e-mail>' (memberships not inactive), 'planned:<category>' (budget lines),
// 'cost:<category>' (costs). n always counts the rows behind a key, so a row whose n reaches 0 is
// deleted and "how many distinct crops / people" is a count of rows.
//
// Concurrency (READ COMMITTED): every change to a farm's counters first locks that farm's 'farm'
// row, so writers of one farm run one after another; each later statement of the trigger takes a
// new snapshot and so sees what the previous holder committed (including memberships that decide
// who receives the deltas). Counters move by deltas (n = n + d), never by "read then write".
// Rows are upserted in key order to keep lock order stable. Keys compare bytewise (collate "C"), so
// one kind of key ('person:' up to 'person;') is one range of the primary key.

/** One farm's contribution per key, as a SELECT over a set of rows of each table (`r`). */
const CONTRIBUTIONS: Record<string, (r: string) => string> = {
  farms: (r) => `select id as farm_id, 'farm' as key, '' as label, 1::int8 as n, total_size::numeric as amount from ${r}`,
  fields: (r) => `
    select farm_id, 'fields', '', 1::int8, 0::numeric from ${r}
    union all select farm_id, 'fields:active', '', 1, 0 from ${r} where status <> 'fallow'`,
  seasons: (r) => `select farm_id, 'seasons:active', '', 1::int8, 0::numeric from ${r} where status = 'active'`,
  crops: (r) => `select farm_id, 'crop:' || lower(trim(name)), name, 1::int8, area::numeric from ${r} where status <> 'failed'`,
  farm_members: (r) => `
    select farm_id, 'person:' || coalesce(user_id::text, email), '', 1::int8, 0::numeric from ${r} where status <> 'inactive'`,
  budgets: (r) => `select farm_id, 'planned:' || category, '', 1::int8, planned::numeric from ${r}`,
  costs: (r) => `select farm_id, 'cost:' || category, '', 1::int8, amount::numeric from ${r}`,
};

/** Signed contributions of the changed rows, summed per key; keys that did not move are left out. */
function deltas(table: string, parts: ReadonlyArray<{ rows: string; sign: 1 | -1 }>): string {
  const contribution = CONTRIBUTIONS[table]!;
  const union = parts
    .map(
      ({ rows, sign }) =>
        `select farm_id, key, label, ${sign} * n, ${sign} * amount from (${contribution(rows)}) c (farm_id, key, label, n, amount)`,
    )
    .join(' union all ');
  return `array(
    select row(farm_id, key, label, sum(n)::int8, sum(amount))::farm_stat_delta
    from (${union}) d (farm_id, key, label, n, amount)
    group by farm_id, key, label
    having sum(n) <> 0 or sum(amount) <> 0)`;
}

/** Active memberships that changed, as (user_id, farm_id, weight ±1). */
function membershipChanges(parts: ReadonlyArray<{ rows: string; sign: 1 | -1 }>): string {
  const union = parts
    .map(({ rows, sign }) => `select user_id, farm_id, ${sign} as w from ${rows} where status = 'active' and user_id is not null`)
    .join(' union all ');
  return `select user_id, farm_id, sum(w) as w from (${union}) x group by user_id, farm_id having sum(w) <> 0`;
}

function triggerBody(table: string): string {
  const branch = (parts: ReadonlyArray<{ rows: string; sign: 1 | -1 }>) => {
    const apply = `perform farm_stats_apply(${deltas(table, parts)});`;
    if (table !== 'farm_members') return apply;
    // Who sees a farm changed: lock those farms, then give (or take back) each farm's current
    // counters to (from) the member, before this statement's own person keys move.
    const changes = membershipChanges(parts);
    return `
      perform 1 from farm_stats s where s.key = 'farm' and s.label = ''
        and s.farm_id in (select farm_id from (${changes}) c) order by s.farm_id for update;
      perform user_farm_stats_add(array(
        select row(c.user_id, s.key, s.label, sum(c.w * s.n)::int8, sum(c.w * s.amount))::user_stat_delta
        from (${changes}) c
        join farm_stats s on s.farm_id = c.farm_id
        where exists (select 1 from farms f where f.id = c.farm_id) and exists (select 1 from users u where u.id = c.user_id)
        group by c.user_id, s.key, s.label));
      ${apply}`;
  };
  return `
    begin
      if tg_op = 'INSERT' then
        ${branch([{ rows: 'new_rows', sign: 1 }])}
      elsif tg_op = 'DELETE' then
        ${branch([{ rows: 'old_rows', sign: -1 }])}
      else
        ${branch([
          { rows: 'old_rows', sign: -1 },
          { rows: 'new_rows', sign: 1 },
        ])}
      end if;
      return null;
    end`;
}

/** From-scratch values, for the backfill and for tests that check the triggers against them. */
const EXPECTED_FARM_STATS = `
  select farm_id, key, label, sum(n)::int8 as n, sum(amount) as amount from (
    ${Object.entries(CONTRIBUTIONS)
      .map(([table, contribution]) => contribution(table))
      .join(' union all ')}
  ) c (farm_id, key, label, n, amount)
  group by farm_id, key, label`;

const EXPECTED_USER_STATS = `
  select m.user_id, s.key, s.label, sum(s.n)::int8 as n, sum(s.amount) as amount
  from farm_stats_expected s
  join farm_members m on m.farm_id = s.farm_id and m.status = 'active' and m.user_id is not null
  group by m.user_id, s.key, s.label`;

const TABLES = Object.keys(CONTRIBUTIONS);

/** Both counter tables: an owner column, then (key, label) → n, amount. */
function statsTable(name: string, owner: string): string {
  const ownerColumn = owner.split(' ')[0]!;
  return `create table ${name} (
    ${owner},
    key text collate "C" not null,
    label text not null default '',
    n int8 not null,
    amount numeric not null default 0,
    primary key (${ownerColumn}, key, label)
  )`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    statsTable('farm_stats', 'farm_id uuid not null references farms (id) on delete cascade'),
    statsTable('user_farm_stats', 'user_id uuid not null references users (id) on delete cascade'),
    `create type farm_stat_delta as (farm_id uuid, key text, label text, n int8, amount numeric)`,
    `create type user_stat_delta as (user_id uuid, key text, label text, n int8, amount numeric)`,
    `create view farm_stats_expected as ${EXPECTED_FARM_STATS}`,
    `create view user_farm_stats_expected as ${EXPECTED_USER_STATS}`,

    `create function user_farm_stats_add(deltas user_stat_delta[]) returns void language plpgsql as $$
    begin
      insert into user_farm_stats as s (user_id, key, label, n, amount)
      select d.user_id, d.key, d.label, sum(d.n), sum(d.amount) from unnest(deltas) d
      group by d.user_id, d.key, d.label
      having sum(d.n) <> 0 or sum(d.amount) <> 0
      order by 1, 2, 3
      on conflict (user_id, key, label) do update set n = s.n + excluded.n, amount = s.amount + excluded.amount;
      delete from user_farm_stats s using unnest(deltas) d
      where s.user_id = d.user_id and s.key = d.key and s.label = d.label and s.n = 0;
    end
    $$`,

    // Farms that no longer exist (a farm being deleted, whose children cascade) are skipped: the
    // farm's BEFORE DELETE trigger already took its counters back from its members.
    `create function farm_stats_apply(deltas farm_stat_delta[]) returns void language plpgsql as $$
    begin
      if cardinality(deltas) = 0 then
        return;
      end if;
      perform 1 from farm_stats s where s.key = 'farm' and s.label = ''
        and s.farm_id in (select d.farm_id from unnest(deltas) d) order by s.farm_id for update;
      insert into farm_stats as s (farm_id, key, label, n, amount)
      select d.farm_id, d.key, d.label, sum(d.n), sum(d.amount) from unnest(deltas) d
      where exists (select 1 from farms f where f.id = d.farm_id)
      group by d.farm_id, d.key, d.label
      order by 1, 2, 3
      on conflict (farm_id, key, label) do update set n = s.n + excluded.n, amount = s.amount + excluded.amount;
      delete from farm_stats s using unnest(deltas) d
      where s.farm_id = d.farm_id and s.key = d.key and s.label = d.label and s.n = 0;
      perform user_farm_stats_add(array(
        select row(m.user_id, d.key, d.label, sum(d.n)::int8, sum(d.amount))::user_stat_delta
        from unnest(deltas) d
        join farm_members m on m.farm_id = d.farm_id and m.status = 'active' and m.user_id is not null
        where exists (select 1 from farms f where f.id = d.farm_id)
        group by m.user_id, d.key, d.label));
    end
    $$`,

    `create function farm_stats_farm_deleted() returns trigger language plpgsql as $$
    begin
      perform 1 from farm_stats s where s.farm_id = old.id and s.key = 'farm' and s.label = '' for update;
      perform user_farm_stats_add(array(
        select row(m.user_id, s.key, s.label, (-sum(s.n))::int8, -sum(s.amount))::user_stat_delta
        from farm_stats s
        join farm_members m on m.farm_id = s.farm_id and m.status = 'active' and m.user_id is not null
        where s.farm_id = old.id
        group by m.user_id, s.key, s.label));
      delete from farm_stats where farm_id = old.id;
      return old;
    end
    $$`,
    `create trigger farms_stats_deleted before delete on farms for each row execute function farm_stats_farm_deleted()`,

    // Dashboard's seasonal overview for an account with many farms: walk seasons in the overview's
    // order per status and keep the caller's, instead of sorting every season of every farm.
    `create index seasons_status_start on seasons (status, start_date, end_date desc, id)`,
    `create index seasons_status_end on seasons (status, end_date desc, id)`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);

  for (const table of TABLES) {
    await sql.raw(`create function ${table}_farm_stats() returns trigger language plpgsql as $$${triggerBody(table)}$$`).execute(db);
    // A trigger with transition tables serves one event, hence three.
    await sql
      .raw(
        `create trigger ${table}_stats_insert after insert on ${table} referencing new table as new_rows
      for each statement execute function ${table}_farm_stats()`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_stats_update after update on ${table} referencing old table as old_rows new table as new_rows
      for each statement execute function ${table}_farm_stats()`,
      )
      .execute(db);
    // The farm's own rows are handled by its BEFORE DELETE trigger (children cascade after it).
    if (table !== 'farms') {
      await sql
        .raw(
          `create trigger ${table}_stats_delete after delete on ${table} referencing old table as old_rows
        for each statement execute function ${table}_farm_stats()`,
        )
        .execute(db);
    }
  }

  await sql`insert into farm_stats (farm_id, key, label, n, amount) select * from farm_stats_expected`.execute(db);
  await sql`insert into user_farm_stats (user_id, key, label, n, amount) select * from user_farm_stats_expected`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop trigger if exists farms_stats_deleted on farms').execute(db);
  for (const table of TABLES) {
    for (const event of ['insert', 'update', 'delete'])
      await sql.raw(`drop trigger if exists ${table}_stats_${event} on ${table}`).execute(db);
    await sql.raw(`drop function if exists ${table}_farm_stats()`).execute(db);
  }
  for (const statement of [
    'drop index if exists seasons_status_end',
    'drop index if exists seasons_status_start',
    'drop function if exists farm_stats_farm_deleted()',
    'drop function if exists farm_stats_apply(farm_stat_delta[])',
    'drop function if exists user_farm_stats_add(user_stat_delta[])',
    'drop view if exists user_farm_stats_expected',
    'drop view if exists farm_stats_expected',
    'drop type if exists user_stat_delta',
    'drop type if exists farm_stat_delta',
    'drop table if exists user_farm_stats',
    'drop table if exists farm_stats',
  ]) {
    await sql.raw(statement).execute(db);
  }
}
