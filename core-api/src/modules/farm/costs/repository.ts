import type { Cost } from '@shambasoko/shared';
import { type Kysely, type SqlBool, sql } from 'kysely';
import { camel } from '../../../db/camel';
import type { Database } from '../../../db/schema';
import { type ListOptions, type Page, type SortTable, likePattern, listPage } from '../common/list';
import { type Access, JOINED, genericFor, listAccess, visibleTo } from '../common/list-access';
import { updateRow } from '../common/repository';
import { dateText, nameOf, optionalNameOf } from '../common/sql';
import type { CreateCostInput, CostSortKey, UpdateCostInput } from '@shambasoko/shared/contracts';

type Db = Kysely<Database>;

const COST_SORTS = {
  keys: {
    date: 'k.cost_date',
    amount: 'k.amount',
    category: 'k.category',
    activityType: 'k.activity_type',
    description: 'k.description',
    farmName: 'farm',
    createdAt: 'k.created_at',
  } satisfies Record<CostSortKey, string>,
  fallback: '-date',
  tieBreaker: 'k.id',
} satisfies SortTable;

export interface CostFilters {
  farmId?: string | undefined;
  fieldId?: string | undefined;
  seasonId?: string | undefined;
  cropId?: string | undefined;
  category?: string | undefined;
}

/** The rows a caller may see, before joins: filters and counts need nothing else. */
function costQuery(db: Db, userId: string, access: Access = JOINED) {
  return db
    .selectFrom('costs as k')
    .where(visibleTo(db, userId, 'k.farm_id', access));
}

function selectCostColumns(qb: ReturnType<typeof costQuery>) {
  return qb
    .select([
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
      'k.crop_id as cropId',
    ]);
}

type CostRow = Awaited<ReturnType<ReturnType<typeof selectCostColumns>['executeTakeFirstOrThrow']>>;

function toCost(row: CostRow): Cost {
  return { ...row, amount: Number(row.amount) };
}

export async function listCosts(db: Db, userId: string, filters: CostFilters, options: ListOptions): Promise<Page<Cost> | undefined> {
  const access = await listAccess(db, userId, filters.farmId, options.search);
  let base = costQuery(db, userId, access);
  if (filters.fieldId) base = base.where('k.field_id', '=', filters.fieldId);
  if (filters.seasonId) base = base.where('k.season_id', '=', filters.seasonId);
  if (filters.cropId) base = base.where('k.crop_id', '=', filters.cropId);
  if (filters.category) base = base.where('k.category', '=', filters.category);
  if (options.search) {
    const p = likePattern(options.search);
    // search_text (migration 011): description, category and activity type lowercased and joined by
    // newlines, one LIKE instead of three ILIKEs; a search holding a newline keeps the ILIKEs.
    base = options.search.includes('\n')
      ? base.where((eb) => eb.or([eb('k.description', 'ilike', p), eb('k.category', 'ilike', p), eb('k.activity_type', 'ilike', p)]))
      : base.where(sql<SqlBool>`k.search_text like lower(${p})`);
  }
  return listPage(db, base, selectCostColumns, COST_SORTS, toCost, options, { userId, farmId: filters.farmId }, genericFor(access, options));
}

export async function getCost(db: Db, userId: string, costId: string): Promise<Cost | undefined> {
  const row = await selectCostColumns(costQuery(db, userId)).where('k.id', '=', costId).executeTakeFirst();
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
