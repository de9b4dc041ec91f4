import type { Cost, CostsTotal } from '@shambasoko/contracts';
import { type Kysely, type SqlBool, sql } from 'kysely';
import { camel } from '../../../db/camel';
import type { Database } from '../../../db/schema';
import { type ListOptions, type Page, type SortTable, likePattern, listPage, sortTable } from '../common/list';
import { type Access, JOINED, genericFor, listAccess } from '../common/list-access';
import { type FilterColumns, type FiltersOf, type ScopedRows, scopedRowById, scopedRows, whereFilters } from '../common/scoped-rows';
import { updateRow } from '../common/repository';
import { dateText, nameOf, optionalNameOf } from '../common/sql';
import { type CreateCostInput, type CostSortKey, FARM_PERMISSIONS, type UpdateCostInput, type costsQuery } from '@shambasoko/contracts';

type Db = Kysely<Database>;

/** Costs are read only on farms where the caller's role keeps the books (the contract's 'money:read'). */
const MONEY_ROLES = FARM_PERMISSIONS['money:read'];

const COST_SORTS = sortTable(
  'k',
  ['amount', 'category', 'activityType', 'description', 'createdAt'],
  { date: 'k.cost_date', farmName: 'farm' },
  { fallback: '-date' },
) satisfies SortTable<CostSortKey>;

export type CostFilters = FiltersOf<typeof costsQuery>;
const COST_FILTERS = {
  fieldId: 'k.field_id',
  seasonId: 'k.season_id',
  cropId: 'k.crop_id',
  category: 'k.category',
} satisfies FilterColumns<CostFilters>;

function selectCostColumns(qb: ScopedRows<'costs', 'k'>) {
  return qb.select([
    'k.id',
    dateText('k.cost_date').as('date'),
    'k.description',
    'k.category',
    'k.activity_type as activityType',
    'k.amount',
    'k.farm_id as farmId',
    nameOf('farms', 'k.farm_id').as('farm'),
    'k.field_id as fieldId',
    optionalNameOf('fields', 'k.field_id').as('field'),
    'k.season_id as seasonId',
    optionalNameOf('seasons', 'k.season_id').as('season'),
    'k.crop_id as cropId',
    optionalNameOf('crops', 'k.crop_id').as('crop'),
  ]);
}

type CostRow = Awaited<ReturnType<ReturnType<typeof selectCostColumns>['executeTakeFirstOrThrow']>>;

function toCost(row: CostRow): Cost {
  return { ...row, amount: Number(row.amount) };
}

/** The caller's costs narrowed by the list's filters and search: the list and its total share them. */
function filteredCosts(db: Db, userId: string, filters: CostFilters, search: string | undefined, access: Access) {
  let base = whereFilters(scopedRows(db, 'costs', 'k', userId, access, MONEY_ROLES), filters, COST_FILTERS);
  if (search) {
    const p = likePattern(search);
    // search_text (migration 011): description, category and activity type lowercased and joined by
    // newlines, one LIKE instead of three ILIKEs; a search holding a newline keeps the ILIKEs.
    base = search.includes('\n')
      ? base.where((eb) => eb.or([eb('k.description', 'ilike', p), eb('k.category', 'ilike', p), eb('k.activity_type', 'ilike', p)]))
      : base.where(sql<SqlBool>`k.search_text like lower(${p})`);
  }
  return base;
}

export async function listCosts(db: Db, userId: string, filters: CostFilters, options: ListOptions): Promise<Page<Cost> | undefined> {
  const access = await listAccess(db, userId, filters.farmId, options.search);
  const base = filteredCosts(db, userId, filters, options.search, access);
  return listPage(
    db,
    base,
    selectCostColumns,
    COST_SORTS,
    toCost,
    options,
    { userId, farmId: filters.farmId, action: 'money:read' },
    genericFor(access, options),
  );
}

/**
 * Sum and count of every cost the filters match (all pages): of the one farm named (the service has
 * checked the caller's role there), else of the caller's farms whose books they may see.
 */
export async function costsTotal(db: Db, userId: string, filters: CostFilters, search: string | undefined): Promise<CostsTotal> {
  const access: Access = filters.farmId ? { kind: 'farm', farmId: filters.farmId } : JOINED;
  const row = await filteredCosts(db, userId, filters, search, access)
    .select([sql<string>`coalesce(sum(k.amount), 0)`.as('amount'), sql<string>`count(*)`.as('count')])
    .executeTakeFirstOrThrow();
  return { amount: Number(row.amount), count: Number(row.count) };
}

/** A cost of a farm where the caller may see the books; undefined otherwise (the service says why). */
export async function getCost(db: Db, userId: string, costId: string): Promise<Cost | undefined> {
  const row = await selectCostColumns(scopedRowById(db, 'costs', 'k', userId, MONEY_ROLES))
    .where('k.id', '=', costId)
    .executeTakeFirst();
  return row && toCost(row);
}

export async function costRef(db: Db, costId: string) {
  return db.selectFrom('costs').select(['id', 'farm_id', 'field_id', 'season_id', 'crop_id']).where('id', '=', costId).executeTakeFirst();
}

export async function insertCost(db: Db, userId: string, input: CreateCostInput, costDate: string): Promise<string> {
  const { budgetCategory, date, ...columns } = input;
  const row = await camel(db)
    .insertInto('costs')
    .values({ ...columns, category: budgetCategory, costDate: date ?? costDate, createdBy: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCost(db: Db, costId: string, input: UpdateCostInput): Promise<void> {
  // The body names the category column budgetCategory and cost_date date.
  const { budgetCategory, date, ...columns } = input;
  await updateRow(db, 'costs', costId, { ...columns, category: budgetCategory, costDate: date });
}
