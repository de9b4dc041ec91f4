import type { BudgetCategoryLine, FarmRole } from '@shambasoko/contracts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../db/schema';
import { MONEY_ROLES, memberRoles, moneyCounters } from '../common/money';

// Budget lines and planned-against-actual per category.

type Db = Kysely<Database>;

export async function budgetLines(db: Db, farmId: string, seasonId: string | null) {
  return db
    .selectFrom('budgets')
    .select(['category', 'planned'])
    .where('farm_id', '=', farmId)
    .where((eb) => (seasonId === null ? eb('season_id', 'is', null) : eb('season_id', '=', seasonId)))
    .execute();
}

export async function upsertBudget(
  db: Db,
  line: { farmId: string; seasonId: string | null; category: string; planned: number },
): Promise<void> {
  await sql`
    insert into budgets (farm_id, season_id, category, planned)
    values (${line.farmId}, ${line.seasonId}, ${line.category}, ${line.planned})
    on conflict (farm_id, coalesce(season_id, '00000000-0000-0000-0000-000000000000'::uuid), category)
    do update set planned = excluded.planned
  `.execute(db);
}

export interface SummaryScope {
  farmId?: string | undefined;
  fieldId?: string | undefined;
  seasonId?: string | undefined;
  cropId?: string | undefined;
}

/**
 * Planned and actual per category in one statement, over the farms whose books the caller may see
 * (MONEY_ROLES). Budgets exist per farm and season, so field and crop narrow only the actual side;
 * without a season, planned covers every budget line of the farms. For a named farm the same
 * statement answers the caller's active role there (`role`: null for a stranger, the caller's 404; a
 * role that may not see money, the service's 403) instead of a separate membership query first.
 */
export async function budgetByCategory(
  db: Db,
  userId: string,
  scope: SummaryScope,
): Promise<{ role: FarmRole | null; lines: BudgetCategoryLine[] }> {
  const unscoped = !scope.farmId && !scope.fieldId && !scope.seasonId && !scope.cropId;
  if (unscoped) return { role: null, lines: await accountBudgetByCategory(db, userId) };
  const money = sql.join(MONEY_ROLES);
  const farms = scope.farmId
    ? sql`select farm_id from farm_members where farm_id = ${scope.farmId} and user_id = ${userId} and status = 'active' and role in (${money})`
    : sql`select farm_id from farm_members where user_id = ${userId} and status = 'active' and role in (${money})`;
  const role = scope.farmId
    ? sql`(select role from farm_members where farm_id = ${scope.farmId} and user_id = ${userId} and status = 'active')`
    : sql`null`;
  const plannedSeason = scope.seasonId ? sql`and season_id = ${scope.seasonId}` : sql``;
  const costFilters = [
    scope.fieldId ? sql`and field_id = ${scope.fieldId}` : sql``,
    scope.seasonId ? sql`and season_id = ${scope.seasonId}` : sql``,
    scope.cropId ? sql`and crop_id = ${scope.cropId}` : sql``,
  ];
  const { rows } = await sql<{ role: string | null; name: string | null; planned: string; actual: string; percentage: number }>`
    with planned as (
      select category, sum(planned) as amount from budgets
      where farm_id in (${farms}) ${plannedSeason}
      group by category
    ), actual as (
      select category, sum(amount) as amount from costs
      where farm_id in (${farms}) ${costFilters[0]} ${costFilters[1]} ${costFilters[2]}
      group by category
    ), lines as (
      -- Sums stay numeric (no int4/int8/float8 cast that could overflow); read with Number below.
      select coalesce(p.category, a.category) as name,
             coalesce(p.amount, 0) as planned,
             coalesce(a.amount, 0) as actual,
             coalesce(round(coalesce(a.amount, 0) * 100.0 / nullif(p.amount, 0), 1), 0)::float8 as percentage
      from planned p full join actual a on a.category = p.category
    )
    select ${role} as role, lines.* from (select 1) one left join lines on true
  `.execute(db);
  const lines = rows.flatMap((row) =>
    row.name === null
      ? []
      : [{ name: row.name, planned: Number(row.planned), actual: Number(row.actual), percentage: Number(row.percentage) }],
  );
  return { role: (rows[0]?.role ?? null) as FarmRole | null, lines };
}

/**
 * The whole account's planned and actual per category, from the counters the triggers of migration
 * 008 keep (moneyCounters: nine rows per kind instead of every cost and budget line of every farm).
 */
async function accountBudgetByCategory(db: Db, userId: string): Promise<BudgetCategoryLine[]> {
  const { rows } = await sql<{ name: string; planned: string; actual: string; percentage: number }>`
    with ${memberRoles(userId)}
    select name, planned, actual,
           coalesce(round(actual * 100.0 / nullif(planned, 0), 1), 0)::float8 as percentage
    from (
      select split_part(key, ':', 2) as name,
             coalesce(sum(amount) filter (where key like 'planned:%'), 0) as planned,
             coalesce(sum(amount) filter (where key like 'cost:%'), 0) as actual
      from (${moneyCounters(userId)}) counters
      group by split_part(key, ':', 2)
    ) lines
  `.execute(db);
  return rows.map((row) => ({
    name: row.name,
    planned: Number(row.planned),
    actual: Number(row.actual),
    percentage: Number(row.percentage),
  }));
}
