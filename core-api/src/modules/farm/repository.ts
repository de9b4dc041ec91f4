import type {
  Activity,
  ActivityStatus,
  BudgetCategoryLine,
  Cost,
  Crop,
  CropStatus,
  Dashboard,
  DashboardFarm,
  DashboardSeason,
  Farm,
  FarmRole,
  FarmStatus,
  FarmUser,
  FarmUserStatus,
  Field,
  FieldStatus,
  FieldUnit,
  FilterOption,
  Season,
  SeasonStatus,
} from '@shambasoko/shared';
import { type Expression, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { genericPlan } from '../../db/database';
import { CROP_STATUSES, FIELD_STATUSES } from './constants';
import { PERMISSIONS } from './permissions';
import type { Database } from '../../db/schema';

// All farm SQL. Every list is scoped by the caller's active memberships and paginated; searches are
// ILIKE on trigram-indexed columns; aggregates are computed by the database, not by loops here.

type Db = Kysely<Database>;

export interface ListOptions {
  page: number;
  pageSize: number;
  search?: string | undefined;
  sort?: string | undefined;
}

export interface Page<T> {
  items: T[];
  /** Exact up to the cap; with `totalCapped` a lower bound ("1,000+"). */
  total: number;
  totalCapped: boolean;
  page: number;
  pageSize: number;
}

/**
 * Lists count their matches only this far (at least five pages ahead): an exact count over a
 * cooperative's 200,000 activities cost ~45 ms a request. A search that matches one row in ten
 * checks ten rows per counted match, so the cap sets its cost: EXPLAIN ANALYZE of the "armyworm"
 * count, 1,001 rows 34 ms, 101 rows 2 ms. Beyond the cap the answer says "100+" and a caller paging
 * on still learns that a next page exists.
 */
export const TOTAL_CAP = 100;
const PAGES_AHEAD = 5;

// ---------------------------------------------------------------------------------------------
// Sorting: each list names the keys it accepts (the routes turn them into a zod enum) and the SQL
// behind them. The strings are ours, never the client's, so sql.raw is safe.

interface SortTable {
  keys: Record<string, string>;
  /** Applied when the client sends no sort; "-" prefix for descending. */
  fallback: string;
  /** Makes the order total, so pages never overlap. */
  tieBreaker: string;
  /** Keys whose column may be null: those sort last either way. */
  nullable?: readonly string[];
}

export const FARM_SORTS = {
  keys: {
    name: 'f.name',
    location: 'f.location',
    owner: 'f.owner_name',
    totalSize: 'f.total_size',
    established: 'f.established',
    status: 'f.status',
    createdAt: 'f.created_at',
    fieldsCount: '"fieldsCount"',
  },
  fallback: 'name',
  tieBreaker: 'f.id',
} satisfies SortTable;

export const FIELD_SORTS = {
  keys: {
    name: 'fl.name',
    size: 'fl.size',
    cropType: 'fl.crop_type',
    plantingDate: 'fl.planting_date',
    status: 'fl.status',
    farmName: '"farmName"',
    createdAt: 'fl.created_at',
  },
  fallback: 'name',
  tieBreaker: 'fl.id',
} satisfies SortTable;

export const SEASON_SORTS = {
  keys: {
    name: 's.name',
    cropType: 's.crop_type',
    startDate: 's.start_date',
    endDate: 's.end_date',
    status: 's.status',
    farmName: '"farmName"',
    createdAt: 's.created_at',
  },
  fallback: '-startDate',
  tieBreaker: 's.id',
} satisfies SortTable;

export const CROP_SORTS = {
  keys: {
    name: 'c.name',
    area: 'c.area',
    plantedDate: 'c.planted_date',
    expectedHarvest: 'c.expected_harvest',
    status: 'c.status',
    farmName: '"farmName"',
    createdAt: 'c.created_at',
  },
  fallback: '-createdAt',
  tieBreaker: 'c.id',
} satisfies SortTable;

export const ACTIVITY_SORTS = {
  nullable: ['dueDate'],
  keys: {
    name: 'a.name',
    status: 'a.status',
    dueDate: 'a.due_date',
    farmName: '"farmName"',
    fieldName: '"fieldName"',
    createdAt: 'a.created_at',
  },
  fallback: '-createdAt',
  tieBreaker: 'a.id',
} satisfies SortTable;

export const MEMBER_SORTS = {
  keys: {
    name: 'm.name',
    email: 'm.email',
    role: 'm.role',
    status: 'm.status',
    farmName: '"farmName"',
    addedDate: 'm.added_at',
  },
  fallback: 'addedDate',
  tieBreaker: 'm.id',
} satisfies SortTable;

export const COST_SORTS = {
  keys: {
    date: 'k.cost_date',
    amount: 'k.amount',
    category: 'k.category',
    activityType: 'k.activity_type',
    description: 'k.description',
    farmName: 'farm',
    createdAt: 'k.created_at',
  },
  fallback: '-date',
  tieBreaker: 'k.id',
} satisfies SortTable;

/** Every value a list's `sort` accepts: each key, ascending or with a "-" for descending. */
export function sortValues(table: SortTable): [string, ...string[]] {
  const keys = Object.keys(table.keys);
  return keys.flatMap((key) => [key, `-${key}`]) as [string, ...string[]];
}

/**
 * ORDER BY for a list. The tie-breaker runs in the same direction as the sort, and NULLS LAST is
 * added only where a column can be null, so a (column, id) index serves the order and a page is
 * read from the index instead of sorting every row the caller may see.
 */
function orderBy(table: SortTable, requested: string | undefined): RawBuilder<unknown> {
  const sort = requested ?? table.fallback;
  const descending = sort.startsWith('-');
  const key = descending ? sort.slice(1) : sort;
  const column = table.keys[key];
  if (column === undefined) throw new Error(`Unknown sort ${sort}`);
  const direction = descending ? 'desc' : 'asc';
  const nulls = table.nullable?.includes(key) ? ' nulls last' : '';
  return sql.raw(`${column} ${direction}${nulls}, ${table.tieBreaker} ${direction}`);
}

/**
 * The statuses a search matches, as `status ILIKE '%search%'` would, worked out here: with an
 * ILIKE on the unindexed status among its ORs, a word found nowhere scanned every field or crop of
 * the caller (20 ms over a cooperative's 20,000 fields); without it the trigram indexes answer.
 */
function statusesMatching<S extends string>(statuses: readonly S[], search: string): S[] {
  const wanted = search.toLowerCase();
  return statuses.filter((status) => status.toLowerCase().includes(wanted));
}

/** `%text%` with LIKE's own wildcards escaped, so a search for "50%" means the text "50%". */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function offset(options: ListOptions): number {
  return (options.page - 1) * options.pageSize;
}

/**
 * Whether a list's statement keeps a generic plan: not for the 'joined' access, nor for a search:
 * without the words the planner cannot tell a rare one (the trigram index) from a common one (the
 * farm's or the display order's index), and a wrong guess cost 4-6 ms where planning costs 1.
 * `farmSearchFits`: the list writes its search within one farm so that one plan fits (activities).
 */
function genericFor(access: Access, options: ListOptions, farmSearchFits = false): boolean {
  if (access.kind === 'farm' && farmSearchFits) return true;
  return access.kind !== 'joined' && !options.search;
}

/** A list narrowed to one farm (`farmId` filter): the caller must be an active member of it. */
export interface FarmScope {
  userId: string;
  farmId: string | undefined;
}

/**
 * One page of a list and its capped total, in one statement: the capped count and, for a list
 * narrowed to one farm, the caller's membership of it ride along as uncorrelated subqueries (run
 * once, not per row). Three statements per request (membership, count, page) cost three round trips,
 * three parses and three executor start-ups; under 50 connections that overhead was most of the CPU.
 * Only an empty page needs a second statement for its total and the membership answer.
 * `base` holds the caller's scope and filters (no joins); `columns` adds the columns of an item.
 * Answers undefined when `scope` names a farm the caller is not an active member of.
 */
async function listPage<CDB, CTB extends keyof CDB, RDB, RTB extends keyof RDB, Row, Item>(
  db: Db,
  base: SelectQueryBuilder<CDB, CTB, object>,
  columns: (qb: SelectQueryBuilder<CDB, CTB, object>) => SelectQueryBuilder<RDB, RTB, Row>,
  sorts: SortTable,
  toItem: (row: Row) => Item,
  options: ListOptions,
  scope?: FarmScope,
  generic = false,
  exactTotal?: RawBuilder<number>,
): Promise<Page<Item> | undefined> {
  const cap = exactTotal ? Number.MAX_SAFE_INTEGER : Math.max(TOTAL_CAP, offset(options) + PAGES_AHEAD * options.pageSize);
  // A generic plan sees limits as literals: with a parameter there, PostgreSQL plans for fetching 10 %
  // of the rows and sorts them all instead of reading a page in index order (21 ms instead of 0.4 ms
  // for a category filter over 100,000 costs). Limits are validated integers.
  const count = (n: number) => (generic ? sql.lit(n) : n);
  const counted = exactTotal ?? sql<number>`(select count(*) from (${base.select(sql.lit(1).as('one')).limit(count(cap + 1))}) capped)`;
  const member =
    scope?.farmId === undefined
      ? sql<boolean>`true`
      : sql<boolean>`exists (select 1 from farm_members where farm_id = ${scope.farmId} and user_id = ${scope.userId} and status = 'active')`;
  type Extras = { __total: number; __member: boolean };
  const order = orderBy(sorts, options.sort);
  const alias = sorts.tieBreaker.split('.')[0]!;
  const byColumn = (sorts.keys[(options.sort ?? sorts.fallback).replace(/^-/, '')] ?? '').startsWith(`${alias}.`);
  type Rows = SelectQueryBuilder<CDB, CTB, object>;
  let rowsFrom: Rows;
  let total: RawBuilder<number> = counted;
  const windowed = Boolean(options.search) && exactTotal === undefined && byColumn;
  if (windowed) {
    // A search: the first cap + 1 matches in display order, counted by a window, so the search is
    // planned once for both the page and its capped total, and a word found nowhere is looked up
    // through its index instead of walking the whole table in display order (a cooperative's
    // activities: 0.4 ms instead of 77). The page is cut from them before the item's name lookups
    // run. Every layer keeps the table's alias, so `columns` and the order apply unchanged. Lists
    // without a search keep the separate capped count: it reads rows in any order, which is cheaper
    // than the display order for 101 rows (0.3 ms against 0.8 for 100,000 costs).
    const head = db
      .selectFrom(base.selectAll().orderBy(order).limit(count(cap + 1)).as(alias))
      .selectAll()
      .select(sql<number>`count(*) over ()`.as('__total'));
    const pageRows = db.selectFrom(head.as(alias)).selectAll().orderBy(order).limit(count(options.pageSize)).offset(count(offset(options)));
    rowsFrom = db.selectFrom(pageRows.as(alias)).orderBy(order) as unknown as Rows;
    total = sql<number>`${sql.ref(`${alias}.__total`)}`;
  } else if (generic && offset(options) > 0 && byColumn) {
    // A generic page past the first: cut before the item's name lookups, so rows skipped by OFFSET
    // compute none (page 7 of a cooperative's farms).
    rowsFrom = db
      .selectFrom(base.selectAll().orderBy(order).limit(count(options.pageSize)).offset(count(offset(options))).as(alias))
      .orderBy(order) as unknown as Rows;
  } else {
    rowsFrom = base.orderBy(order).limit(count(options.pageSize)).offset(count(offset(options)));
  }
  const page = columns(rowsFrom).select([total.as('__total'), member.as('__member')]);
  const rows = (await (generic ? page.modifyFront(genericPlan) : page).execute()) as unknown as (Row & Extras)[];
  // An empty page asks again for its total and the membership answer; an empty first page of a
  // windowed search already knows its total is 0.
  const knownEmpty = windowed && offset(options) === 0;
  const first =
    rows[0] ??
    (knownEmpty && scope?.farmId === undefined
      ? { __total: 0, __member: true }
      : (await sql<Extras>`select ${knownEmpty ? sql<number>`0` : counted} as "__total", ${member} as "__member"`.execute(db)).rows[0]!);
  if (!first.__member) return undefined;
  const n = Number(first.__total);
  const items = rows.map(({ __total: _, __member: __, ...row }) => toItem(row as unknown as Row));
  return { items, total: Math.min(n, cap), totalCapped: n > cap, page: options.page, pageSize: options.pageSize };
}

/** The farms a user may see: active memberships only (invitations and inactive members see nothing). */
function myFarmIds(db: Db, userId: string) {
  return db.selectFrom('farm_members').select('farm_id').where('user_id', '=', userId).where('status', '=', 'active');
}

/**
 * How a statement limits rows to the caller's farms:
 * - 'joined': the rows of the caller's farms through their memberships (a semi-join). Its best plan
 *   depends on how many farms the caller has, so it is planned on every call.
 * - 'checked': the rows in the order shown, each row's farm checked by a subplan that stops after a
 *   page. Right for a caller with many farms (see MANY_FARMS), whatever the parameters.
 * - 'farm': the rows of one farm; listPage checks the caller's membership of it in the same statement.
 * The last two keep a generic plan unless the list is searched (see GENERIC_PLAN_MARKER).
 */
type Access = { kind: 'joined' } | { kind: 'checked' } | { kind: 'farm'; farmId: string };
const JOINED: Access = { kind: 'joined' };

function visibleTo(db: Db, userId: string, farmIdColumn: string, access: Access): RawBuilder<SqlBool> {
  const column = sql.ref(farmIdColumn);
  if (access.kind === 'farm') return sql<SqlBool>`${column} = ${access.farmId}`;
  if (access.kind === 'checked') {
    return sql<SqlBool>`(select true from farm_members viewer where viewer.farm_id = ${column} and viewer.user_id = ${userId} and viewer.status = 'active')`;
  }
  return sql<SqlBool>`${column} in (${myFarmIds(db, userId)})`;
}

/**
 * A caller has many farms when they are more than MANY_FARMS and at least 1 in 50 of all farms, so a
 * scan in display order meets one of theirs every few dozen rows. Remembered per user for a while:
 * a stale answer only picks the slower of two correct statements.
 */
const FARM_SCALE_TTL_MS = 30_000;
const farmScales = new Map<string, { many: boolean; until: number }>();

/** For tests that compare both shapes for one account: set `many` to choose one, undefined to let the farm count decide. */
export const farmScaleOverride: { many?: boolean | undefined } = {};

async function hasManyFarms(db: Db, userId: string): Promise<boolean> {
  if (farmScaleOverride.many !== undefined) return farmScaleOverride.many;
  const now = Date.now();
  const known = farmScales.get(userId);
  if (known !== undefined && known.until > now) return known.many;
  const { rows } = await sql<{ mine: number | null; all: number }>`${genericPlan}
    select (select n from user_farm_stats where user_id = ${userId} and key = 'farm' and label = '') as mine,
           (select reltuples from pg_class where oid = 'farms'::regclass)::float8 as "all"
  `.execute(db);
  const mine = Number(rows[0]?.mine ?? 0);
  const all = Number(rows[0]?.all ?? 0);
  const many = mine > MANY_FARMS && (all <= 0 || mine * 50 >= all);
  if (farmScales.size >= 10_000) farmScales.clear();
  farmScales.set(userId, { many, until: now + FARM_SCALE_TTL_MS });
  return many;
}

/**
 * The access a list uses: one farm when narrowed to it; else for a search the membership join (a
 * search is planned on every call anyway, and the planner counts a common word's matches faster
 * through the join); else by the caller's farm count.
 */
async function listAccess(db: Db, userId: string, farmId: string | undefined, search: string | undefined): Promise<Access> {
  if (farmId !== undefined) return { kind: 'farm', farmId };
  if (search) return JOINED;
  return (await hasManyFarms(db, userId)) ? { kind: 'checked' } : JOINED;
}

const dateText = (column: string) => sql<string>`${sql.ref(column)}::text`;
const nullableDateText = (column: string) => sql<string | null>`${sql.ref(column)}::text`;

// A list row's names come from scalar subqueries rather than joins: the rows are one table plus the
// membership semi-join, which the planner plans in ~2 ms instead of 30–50 ms for six joined tables
// (EXPLAIN ANALYZE, activities page), and each name is one primary-key lookup for the 20 rows shown.
type NamedTable = 'farms' | 'fields' | 'seasons' | 'crops';
const nameOf = (table: NamedTable, idColumn: string) =>
  sql<string>`(select name from ${sql.table(table)} where id = ${sql.ref(idColumn)})`;
const optionalNameOf = (table: NamedTable, idColumn: string) =>
  sql<string | null>`(select name from ${sql.table(table)} where id = ${sql.ref(idColumn)})`;
const userNameOf = (idColumn: string) =>
  sql<string | null>`(select coalesce(nullif(u.full_name, ''), u.email) from users u where u.id = ${sql.ref(idColumn)})`;

// ---------------------------------------------------------------------------------------------
// Membership

export async function findRole(db: Db, userId: string, farmId: string): Promise<FarmRole | undefined> {
  const row = await db
    .selectFrom('farm_members')
    .select('role')
    .where('farm_id', '=', farmId)
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return row?.role as FarmRole | undefined;
}

export type FarmChildTable = 'fields' | 'seasons' | 'crops' | 'activities' | 'costs' | 'farm_members';

/** The farm a child row belongs to, or undefined when the row does not exist. */
export async function farmOf(db: Db, table: FarmChildTable, id: string): Promise<string | undefined> {
  const row = await db.selectFrom(table).select('farm_id').where('id', '=', id).executeTakeFirst();
  return row?.farm_id;
}

export async function findUserByEmail(db: Db, email: string) {
  return db.selectFrom('users').select(['id', 'full_name', 'email', 'msisdn', 'email_verified']).where('email', '=', email).executeTakeFirst();
}

export async function findUser(db: Db, id: string) {
  return db.selectFrom('users').select(['id', 'full_name', 'email', 'msisdn']).where('id', '=', id).executeTakeFirst();
}

// ---------------------------------------------------------------------------------------------
// Farms

export interface FarmListFilters {
  status?: FarmStatus | undefined;
}

function farmSelection(db: Db, userId: string, access: Access = JOINED) {
  return db.selectFrom('farms as f').where(visibleTo(db, userId, 'f.id', access));
}

function selectFarmColumns(userId: string) {
  return (qb: ReturnType<typeof farmSelection>) => qb.select((eb) => [
    'f.id',
    'f.name',
    'f.location',
    'f.total_size as totalSize',
    // The counter migration 008's triggers keep (its row is gone when the farm has no fields), instead
    // of counting the farm's fields for every listed farm.
    eb
      .selectFrom('farm_stats as fs')
      .select('fs.n')
      .whereRef('fs.farm_id', '=', 'f.id')
      .where('fs.key', '=', 'fields')
      .where('fs.label', '=', '')
      .as('fieldsCount'),
    'f.owner_name as owner',
    'f.established',
    'f.status',
    'f.description',
    'f.icon',
    // The caller's role, looked up for the rows shown (not a join, whose best order would depend on
    // how many farms the caller has).
    sql<string>`(select role from farm_members where farm_id = f.id and user_id = ${userId} and status = 'active')`.as('myRole'),
    'f.created_at as createdAt',
  ]);
}

type FarmRow = Awaited<ReturnType<ReturnType<ReturnType<typeof selectFarmColumns>>['executeTakeFirstOrThrow']>>;

function toFarm(row: FarmRow): Farm {
  return {
    id: row.id,
    name: row.name,
    location: row.location,
    totalSize: Number(row.totalSize),
    fieldsCount: Number(row.fieldsCount ?? 0),
    owner: row.owner,
    established: row.established,
    status: row.status as FarmStatus,
    description: row.description,
    icon: row.icon,
    myRole: row.myRole as FarmRole,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listFarms(db: Db, userId: string, filters: FarmListFilters, options: ListOptions): Promise<Page<Farm>> {
  const access = await listAccess(db, userId, undefined, options.search);
  let base = farmSelection(db, userId, access);
  if (filters.status) base = base.where('f.status', '=', filters.status);
  if (options.search) {
    const p = likePattern(options.search);
    // search_text (migration 010) is name, location and owner lowercased and joined by newlines: one
    // LIKE instead of three ILIKEs per farm. A search holding a newline could match across two parts
    // there, so it keeps the three ILIKEs.
    base = options.search.includes('\n')
      ? base.where((eb) => eb.or([eb('f.name', 'ilike', p), eb('f.location', 'ilike', p), eb('f.owner_name', 'ilike', p)]))
      : base.where(sql<SqlBool>`f.search_text like lower(${p})`);
  }
  // Unfiltered, the total is the caller's farm count the triggers of migration 008 keep: exact, and
  // one row read instead of counting up to the cap through the membership.
  const exactTotal =
    filters.status === undefined && !options.search
      ? sql<number>`(select coalesce(sum(n), 0) from user_farm_stats where user_id = ${userId} and key = 'farm' and label = '')`
      : undefined;
  const page = await listPage(db, base, selectFarmColumns(userId), FARM_SORTS, toFarm, options, undefined, genericFor(access, options), exactTotal);
  // Without a farm scope every caller sees their own farms: listPage has nothing to refuse.
  if (page === undefined) throw new Error('An unscoped list cannot be refused');
  return page;
}

export async function getFarm(db: Db, userId: string, farmId: string): Promise<Farm | undefined> {
  const row = await selectFarmColumns(userId)(farmSelection(db, userId)).where('f.id', '=', farmId).executeTakeFirst();
  return row && toFarm(row);
}

// ---------------------------------------------------------------------------------------------
// Fields

export interface FieldFilters {
  farmId?: string | undefined;
  status?: FieldStatus | undefined;
}

/** The rows a caller may see, before joins: filters and counts need nothing else. */
function fieldQuery(db: Db, userId: string, access: Access = JOINED) {
  return db
    .selectFrom('fields as fl')
    .where(visibleTo(db, userId, 'fl.farm_id', access));
}

function selectFieldColumns(qb: ReturnType<typeof fieldQuery>) {
  return qb
    .select([
      'fl.id',
      'fl.farm_id as farmId',
      nameOf('farms', 'fl.farm_id').as('farmName'),
      'fl.name',
      'fl.size',
      'fl.unit',
      'fl.crop_type as cropType',
      dateText('fl.planting_date').as('plantingDate'),
      'fl.status',
      'fl.location',
    ]);
}

type FieldRow = Awaited<ReturnType<ReturnType<typeof selectFieldColumns>['executeTakeFirstOrThrow']>>;

function toField(row: FieldRow): Field {
  return { ...row, size: Number(row.size), unit: row.unit as FieldUnit, status: row.status as FieldStatus };
}

export async function listFields(db: Db, userId: string, filters: FieldFilters, options: ListOptions): Promise<Page<Field> | undefined> {
  const access = await listAccess(db, userId, filters.farmId, options.search);
  let base = fieldQuery(db, userId, access);
  if (filters.status) base = base.where('fl.status', '=', filters.status);
  if (options.search) {
    const p = likePattern(options.search);
    const statuses = statusesMatching(FIELD_STATUSES, options.search);
    base = base.where((eb) =>
      eb.or([eb('fl.name', 'ilike', p), eb('fl.crop_type', 'ilike', p), ...(statuses.length > 0 ? [eb('fl.status', 'in', statuses)] : [])]),
    );
  }
  return listPage(db, base, selectFieldColumns, FIELD_SORTS, toField, options, { userId, farmId: filters.farmId }, genericFor(access, options));
}

export async function getField(db: Db, userId: string, fieldId: string): Promise<Field | undefined> {
  const row = await selectFieldColumns(fieldQuery(db, userId)).where('fl.id', '=', fieldId).executeTakeFirst();
  return row && toField(row);
}

// ---------------------------------------------------------------------------------------------
// Seasons

export interface SeasonFilters {
  farmId?: string | undefined;
  fieldId?: string | undefined;
  status?: SeasonStatus | undefined;
}

/** The rows a caller may see, before joins: filters and counts need nothing else. */
function seasonQuery(db: Db, userId: string, access: Access = JOINED) {
  return db
    .selectFrom('seasons as s')
    .where(visibleTo(db, userId, 's.farm_id', access));
}

function selectSeasonColumns(qb: ReturnType<typeof seasonQuery>) {
  return qb
    .select([
      's.id',
      's.farm_id as farmId',
      nameOf('farms', 's.farm_id').as('farmName'),
      's.field_id as fieldId',
      optionalNameOf('fields', 's.field_id').as('fieldName'),
      's.name',
      's.crop_type as cropType',
      dateText('s.start_date').as('startDate'),
      dateText('s.end_date').as('endDate'),
      's.status',
    ]);
}

type SeasonRow = Awaited<ReturnType<ReturnType<typeof selectSeasonColumns>['executeTakeFirstOrThrow']>>;

function toSeason(row: SeasonRow): Season {
  return { ...row, status: row.status as SeasonStatus };
}

export async function listSeasons(db: Db, userId: string, filters: SeasonFilters, options: ListOptions): Promise<Page<Season> | undefined> {
  const access = await listAccess(db, userId, filters.farmId, options.search);
  let base = seasonQuery(db, userId, access);
  if (filters.fieldId) base = base.where('s.field_id', '=', filters.fieldId);
  if (filters.status) base = base.where('s.status', '=', filters.status);
  if (options.search) {
    const p = likePattern(options.search);
    base = base.where((eb) => eb.or([eb('s.name', 'ilike', p), eb('s.crop_type', 'ilike', p)]));
  }
  return listPage(db, base, selectSeasonColumns, SEASON_SORTS, toSeason, options, { userId, farmId: filters.farmId }, genericFor(access, options));
}

export async function getSeason(db: Db, userId: string, seasonId: string): Promise<Season | undefined> {
  const row = await selectSeasonColumns(seasonQuery(db, userId)).where('s.id', '=', seasonId).executeTakeFirst();
  return row && toSeason(row);
}

// ---------------------------------------------------------------------------------------------
// Crops

export interface CropFilters {
  farmId?: string | undefined;
  fieldId?: string | undefined;
  seasonId?: string | undefined;
  cropId?: string | undefined;
  userId?: string | undefined;
  status?: CropStatus | undefined;
}

/** The rows a caller may see, before joins: filters and counts need nothing else. */
function cropQuery(db: Db, userId: string, access: Access = JOINED) {
  return db
    .selectFrom('crops as c')
    .where(visibleTo(db, userId, 'c.farm_id', access));
}

function selectCropColumns(qb: ReturnType<typeof cropQuery>) {
  return qb
    .select([
      'c.id',
      'c.farm_id as farmId',
      nameOf('farms', 'c.farm_id').as('farmName'),
      'c.field_id as fieldId',
      nameOf('fields', 'c.field_id').as('fieldName'),
      'c.season_id as seasonId',
      nameOf('seasons', 'c.season_id').as('seasonName'),
      'c.name',
      'c.area',
      dateText('c.planted_date').as('plantedDate'),
      dateText('c.expected_harvest').as('expectedHarvest'),
      'c.yield_per_hectare as yieldPerHectare',
      'c.status',
      'c.created_by as createdById',
      userNameOf('c.created_by').as('createdByName'),
    ]);
}

type CropRow = Awaited<ReturnType<ReturnType<typeof selectCropColumns>['executeTakeFirstOrThrow']>>;

function toCrop({ createdById, createdByName, ...row }: CropRow): Crop {
  return {
    ...row,
    area: Number(row.area),
    yieldPerHectare: row.yieldPerHectare === null ? null : Number(row.yieldPerHectare),
    status: row.status as CropStatus,
    // The spec's 'Unknown' rule: a planting whose author left still shows a name.
    createdBy: { id: createdById ?? '', name: createdByName ?? 'Unknown' },
  };
}

export async function listCrops(db: Db, userId: string, filters: CropFilters, options: ListOptions): Promise<Page<Crop> | undefined> {
  const access = await listAccess(db, userId, filters.farmId, options.search);
  let base = cropQuery(db, userId, access);
  if (filters.fieldId) base = base.where('c.field_id', '=', filters.fieldId);
  if (filters.seasonId) base = base.where('c.season_id', '=', filters.seasonId);
  if (filters.cropId) base = base.where('c.id', '=', filters.cropId);
  if (filters.userId) base = base.where('c.created_by', '=', filters.userId);
  if (filters.status) base = base.where('c.status', '=', filters.status);
  if (options.search) {
    const p = likePattern(options.search);
    const statuses = statusesMatching(CROP_STATUSES, options.search);
    base = base.where((eb) => eb.or([eb('c.name', 'ilike', p), ...(statuses.length > 0 ? [eb('c.status', 'in', statuses)] : [])]));
  }
  return listPage(db, base, selectCropColumns, CROP_SORTS, toCrop, options, { userId, farmId: filters.farmId }, genericFor(access, options));
}

export async function getCrop(db: Db, userId: string, cropId: string): Promise<Crop | undefined> {
  const row = await selectCropColumns(cropQuery(db, userId)).where('c.id', '=', cropId).executeTakeFirst();
  return row && toCrop(row);
}

// ---------------------------------------------------------------------------------------------
// Activities

export interface ActivityFilters {
  farmId?: string | undefined;
  fieldId?: string | undefined;
  seasonId?: string | undefined;
  cropId?: string | undefined;
  userId?: string | undefined;
  status?: ActivityStatus | undefined;
}

/** The rows a caller may see, before joins: filters and counts need nothing else. */
function activityQuery(db: Db, userId: string, access: Access = JOINED) {
  return db
    .selectFrom('activities as a')
    .where(visibleTo(db, userId, 'a.farm_id', access));
}

function selectActivityColumns(qb: ReturnType<typeof activityQuery>) {
  return qb
    .select([
      'a.id',
      'a.name',
      'a.farm_id as farmId',
      nameOf('farms', 'a.farm_id').as('farmName'),
      'a.field_id as fieldId',
      nameOf('fields', 'a.field_id').as('fieldName'),
      'a.season_id as seasonId',
      optionalNameOf('seasons', 'a.season_id').as('seasonName'),
      'a.crop_id as cropId',
      optionalNameOf('crops', 'a.crop_id').as('cropName'),
      'a.assignee_id as userId',
      userNameOf('a.assignee_id').as('userName'),
      'a.status',
      nullableDateText('a.due_date').as('dueDate'),
      'a.notes',
    ]);
}

type ActivityRow = Awaited<ReturnType<ReturnType<typeof selectActivityColumns>['executeTakeFirstOrThrow']>>;

function toActivity(row: ActivityRow): Activity {
  return { ...row, status: row.status as ActivityStatus };
}

export async function listActivities(db: Db, userId: string, filters: ActivityFilters, options: ListOptions): Promise<Page<Activity> | undefined> {
  const access = await listAccess(db, userId, filters.farmId, options.search);
  let base = activityQuery(db, userId, access);
  if (filters.fieldId) base = base.where('a.field_id', '=', filters.fieldId);
  if (filters.seasonId) base = base.where('a.season_id', '=', filters.seasonId);
  if (filters.cropId) base = base.where('a.crop_id', '=', filters.cropId);
  if (filters.userId) base = base.where('a.assignee_id', '=', filters.userId);
  if (filters.status) base = base.where('a.status', '=', filters.status);
  const farmId = filters.farmId;
  if (options.search) {
    const p = likePattern(options.search);
    // search_text (migration 011) is name and notes lowercased and joined by a newline: one LIKE
    // instead of two ILIKEs per activity. A search holding a newline keeps the ILIKEs so it cannot
    // match across the two parts. Field and farm names match through id lists.
    const hasNewline = options.search.includes('\n');
    base = base.where((eb) =>
      eb.or(
        farmId === undefined
          ? [
              // Across the caller's farms, from the trigram indexes, which the planner ORs together.
              ...(hasNewline ? [eb('a.name', 'ilike', p), eb('a.notes', 'ilike', p)] : [sql<SqlBool>`a.search_text like lower(${p})`]),
              sql<SqlBool>`a.field_id = any(array(select id from fields where name ilike ${p}))`,
              sql<SqlBool>`a.farm_id = any(array(select id from farms where name ilike ${p}))`,
            ]
          : [
              // Within one farm: its rows through the farm's index, each one tested, so the statement
              // keeps a generic plan whatever the words. The text is matched as an expression the
              // trigram index does not cover, so the plan cannot AND in that index's matches from
              // every farm (10,000 entries for a common word, 4 ms).
              ...(hasNewline ? [eb('a.name', 'ilike', p), eb('a.notes', 'ilike', p)] : [sql<SqlBool>`(a.search_text || '') like lower(${p})`]),
              sql<SqlBool>`a.field_id = any(array(select id from fields where farm_id = ${farmId} and name ilike ${p}))`,
              sql<SqlBool>`exists (select 1 from farms where id = ${farmId} and name ilike ${p})`,
            ],
      ),
    );
  }
  return listPage(db, base, selectActivityColumns, ACTIVITY_SORTS, toActivity, options, { userId, farmId }, genericFor(access, options, true));
}

export async function getActivity(db: Db, userId: string, activityId: string): Promise<Activity | undefined> {
  const row = await selectActivityColumns(activityQuery(db, userId)).where('a.id', '=', activityId).executeTakeFirst();
  return row && toActivity(row);
}

export async function getActivityRow(db: Db, activityId: string) {
  return db
    .selectFrom('activities')
    .select(['id', 'farm_id', 'field_id', 'season_id', 'crop_id', 'assignee_id', 'name', 'notes', nullableDateText('due_date').as('dueDate')])
    .where('id', '=', activityId)
    .executeTakeFirst();
}

// ---------------------------------------------------------------------------------------------
// Farm users (memberships and invitations)

export interface MemberFilters {
  farmId?: string | undefined;
  fieldId?: string | undefined;
  seasonId?: string | undefined;
  cropId?: string | undefined;
  role?: FarmRole | undefined;
  status?: FarmUserStatus | undefined;
}

/** The rows a caller may see, before joins: filters and counts need nothing else. */
function memberQuery(db: Db, userId: string, access: Access = JOINED) {
  return db
    .selectFrom('farm_members as m')
    .where(visibleTo(db, userId, 'm.farm_id', access));
}

/**
 * Whether the caller may see this row's e-mail and phone: their own row, or a farm where their role
 * may see contacts (permissions.ts, 'member:contacts'). Viewers and Field Workers see names and roles.
 */
function contactsVisible(userId: string) {
  const roles = PERMISSIONS['member:contacts'];
  return sql<boolean>`(m.user_id is not distinct from ${userId}::uuid or exists (
    select 1 from farm_members v where v.farm_id = m.farm_id and v.user_id = ${userId} and v.status = 'active'
      and v.role in (${sql.join(roles.map((r) => sql.lit(r)))})))`;
}

function selectMemberColumns(qb: ReturnType<typeof memberQuery>, userId: string) {
  return qb
    .select([
      'm.id',
      'm.farm_id as farmId',
      nameOf('farms', 'm.farm_id').as('farmName'),
      'm.user_id as userId',
      'm.name',
      'm.email',
      'm.phone',
      'm.role',
      'm.field_id as fieldId',
      optionalNameOf('fields', 'm.field_id').as('fieldName'),
      'm.season_id as seasonId',
      optionalNameOf('seasons', 'm.season_id').as('seasonName'),
      'm.crop_id as cropId',
      optionalNameOf('crops', 'm.crop_id').as('cropName'),
      sql<string>`to_char(m.added_at, 'YYYY-MM-DD')`.as('addedDate'),
      'm.status',
      contactsVisible(userId).as('contactsVisible'),
    ]);
}

type MemberRow = Awaited<ReturnType<ReturnType<typeof selectMemberColumns>['executeTakeFirstOrThrow']>>;

/** A row whose contacts the caller may not see carries empty e-mail and phone (the fields stay strings). */
function toMember({ contactsVisible: visible, ...row }: MemberRow): FarmUser {
  const contacts = visible ? {} : { email: '', phone: '' };
  return { ...row, ...contacts, role: row.role as FarmRole, status: row.status as FarmUserStatus };
}

export async function listMembers(db: Db, userId: string, filters: MemberFilters, options: ListOptions): Promise<Page<FarmUser> | undefined> {
  const access = await listAccess(db, userId, filters.farmId, options.search);
  let base = memberQuery(db, userId, access);
  if (filters.fieldId) base = base.where('m.field_id', '=', filters.fieldId);
  if (filters.seasonId) base = base.where('m.season_id', '=', filters.seasonId);
  if (filters.cropId) base = base.where('m.crop_id', '=', filters.cropId);
  if (filters.role) base = base.where('m.role', '=', filters.role);
  if (filters.status) base = base.where('m.status', '=', filters.status);
  if (options.search) {
    const p = likePattern(options.search);
    // A search by e-mail or phone matches only rows whose contacts the caller may see.
    base = base.where((eb) => eb.or([eb('m.name', 'ilike', p), eb.and([contactsVisible(userId), eb.or([eb('m.email', 'ilike', p), eb('m.phone', 'ilike', p)])])]));
  }
  return listPage(db, base, (qb) => selectMemberColumns(qb, userId), MEMBER_SORTS, toMember, options, { userId, farmId: filters.farmId }, genericFor(access, options));
}

export async function getMember(db: Db, userId: string, membershipId: string): Promise<FarmUser | undefined> {
  const row = await selectMemberColumns(memberQuery(db, userId), userId).where('m.id', '=', membershipId).executeTakeFirst();
  return row && toMember(row);
}

export async function getMemberRow(db: Db, membershipId: string) {
  return db
    .selectFrom('farm_members')
    .select(['id', 'farm_id', 'user_id', 'role', 'status', 'email', 'name', 'phone', 'field_id', 'season_id', 'crop_id'])
    .where('id', '=', membershipId)
    .executeTakeFirst();
}

export async function findMemberOnFarm(db: Db, farmId: string, email: string, userId: string | undefined) {
  return db
    .selectFrom('farm_members')
    .select('id')
    .where('farm_id', '=', farmId)
    .where((eb) => (userId === undefined ? eb('email', '=', email) : eb.or([eb('email', '=', email), eb('user_id', '=', userId)])))
    .executeTakeFirst();
}

// ---------------------------------------------------------------------------------------------
// Costs

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

// ---------------------------------------------------------------------------------------------
// References inside a farm (used to refuse a field, season or crop of another farm)

export async function fieldRef(db: Db, fieldId: string) {
  return db.selectFrom('fields').select(['id', 'farm_id']).where('id', '=', fieldId).executeTakeFirst();
}

export async function seasonRef(db: Db, seasonId: string) {
  return db
    .selectFrom('seasons')
    .select(['id', 'farm_id', 'field_id', dateText('start_date').as('startDate'), dateText('end_date').as('endDate')])
    .where('id', '=', seasonId)
    .executeTakeFirst();
}

export async function cropRef(db: Db, cropId: string) {
  return db
    .selectFrom('crops')
    .select(['id', 'farm_id', 'field_id', 'season_id', dateText('planted_date').as('plantedDate'), dateText('expected_harvest').as('expectedHarvest')])
    .where('id', '=', cropId)
    .executeTakeFirst();
}

export async function costRef(db: Db, costId: string) {
  return db.selectFrom('costs').select(['id', 'farm_id', 'field_id', 'season_id', 'crop_id']).where('id', '=', costId).executeTakeFirst();
}

export async function isActiveMember(db: Db, farmId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('farm_members')
    .select('id')
    .where('farm_id', '=', farmId)
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return row !== undefined;
}

// ---------------------------------------------------------------------------------------------
// Filter options for cascading selectors

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

// ---------------------------------------------------------------------------------------------
// Budgets and aggregates

export async function budgetLines(db: Db, farmId: string, seasonId: string | null) {
  return db
    .selectFrom('budgets')
    .select(['category', 'planned'])
    .where('farm_id', '=', farmId)
    .where((eb) => (seasonId === null ? eb('season_id', 'is', null) : eb('season_id', '=', seasonId)))
    .execute();
}

export async function upsertBudget(db: Db, line: { farmId: string; seasonId: string | null; category: string; planned: number }): Promise<void> {
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
 * Planned and actual per category in one statement. Budgets exist per farm and season, so field and
 * crop narrow only the actual side; without a season, planned covers every budget line of the farms.
 * A named farm is read through the caller's active membership of it, and the same statement answers
 * whether that membership exists (undefined for a stranger: the caller's 404), instead of a separate
 * membership query first.
 */
export async function budgetByCategory(db: Db, userId: string, scope: SummaryScope): Promise<BudgetCategoryLine[] | undefined> {
  const unscoped = !scope.farmId && !scope.fieldId && !scope.seasonId && !scope.cropId;
  if (unscoped) return accountBudgetByCategory(db, userId);
  const farms = scope.farmId
    ? sql`select farm_id from farm_members where farm_id = ${scope.farmId} and user_id = ${userId} and status = 'active'`
    : sql`select farm_id from farm_members where user_id = ${userId} and status = 'active'`;
  const member = scope.farmId
    ? sql`exists (select 1 from farm_members where farm_id = ${scope.farmId} and user_id = ${userId} and status = 'active')`
    : sql`true`;
  const plannedSeason = scope.seasonId ? sql`and season_id = ${scope.seasonId}` : sql``;
  const costFilters = [
    scope.fieldId ? sql`and field_id = ${scope.fieldId}` : sql``,
    scope.seasonId ? sql`and season_id = ${scope.seasonId}` : sql``,
    scope.cropId ? sql`and crop_id = ${scope.cropId}` : sql``,
  ];
  const { rows } = await sql<{ member: boolean; name: string | null; planned: string; actual: string; percentage: number }>`
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
    select ${member} as member, lines.* from (select 1) one left join lines on true
  `.execute(db);
  if (rows[0]?.member !== true) return undefined;
  return rows.flatMap((row) =>
    row.name === null ? [] : [{ name: row.name, planned: Number(row.planned), actual: Number(row.actual), percentage: Number(row.percentage) }],
  );
}

/**
 * The whole account's planned and actual per category, from the counters the triggers of migration
 * 008 keep per user (nine rows per kind instead of every cost and budget line of every farm).
 */
async function accountBudgetByCategory(db: Db, userId: string): Promise<BudgetCategoryLine[]> {
  const { rows } = await sql<{ name: string; planned: string; actual: string; percentage: number }>`
    select name, planned, actual,
           coalesce(round(actual * 100.0 / nullif(planned, 0), 1), 0)::float8 as percentage
    from (
      select split_part(key, ':', 2) as name,
             coalesce(sum(amount) filter (where key like 'planned:%'), 0) as planned,
             coalesce(sum(amount) filter (where key like 'cost:%'), 0) as actual
      from user_farm_stats
      where user_id = ${userId} and ((key >= 'planned:' and key < 'planned;') or (key >= 'cost:' and key < 'cost;'))
      group by split_part(key, ':', 2)
    ) lines
  `.execute(db);
  return rows.map((row) => ({ name: row.name, planned: Number(row.planned), actual: Number(row.actual), percentage: Number(row.percentage) }));
}

/**
 * Above this many farms a caller's lists walk the table in the order shown and check membership row
 * by row (a subplan, which stops after a page of the caller's rows); up to it they read the caller's
 * farms' rows through the membership and sort those. Each shape has one plan that is right for every
 * caller of its size, so those statements keep a generic plan (GENERIC_PLAN) instead of planning on
 * every call: one plan cannot serve both a member with 2 farms and a cooperative with 2,000.
 */
const MANY_FARMS = 50;

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
        select f.id, f.name, f.location, f.total_size as "totalSize",
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
  const totals = await sql<Tiles & { budgetTotal: number; spent: number; distribution: CropJson[] }>`${genericPlan}
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
      coalesce(sum(amount) filter (where key like 'planned:%'), 0) as "budgetTotal",
      coalesce(sum(amount) filter (where key like 'cost:%'), 0) as "spent",
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
    budget: { total: budgetTotal, spent, remaining: budgetTotal - spent },
    seasons: lists.seasons,
  };
}
