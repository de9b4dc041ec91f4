import type { Activity, ActivityStatus } from '@shambasoko/contracts';
import { type Kysely, type SqlBool, sql } from 'kysely';
import { camel } from '../../../db/camel';
import type { Database } from '../../../db/schema';
import { type ListOptions, type Page, type SortTable, likePattern, listPage, sortTable } from '../common/list';
import { genericFor, listAccess } from '../common/list-access';
import { type FilterColumns, type FiltersOf, type ScopedRows, scopedRows, whereFilters, scopedRowById } from '../common/scoped-rows';
import { roleOn, snakeColumns } from '../common/repository';
import { anyDiffers } from '../../../db/changes';
import { idAndName, nullableDateText, optionalIdAndName, userNameOf } from '../common/sql';
import { type CreateActivityInput, type ActivitySortKey, type UpdateActivityInput, type activitiesQuery } from '@shambasoko/contracts';

type Db = Kysely<Database>;

const ACTIVITY_SORTS = sortTable(
  'a',
  ['name', 'status', 'dueDate', 'createdAt'],
  { farmName: '"farmName"', fieldName: '"fieldName"' },
  { fallback: '-createdAt', nullable: ['dueDate'] },
) satisfies SortTable<ActivitySortKey>;

export type ActivityFilters = FiltersOf<typeof activitiesQuery>;
const ACTIVITY_FILTERS = {
  fieldId: 'a.field_id',
  seasonId: 'a.season_id',
  cropId: 'a.crop_id',
  userId: 'a.assignee_id',
  status: 'a.status',
} satisfies FilterColumns<ActivityFilters>;

/** An activity as every answer shows it, from its row aliased `a`: lists, a read by id, an edit's answer. */
const ACTIVITY_COLUMNS = [
  'a.id',
  'a.name',
  ...idAndName('a', 'farm'),
  ...idAndName('a', 'field'),
  ...optionalIdAndName('a', 'season'),
  ...optionalIdAndName('a', 'crop'),
  'a.assignee_id as userId',
  userNameOf('a.assignee_id').as('userName'),
  'a.status',
  nullableDateText('a.due_date').as('dueDate'),
  'a.notes',
] as const;

function selectActivityColumns(qb: ScopedRows<'activities', 'a'>) {
  return qb.select(ACTIVITY_COLUMNS);
}

type ActivityRow = Awaited<ReturnType<ReturnType<typeof selectActivityColumns>['executeTakeFirstOrThrow']>>;

function toActivity(row: ActivityRow): Activity {
  return { ...row, status: row.status as ActivityStatus };
}

export async function listActivities(
  db: Db,
  userId: string,
  filters: ActivityFilters,
  options: ListOptions,
): Promise<Page<Activity> | undefined> {
  const access = await listAccess(db, userId, filters.farmId, options.search);
  let base = whereFilters(scopedRows(db, 'activities', 'a', userId, access), filters, ACTIVITY_FILTERS);
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
              // every farm (many entries for a common word).
              ...(hasNewline
                ? [eb('a.name', 'ilike', p), eb('a.notes', 'ilike', p)]
                : [sql<SqlBool>`(a.search_text || '') like lower(${p})`]),
              sql<SqlBool>`a.field_id = any(array(select id from fields where farm_id = ${farmId} and name ilike ${p}))`,
              sql<SqlBool>`exists (select 1 from farms where id = ${farmId} and name ilike ${p})`,
            ],
      ),
    );
  }
  return listPage(
    db,
    base,
    selectActivityColumns,
    ACTIVITY_SORTS,
    toActivity,
    options,
    { userId, farmId },
    genericFor(access, options, true),
  );
}

export async function getActivity(db: Db, userId: string, activityId: string): Promise<Activity | undefined> {
  const row = await selectActivityColumns(scopedRowById(db, 'activities', 'a', userId))
    .where('a.id', '=', activityId)
    .executeTakeFirst();
  return row && toActivity(row);
}

