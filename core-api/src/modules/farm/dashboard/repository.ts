import type { Dashboard, DashboardFarm, DashboardSeason, FilterOption } from '@shambasoko/contracts';
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import { genericPlan } from '../../../db/database';
import type { Database } from '../../../db/schema';
import { JOINED, MANY_FARMS, farmScaleOverride, myFarmIds, visibleTo } from '../common/list-access';
import { memberRoles, moneyCounters, seesMoney } from '../common/money';

// The reads that span every resource of the caller's farms: the dashboard and the filter options.

type Db = Kysely<Database>;

/** Without a chosen parent, children span all the caller's farms, capped to keep selectors usable. */
const OPTION_LIMIT = 200;

export interface OptionScope {
  farmId?: string | undefined;
  fieldId?: string | undefined;
  seasonId?: string | undefined;
}

export async function filterOptions(db: Db, userId: string, scope: OptionScope) {
  const farmScope = (column: Expression<string>) =>
    scope.farmId ? sql<SqlBool>`${column} = ${scope.farmId}` : sql<SqlBool>`${column} in (${myFarmIds(db, userId)})`;
  const [farms, fields, seasons, crops, users] = await Promise.all([
    db
      .selectFrom('farms')
      .select(['id', 'name'])
      .where('id', 'in', myFarmIds(db, userId))
      .orderBy('name')
      .orderBy('id')
      .limit(1000)
      .execute(),
    db
      .selectFrom('fields')
      .select(['id', 'name'])
      .where(farmScope(sql.ref('farm_id')))
      .orderBy('name')
      .orderBy('id')
      .limit(OPTION_LIMIT)
      .execute(),
    db
      .selectFrom('seasons')
      .select(['id', 'name'])
      .where(farmScope(sql.ref('farm_id')))
      // A farm-wide season (no field) applies to every field of its farm.
      .$if(scope.fieldId !== undefined, (qb) => qb.where((eb) => eb.or([eb('field_id', '=', scope.fieldId!), eb('field_id', 'is', null)])))
      .orderBy('start_date', 'desc')
      .orderBy('id')
      .limit(OPTION_LIMIT)
      .execute(),
    db
      .selectFrom('crops')
      .select(['id', 'name'])
      .where(farmScope(sql.ref('farm_id')))
      .$if(scope.fieldId !== undefined, (qb) => qb.where('field_id', '=', scope.fieldId!))
      .$if(scope.seasonId !== undefined, (qb) => qb.where('season_id', '=', scope.seasonId!))
      .orderBy('name')
      .orderBy('id')
      .limit(OPTION_LIMIT)
      .execute(),
    db
      .selectFrom('farm_members')
      .select((eb) => [sql<string>`user_id::text`.as('id'), eb.fn.min('name').as('name')])
      .where(farmScope(sql.ref('farm_id')))
      .where('user_id', 'is not', null)
      .where('status', '=', 'active')
      .groupBy('user_id')
      .orderBy(sql`min(name)`)
      .limit(OPTION_LIMIT)
      .execute(),
  ]);
  const option = (row: { id: string; name: string }): FilterOption => ({ id: String(row.id), name: row.name });
  return {
    farms: farms.map(option),
    fields: fields.map(option),
    seasons: seasons.map(option),
    crops: crops.map(option),
    users: users.map(option),
  };
}

/** The first ten farms by name and the six seasons of the seasonal overview, as JSON columns. */
function farmsAndSeasons(db: Db, userId: string, farmCount: number) {
  type Row = { farms: DashboardFarm[]; seasons: DashboardSeason[] };
  const many = farmScaleOverride.many ?? farmCount > MANY_FARMS;
  const isMine = (column: string) => visibleTo(db, userId, column, many ? { kind: 'checked' } : JOINED);
  const seasonColumns = sql`s.id, s.name, s.status, (select name from farms where id = s.farm_id) as "farmName",
    s.start_date::text as "startDate", s.end_date::text as "endDate",
    case s.status when 'active' then 0 when 'upcoming' then 1 else 2 end as rank,
    case when s.status = 'completed' then null else s.start_date end as start_key, s.end_date as end_key`;
  const order = sql`rank, start_key asc, end_key desc, id`;
  // Many farms: each status in the overview's order from its index, so the scan stops after six.
  const seasons = many
    ? sql`select * from (
        (select ${seasonColumns} from seasons s where s.status = 'active' and ${isMine('s.farm_id')} order by s.start_date, s.end_date desc, s.id limit 6)
        union all
        (select ${seasonColumns} from seasons s where s.status = 'upcoming' and ${isMine('s.farm_id')} order by s.start_date, s.end_date desc, s.id limit 6)
        union all
        (select ${seasonColumns} from seasons s where s.status = 'completed' and ${isMine('s.farm_id')} order by s.end_date desc, s.id limit 6)
      ) s order by ${order} limit 6`
    : sql`select * from (select ${seasonColumns} from seasons s where ${isMine('s.farm_id')}) s order by ${order} limit 6`;
  return sql<Row>`${genericPlan}
    select
      (select coalesce(json_agg(f order by f.name, f.id), '[]') from (
        select f.id, f.name, f.location, f.county, f.total_size as "totalSize",
               coalesce((select n from farm_stats where farm_id = f.id and key = 'fields' and label = ''), 0) as "fieldsCount",
               f.status
        from farms f where ${isMine('f.id')}
        order by f.name, f.id
        limit 10
      ) f) as farms,
      (select coalesce(json_agg(json_build_object('id', s.id, 'name', s.name, 'status', s.status, 'farmName', s."farmName",
          'startDate', s."startDate", 'endDate', s."endDate") order by ${order}), '[]') from (${seasons}) s) as seasons
  `.execute(db);
}

