import type {
  Activity,
  ActivityStatus,
  BudgetCategoryLine,
  Cost,
  Crop,
  CropStatus,
  Dashboard,
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
import { type Expression, type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
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
  total: number;
  page: number;
  pageSize: number;
}

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
    farmName: 'f.name',
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
    farmName: 'f.name',
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
    farmName: 'f.name',
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
    farmName: 'f.name',
    fieldName: 'fl.name',
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
    farmName: 'f.name',
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
    farmName: 'f.name',
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

/** `%text%` with LIKE's own wildcards escaped, so a search for "50%" means the text "50%". */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function offset(options: ListOptions): number {
  return (options.page - 1) * options.pageSize;
}

function page<T>(items: T[], total: number, options: ListOptions): Page<T> {
  return { items, total, page: options.page, pageSize: options.pageSize };
}

/** The farms a user may see: active memberships only (invitations and inactive members see nothing). */
function myFarmIds(db: Db, userId: string) {
  return db.selectFrom('farm_members').select('farm_id').where('user_id', '=', userId).where('status', '=', 'active');
}

const dateText = (column: string) => sql<string>`${sql.ref(column)}::text`;
const nullableDateText = (column: string) => sql<string | null>`${sql.ref(column)}::text`;
const userName = (alias: string) => sql<string | null>`coalesce(nullif(${sql.ref(`${alias}.full_name`)}, ''), ${sql.ref(`${alias}.email`)})`;

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
  return db.selectFrom('users').select(['id', 'full_name', 'email', 'msisdn']).where('email', '=', email).executeTakeFirst();
}

export async function findUser(db: Db, id: string) {
  return db.selectFrom('users').select(['id', 'full_name', 'email', 'msisdn']).where('id', '=', id).executeTakeFirst();
}

// ---------------------------------------------------------------------------------------------
// Farms

export interface FarmListFilters {
  status?: FarmStatus | undefined;
}

function farmSelection(db: Db, userId: string) {
  return db
    .selectFrom('farms as f')
    .innerJoin('farm_members as me', (join) =>
      join.onRef('me.farm_id', '=', 'f.id').on('me.user_id', '=', userId).on('me.status', '=', 'active'),
    );
}

function selectFarmColumns(qb: ReturnType<typeof farmSelection>) {
  return qb.select((eb) => [
    'f.id',
    'f.name',
    'f.location',
    'f.total_size as totalSize',
    eb.selectFrom('fields').select((e) => e.fn.countAll<number>().as('n')).whereRef('fields.farm_id', '=', 'f.id').as('fieldsCount'),
    'f.owner_name as owner',
    'f.established',
    'f.status',
    'f.description',
    'f.icon',
    'me.role as myRole',
    'f.created_at as createdAt',
  ]);
}

type FarmRow = Awaited<ReturnType<ReturnType<typeof selectFarmColumns>['executeTakeFirstOrThrow']>>;

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
  let base = farmSelection(db, userId);
  if (filters.status) base = base.where('f.status', '=', filters.status);
  if (options.search) {
    const p = likePattern(options.search);
    base = base.where((eb) => eb.or([eb('f.name', 'ilike', p), eb('f.location', 'ilike', p), eb('f.owner_name', 'ilike', p)]));
  }
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    selectFarmColumns(base).orderBy(orderBy(FARM_SORTS, options.sort)).limit(options.pageSize).offset(offset(options)).execute(),
  ]);
  return page(rows.map(toFarm), Number(count.n), options);
}

export async function getFarm(db: Db, userId: string, farmId: string): Promise<Farm | undefined> {
  const row = await selectFarmColumns(farmSelection(db, userId)).where('f.id', '=', farmId).executeTakeFirst();
  return row && toFarm(row);
}

// ---------------------------------------------------------------------------------------------
// Fields

export interface FieldFilters {
  farmId?: string | undefined;
  status?: FieldStatus | undefined;
}

/** The rows a caller may see, before joins: filters and counts need nothing else. */
function fieldQuery(db: Db, userId: string) {
  return db
    .selectFrom('fields as fl')
    .where('fl.farm_id', 'in', myFarmIds(db, userId));
}