/** How many rows each of the dashboard's lists holds at most. */
const MINE_LIMIT = 50;

/**
 * The caller's open activities due on `today` and before it, in the farms they are an active member
 * of (an assignment in a farm they have left is not theirs any more). Oldest due first.
 */
export async function myDueActivities(db: Db, userId: string, today: string): Promise<{ dueToday: Activity[]; overdue: Activity[] }> {
  const due = (op: '=' | '<') =>
    selectActivityColumns(scopedRows(db, 'activities', 'a', userId))
      .where('a.assignee_id', '=', userId)
      .where('a.status', '<>', 'Completed')
      .where(sql<SqlBool>`a.due_date ${sql.raw(op)} ${today}::date`)
      .orderBy('a.due_date')
      .orderBy('a.id')
      .limit(MINE_LIMIT)
      .execute();
  const [dueToday, overdue] = await Promise.all([due('='), due('<')]);
  return { dueToday: dueToday.map(toActivity), overdue: overdue.map(toActivity) };
}

/** An activity's row as an edit reads it, with the caller's active role on its farm (null: none). */
export async function getActivityRow(db: Db, activityId: string, userId: string) {
  return db
    .selectFrom('activities')
    .select([
      'id',
      'farm_id',
      'field_id',
      'season_id',
      'crop_id',
      'assignee_id',
      'name',
      'notes',
      nullableDateText('due_date').as('dueDate'),
      roleOn('activities.farm_id', userId).as('role'),
    ])
    .where('id', '=', activityId)
    .executeTakeFirst();
}

export async function insertActivity(db: Db, userId: string, input: CreateActivityInput): Promise<string> {
  const { userId: assigneeId, ...columns } = input;
  const row = await camel(db)
    .insertInto('activities')
    .values({
      ...columns,
      seasonId: input.seasonId ?? null,
      cropId: input.cropId ?? null,
      assigneeId: assigneeId ?? null,
      dueDate: input.dueDate ?? null,
      notes: input.notes ?? '',
      status: input.status ?? 'Pending',
      createdBy: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Who may write an edit by themselves (updateActivity's `onlyFor`): the caller and the roles the edit needs. */
export interface EditAllowed {
  userId: string;
  /** Roles that may change anything. */
  writers: readonly string[];
  /** Roles that may change the status alone: every other value given must be the row's already. */
  statusSetters: readonly string[];
}

/**
 * Sets the values that change and answers the activity as it now reads, in the same statement.
 * Undefined when it wrote nothing: no value changes (as updateRow), or, with `onlyFor`, no such
 * row or a role on its farm that may not make this edit; the caller then reads the row, or checks
 * and explains.
 */
export async function updateActivity(
  db: Db,
  activityId: string,
  input: UpdateActivityInput,
  onlyFor?: EditAllowed,
): Promise<Activity | undefined> {
  // The body's userId is the assignee.
  const { userId: assigneeId, ...columns } = input;
  const values = snakeColumns({ ...columns, assigneeId });
  if (Object.keys(values).length === 0) return undefined;
  let update = db
    .updateTable('activities as a')
    .set(values)
    .where('a.id', '=', activityId)
    .where((eb) => anyDiffers(eb, values));
  if (onlyFor !== undefined) {
    const { userId, writers, statusSetters } = onlyFor;
    const othersKept = Object.entries(values)
      .filter(([column]) => column !== 'status')
      .map(([column, value]) => sql<SqlBool>`${sql.ref(`a.${column}`)} is not distinct from ${value}`);
    // The status setters count only when every other value sent is the row's already.
    const allowed = sql`case when ${sql.join([sql<SqlBool>`true`, ...othersKept], sql` and `)}
      then ${[...new Set([...writers, ...statusSetters])]}::text[] else ${[...writers]}::text[] end`;
    update = update.where(sql<SqlBool>`${roleOn('a.farm_id', userId)} = any(${allowed})`);
  }
  const row = await update.returning(ACTIVITY_COLUMNS).executeTakeFirst();
  return row && toActivity(row);
}