/**
 * Tiles, crop distribution and budget come from the per-user counters of migration 008 in one
 * statement; the first farms and the seasonal overview, whose shape depends on the farm count, in a
 * second. Both keep a generic plan (see MANY_FARMS).
 */
export async function dashboard(db: Db, userId: string): Promise<Dashboard> {
  type Tiles = Pick<Dashboard, 'totalFarms' | 'activeFields' | 'cropVarieties' | 'teamMembers' | 'totalArea' | 'activeSeasons'>;
  type CropJson = { name: string; area: number; percentage: number };
  // People are one row each ('person:…', up to ~2,000 for a cooperative): counted from the key
  // range alone; the other keys are a few dozen rows around that range.
  const totals = await sql<Tiles & { seesMoney: boolean; budgetTotal: number; spent: number; distribution: CropJson[] }>`${genericPlan}
    with ${memberRoles(userId)}
    select
      coalesce(sum(n) filter (where key = 'farm'), 0)::int8 as "totalFarms",
      coalesce(sum(n) filter (where key = 'fields:active'), 0)::int8 as "activeFields",
      count(distinct key) filter (where key like 'crop:%')::int8 as "cropVarieties",
      (select count(*) from user_farm_stats
        where user_id = ${userId} and key >= 'person:' and key < 'person;')::int8 as "teamMembers",
      -- Area and money sums stay numeric, which cannot overflow; the bounds on each row keep them
      -- far inside what a JS number holds exactly.
      coalesce(sum(amount) filter (where key = 'farm'), 0) as "totalArea",
      coalesce(sum(n) filter (where key = 'seasons:active'), 0)::int8 as "activeSeasons",
      -- Money only from the farms whose books the caller may see (common/money.ts).
      ${seesMoney()} as "seesMoney",
      (select coalesce(sum(amount), 0) from (${moneyCounters(userId)}) m where m.key like 'planned:%') as "budgetTotal",
      (select coalesce(sum(amount), 0) from (${moneyCounters(userId)}) m where m.key like 'cost:%') as "spent",
      -- Crops are grouped by lower(trim(name)) and shown under the smallest spelling, as before.
      (select coalesce(json_agg(d order by d.area desc, d.name), '[]') from (
        select min(label) as name, sum(amount) as area,
               coalesce(round(sum(amount) * 100 / nullif(sum(sum(amount)) over (), 0), 1), 0) as percentage
        from user_farm_stats where user_id = ${userId} and key >= 'crop:' and key < 'crop;'
        group by key
        order by sum(amount) desc, min(label)
        limit 12
      ) d) as distribution
    from user_farm_stats
    where user_id = ${userId} and (key < 'person:' or key >= 'person;')
  `.execute(db);
  const t = totals.rows[0]!;
  const lists = (await farmsAndSeasons(db, userId, Number(t.totalFarms))).rows[0]!;
  const budgetTotal = Number(t.budgetTotal);
  const spent = Number(t.spent);
  return {
    totalFarms: Number(t.totalFarms),
    activeFields: Number(t.activeFields),
    cropVarieties: Number(t.cropVarieties),
    teamMembers: Number(t.teamMembers),
    totalArea: Number(t.totalArea),
    activeSeasons: Number(t.activeSeasons),
    farms: lists.farms.map((f) => ({ ...f, totalSize: Number(f.totalSize), fieldsCount: Number(f.fieldsCount) })),
    cropDistribution: t.distribution.map((d) => ({ name: d.name, area: Number(d.area), percentage: Number(d.percentage) })),
    // null: the caller's role on every one of their farms keeps them out of the books.
    budget: t.seesMoney ? { total: budgetTotal, spent, remaining: budgetTotal - spent } : null,
    seasons: lists.seasons,
  };
}