function selectFieldColumns(qb: ReturnType<typeof fieldQuery>) {
  return qb
    .innerJoin('farms as f', 'f.id', 'fl.farm_id')
    .select([
      'fl.id',
      'fl.farm_id as farmId',
      'f.name as farmName',
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

export async function listFields(db: Db, userId: string, filters: FieldFilters, options: ListOptions): Promise<Page<Field>> {
  let base = fieldQuery(db, userId);
  if (filters.farmId) base = base.where('fl.farm_id', '=', filters.farmId);
  if (filters.status) base = base.where('fl.status', '=', filters.status);
  if (options.search) {
    const p = likePattern(options.search);
    base = base.where((eb) => eb.or([eb('fl.name', 'ilike', p), eb('fl.crop_type', 'ilike', p), eb('fl.status', 'ilike', p)]));
  }
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    selectFieldColumns(base).orderBy(orderBy(FIELD_SORTS, options.sort)).limit(options.pageSize).offset(offset(options)).execute(),
  ]);
  return page(rows.map(toField), Number(count.n), options);
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
function seasonQuery(db: Db, userId: string) {
  return db
    .selectFrom('seasons as s')
    .where('s.farm_id', 'in', myFarmIds(db, userId));
}

function selectSeasonColumns(qb: ReturnType<typeof seasonQuery>) {
  return qb
    .innerJoin('farms as f', 'f.id', 's.farm_id')
    .leftJoin('fields as fl', 'fl.id', 's.field_id')
    .select([
      's.id',
      's.farm_id as farmId',
      'f.name as farmName',
      's.field_id as fieldId',
      'fl.name as fieldName',
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

export async function listSeasons(db: Db, userId: string, filters: SeasonFilters, options: ListOptions): Promise<Page<Season>> {
  let base = seasonQuery(db, userId);
  if (filters.farmId) base = base.where('s.farm_id', '=', filters.farmId);
  if (filters.fieldId) base = base.where('s.field_id', '=', filters.fieldId);
  if (filters.status) base = base.where('s.status', '=', filters.status);
  if (options.search) {
    const p = likePattern(options.search);
    base = base.where((eb) => eb.or([eb('s.name', 'ilike', p), eb('s.crop_type', 'ilike', p)]));
  }
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    selectSeasonColumns(base).orderBy(orderBy(SEASON_SORTS, options.sort)).limit(options.pageSize).offset(offset(options)).execute(),
  ]);
  return page(rows.map(toSeason), Number(count.n), options);
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
function cropQuery(db: Db, userId: string) {
  return db
    .selectFrom('crops as c')
    .where('c.farm_id', 'in', myFarmIds(db, userId));
}

function selectCropColumns(qb: ReturnType<typeof cropQuery>) {
  return qb
    .innerJoin('farms as f', 'f.id', 'c.farm_id')
    .innerJoin('fields as fl', 'fl.id', 'c.field_id')
    .innerJoin('seasons as s', 's.id', 'c.season_id')
    .leftJoin('users as u', 'u.id', 'c.created_by')
    .select([
      'c.id',
      'c.farm_id as farmId',
      'f.name as farmName',
      'c.field_id as fieldId',
      'fl.name as fieldName',
      'c.season_id as seasonId',
      's.name as seasonName',
      'c.name',
      'c.area',
      dateText('c.planted_date').as('plantedDate'),
      dateText('c.expected_harvest').as('expectedHarvest'),
      'c.yield_per_hectare as yieldPerHectare',
      'c.status',
      'c.created_by as createdById',
      userName('u').as('createdByName'),
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

export async function listCrops(db: Db, userId: string, filters: CropFilters, options: ListOptions): Promise<Page<Crop>> {
  let base = cropQuery(db, userId);
  if (filters.farmId) base = base.where('c.farm_id', '=', filters.farmId);
  if (filters.fieldId) base = base.where('c.field_id', '=', filters.fieldId);
  if (filters.seasonId) base = base.where('c.season_id', '=', filters.seasonId);
  if (filters.cropId) base = base.where('c.id', '=', filters.cropId);
  if (filters.userId) base = base.where('c.created_by', '=', filters.userId);
  if (filters.status) base = base.where('c.status', '=', filters.status);
  if (options.search) {
    const p = likePattern(options.search);
    base = base.where((eb) => eb.or([eb('c.name', 'ilike', p), eb('c.status', 'ilike', p)]));
  }
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    selectCropColumns(base).orderBy(orderBy(CROP_SORTS, options.sort)).limit(options.pageSize).offset(offset(options)).execute(),
  ]);
  return page(rows.map(toCrop), Number(count.n), options);
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
function activityQuery(db: Db, userId: string) {
  return db
    .selectFrom('activities as a')
    .where('a.farm_id', 'in', myFarmIds(db, userId));
}

function selectActivityColumns(qb: ReturnType<typeof activityQuery>) {
  return qb
    .innerJoin('farms as f', 'f.id', 'a.farm_id')
    .innerJoin('fields as fl', 'fl.id', 'a.field_id')
    .leftJoin('seasons as s', 's.id', 'a.season_id')
    .leftJoin('crops as c', 'c.id', 'a.crop_id')
    .leftJoin('users as u', 'u.id', 'a.assignee_id')
    .select([
      'a.id',
      'a.name',
      'a.farm_id as farmId',
      'f.name as farmName',
      'a.field_id as fieldId',
      'fl.name as fieldName',
      'a.season_id as seasonId',
      's.name as seasonName',
      'a.crop_id as cropId',
      'c.name as cropName',
      'a.assignee_id as userId',
      userName('u').as('userName'),
      'a.status',
      nullableDateText('a.due_date').as('dueDate'),
      'a.notes',
    ]);
}

type ActivityRow = Awaited<ReturnType<ReturnType<typeof selectActivityColumns>['executeTakeFirstOrThrow']>>;

function toActivity(row: ActivityRow): Activity {
  return { ...row, status: row.status as ActivityStatus };
}

export async function listActivities(db: Db, userId: string, filters: ActivityFilters, options: ListOptions): Promise<Page<Activity>> {
  let base = activityQuery(db, userId);
  if (filters.farmId) base = base.where('a.farm_id', '=', filters.farmId);
  if (filters.fieldId) base = base.where('a.field_id', '=', filters.fieldId);
  if (filters.seasonId) base = base.where('a.season_id', '=', filters.seasonId);
  if (filters.cropId) base = base.where('a.crop_id', '=', filters.cropId);
  if (filters.userId) base = base.where('a.assignee_id', '=', filters.userId);
  if (filters.status) base = base.where('a.status', '=', filters.status);
  if (options.search) {
    const p = likePattern(options.search);
    // Field and farm names are matched through id lists from their own trigram indexes, which lets
    // the planner OR four index scans together instead of filtering every joined row.
    base = base.where((eb) =>
      eb.or([
        eb('a.name', 'ilike', p),
        eb('a.notes', 'ilike', p),
        sql<SqlBool>`a.field_id = any(array(select id from fields where name ilike ${p}))`,
        sql<SqlBool>`a.farm_id = any(array(select id from farms where name ilike ${p}))`,
      ]),
    );
  }
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    selectActivityColumns(base).orderBy(orderBy(ACTIVITY_SORTS, options.sort)).limit(options.pageSize).offset(offset(options)).execute(),
  ]);
  return page(rows.map(toActivity), Number(count.n), options);
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
function memberQuery(db: Db, userId: string) {
  return db
    .selectFrom('farm_members as m')
    .where('m.farm_id', 'in', myFarmIds(db, userId));
}

function selectMemberColumns(qb: ReturnType<typeof memberQuery>) {
  return qb
    .innerJoin('farms as f', 'f.id', 'm.farm_id')
    .leftJoin('fields as fl', 'fl.id', 'm.field_id')
    .leftJoin('seasons as s', 's.id', 'm.season_id')
    .leftJoin('crops as c', 'c.id', 'm.crop_id')
    .select([
      'm.id',
      'm.farm_id as farmId',
      'f.name as farmName',
      'm.user_id as userId',
      'm.name',
      'm.email',
      'm.phone',
      'm.role',
      'm.field_id as fieldId',
      'fl.name as fieldName',
      'm.season_id as seasonId',
      's.name as seasonName',
      'm.crop_id as cropId',
      'c.name as cropName',
      sql<string>`to_char(m.added_at, 'YYYY-MM-DD')`.as('addedDate'),
      'm.status',
    ]);
}

type MemberRow = Awaited<ReturnType<ReturnType<typeof selectMemberColumns>['executeTakeFirstOrThrow']>>;

function toMember(row: MemberRow): FarmUser {
  return { ...row, role: row.role as FarmRole, status: row.status as FarmUserStatus };
}

export async function listMembers(db: Db, userId: string, filters: MemberFilters, options: ListOptions): Promise<Page<FarmUser>> {
  let base = memberQuery(db, userId);
  if (filters.farmId) base = base.where('m.farm_id', '=', filters.farmId);
  if (filters.fieldId) base = base.where('m.field_id', '=', filters.fieldId);
  if (filters.seasonId) base = base.where('m.season_id', '=', filters.seasonId);
  if (filters.cropId) base = base.where('m.crop_id', '=', filters.cropId);
  if (filters.role) base = base.where('m.role', '=', filters.role);
  if (filters.status) base = base.where('m.status', '=', filters.status);
  if (options.search) {
    const p = likePattern(options.search);
    base = base.where((eb) => eb.or([eb('m.name', 'ilike', p), eb('m.email', 'ilike', p), eb('m.phone', 'ilike', p)]));
  }
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    selectMemberColumns(base).orderBy(orderBy(MEMBER_SORTS, options.sort)).limit(options.pageSize).offset(offset(options)).execute(),
  ]);
  return page(rows.map(toMember), Number(count.n), options);
}

export async function getMember(db: Db, userId: string, membershipId: string): Promise<FarmUser | undefined> {
  const row = await selectMemberColumns(memberQuery(db, userId)).where('m.id', '=', membershipId).executeTakeFirst();
  return row && toMember(row);
}

export async function getMemberRow(db: Db, membershipId: string) {
  return db
    .selectFrom('farm_members')
    .select(['id', 'farm_id', 'user_id', 'role', 'status', 'email'])
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
function costQuery(db: Db, userId: string) {
  return db
    .selectFrom('costs as k')
    .where('k.farm_id', 'in', myFarmIds(db, userId));
}

function selectCostColumns(qb: ReturnType<typeof costQuery>) {
  return qb
    .innerJoin('farms as f', 'f.id', 'k.farm_id')
    .leftJoin('fields as fl', 'fl.id', 'k.field_id')
    .select([
      'k.id',
      dateText('k.cost_date').as('date'),
      'k.description',
      'k.category',
      'k.activity_type as activityType',
      'k.amount',
      'k.farm_id as farmId',
      'f.name as farm',
      'k.field_id as fieldId',
      'fl.name as field',
      'k.season_id as seasonId',
      'k.crop_id as cropId',
    ]);
}

type CostRow = Awaited<ReturnType<ReturnType<typeof selectCostColumns>['executeTakeFirstOrThrow']>>;

function toCost(row: CostRow): Cost {
  return { ...row, amount: Number(row.amount) };
}

export async function listCosts(db: Db, userId: string, filters: CostFilters, options: ListOptions): Promise<Page<Cost>> {
  let base = costQuery(db, userId);
  if (filters.farmId) base = base.where('k.farm_id', '=', filters.farmId);
  if (filters.fieldId) base = base.where('k.field_id', '=', filters.fieldId);
  if (filters.seasonId) base = base.where('k.season_id', '=', filters.seasonId);
  if (filters.cropId) base = base.where('k.crop_id', '=', filters.cropId);
  if (filters.category) base = base.where('k.category', '=', filters.category);
  if (options.search) {
    const p = likePattern(options.search);
    base = base.where((eb) => eb.or([eb('k.description', 'ilike', p), eb('k.category', 'ilike', p), eb('k.activity_type', 'ilike', p)]));
  }
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    selectCostColumns(base).orderBy(orderBy(COST_SORTS, options.sort)).limit(options.pageSize).offset(offset(options)).execute(),
  ]);
  return page(rows.map(toCost), Number(count.n), options);
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
 */
export async function budgetByCategory(db: Db, userId: string, scope: SummaryScope): Promise<BudgetCategoryLine[]> {
  const farms = scope.farmId ? sql`select ${scope.farmId}::uuid` : sql`select farm_id from farm_members where user_id = ${userId} and status = 'active'`;
  const plannedSeason = scope.seasonId ? sql`and season_id = ${scope.seasonId}` : sql``;
  const costFilters = [
    scope.fieldId ? sql`and field_id = ${scope.fieldId}` : sql``,
    scope.seasonId ? sql`and season_id = ${scope.seasonId}` : sql``,
    scope.cropId ? sql`and crop_id = ${scope.cropId}` : sql``,
  ];
  const { rows } = await sql<{ name: string; planned: number; actual: number; percentage: number }>`
    with planned as (
      select category, sum(planned) as amount from budgets
      where farm_id in (${farms}) ${plannedSeason}
      group by category
    ), actual as (
      select category, sum(amount) as amount from costs
      where farm_id in (${farms}) ${costFilters[0]} ${costFilters[1]} ${costFilters[2]}
      group by category
    )
    select coalesce(p.category, a.category) as name,
           coalesce(p.amount, 0)::int8 as planned,
           coalesce(a.amount, 0)::int8 as actual,
           coalesce(round(coalesce(a.amount, 0) * 100.0 / nullif(p.amount, 0), 1), 0)::float8 as percentage
    from planned p full join actual a on a.category = p.category
  `.execute(db);
  return rows.map((row) => ({ name: row.name, planned: Number(row.planned), actual: Number(row.actual), percentage: Number(row.percentage) }));
}

export async function dashboard(db: Db, userId: string): Promise<Dashboard> {
  const mine = sql`select farm_id from farm_members where user_id = ${userId} and status = 'active'`;
  const [totals, farms, distribution, seasons] = await Promise.all([
    sql<{
      totalFarms: number;
      activeFields: number;
      cropVarieties: number;
      teamMembers: number;
      totalArea: number;
      activeSeasons: number;
      budgetTotal: number;
      spent: number;
    }>`
      select
        (select count(*) from farms where id in (${mine}))::int8 as "totalFarms",
        (select count(*) from fields where farm_id in (${mine}) and status <> 'fallow')::int8 as "activeFields",
        (select count(distinct lower(trim(name))) from crops where farm_id in (${mine}) and status <> 'failed')::int8 as "cropVarieties",
        (select count(distinct coalesce(user_id::text, email)) from farm_members
          where farm_id in (${mine}) and status <> 'inactive')::int8 as "teamMembers",
        (select coalesce(sum(total_size), 0) from farms where id in (${mine}))::float8 as "totalArea",
        (select count(*) from seasons where farm_id in (${mine}) and status = 'active')::int8 as "activeSeasons",
        (select coalesce(sum(planned), 0) from budgets where farm_id in (${mine}))::int8 as "budgetTotal",
        (select coalesce(sum(amount), 0) from costs where farm_id in (${mine}))::int8 as "spent"
    `.execute(db),
    sql<{ id: string; name: string; location: string; totalSize: number; fieldsCount: number; status: FarmStatus }>`
      select f.id, f.name, f.location, f.total_size as "totalSize",
             (select count(*) from fields where farm_id = f.id)::int8 as "fieldsCount", f.status
      from farms f where f.id in (${mine})
      order by f.name, f.id
      limit 10
    `.execute(db),
    sql<{ name: string; area: number; percentage: number }>`
      select min(name) as name, sum(area)::float8 as area,
             coalesce(round((sum(area) * 100 / nullif(sum(sum(area)) over (), 0))::numeric, 1), 0)::float8 as percentage
      from crops where farm_id in (${mine}) and status <> 'failed'
      group by lower(trim(name))
      order by sum(area) desc, min(name)
      limit 12
    `.execute(db),
    sql<{ id: string; name: string; status: SeasonStatus; farmName: string; startDate: string; endDate: string }>`
      select s.id, s.name, s.status, f.name as "farmName", s.start_date::text as "startDate", s.end_date::text as "endDate"
      from seasons s join farms f on f.id = s.farm_id
      where s.farm_id in (${mine})
      order by case s.status when 'active' then 0 when 'upcoming' then 1 else 2 end,
               case when s.status = 'completed' then null else s.start_date end asc,
               s.end_date desc, s.id
      limit 6
    `.execute(db),
  ]);
  const t = totals.rows[0]!;
  const budgetTotal = Number(t.budgetTotal);
  const spent = Number(t.spent);
  return {
    totalFarms: Number(t.totalFarms),
    activeFields: Number(t.activeFields),
    cropVarieties: Number(t.cropVarieties),
    teamMembers: Number(t.teamMembers),
    totalArea: Number(t.totalArea),
    activeSeasons: Number(t.activeSeasons),
    farms: farms.rows.map((f) => ({ ...f, totalSize: Number(f.totalSize), fieldsCount: Number(f.fieldsCount) })),
    cropDistribution: distribution.rows.map((d) => ({ name: d.name, area: Number(d.area), percentage: Number(d.percentage) })),
    budget: { total: budgetTotal, spent, remaining: budgetTotal - spent },
    seasons: seasons.rows,
  };
}
