import type { FarmRole } from '@shambasoko/contracts';
import { type Kysely, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { z } from 'zod';
import { genericPlan } from '../../../db/database';
import type { Database } from '../../../db/schema';
import type { ListOptions } from './list';
import { type Access, JOINED, visibleTo } from './list-access';
import type { FarmChildTable } from './repository';

// What every farm resource's list and get start from: the rows of the caller's farms, narrowed by
// the list's filters.

type Db = Kysely<Database>;

/** `table as alias` as Kysely types it, e.g. `ScopedRows<'crops', 'c'>` for `from crops as c`. */
export type ScopedRows<T extends FarmChildTable, A extends string> = SelectQueryBuilder<Database & Record<A, Database[T]>, A, object>;

/**
 * The rows of `table as alias` a caller may see, before joins: filters and counts need nothing else.
 * `roles`: only rows of farms where the caller holds one of these roles (costs: the money roles).
 */
export function scopedRows<T extends FarmChildTable, A extends string>(
  db: Db,
  table: T,
  alias: A,
  userId: string,
  access: Access = JOINED,
  roles?: readonly FarmRole[],
): ScopedRows<T, A> {
  // Kysely cannot check a from clause built of type parameters; ScopedRows states what it is.
  const rows = db.selectFrom(`${table} as ${alias}` as `${T} as ${A}`) as unknown as SelectQueryBuilder<Database, FarmChildTable, object>;
  return rows.where(visibleTo(db, userId, `${alias}.farm_id`, access, roles)) as unknown as ScopedRows<T, A>;
}

/**
 * The one row of `table as alias` with an id the caller names, if they may see it (with `roles`, only
 * in farms where they hold one, as `scopedRows`): the row by its key,
 * its farm's membership checked by a subplan ('checked' access). That plan is right for every id and
 * every caller, so the statement keeps a generic plan: planning was 0.52 of the 0.57 ms an activity's
 * read after each edit cost the database (bench:farm's changing row, planned on every call).
 */
export function scopedRowById<T extends FarmChildTable, A extends string>(
  db: Db,
  table: T,
  alias: A,
  userId: string,
  roles?: readonly FarmRole[],
): ScopedRows<T, A> {
  return scopedRows(db, table, alias, userId, { kind: 'checked' }, roles).modifyFront(genericPlan);
}

/** A list's filters: its contract query (e.g. `cropsQuery`) without paging, search and sort. */
export type FiltersOf<Query extends z.ZodType> = Omit<z.output<Query>, keyof ListOptions>;

/** Which column each equality filter narrows, e.g. `{ fieldId: 'c.field_id' }`; `farmId` is the access's business. */
export type FilterColumns<F> = { [K in Exclude<keyof F, 'farmId'>]-?: string };

/** Adds `column = value` for every filter that is set, in the order of `columns`. */
export function whereFilters<DB, TB extends keyof DB, O, F extends object>(
  qb: SelectQueryBuilder<DB, TB, O>,
  filters: F,
  columns: FilterColumns<F>,
): SelectQueryBuilder<DB, TB, O> {
  for (const [key, column] of Object.entries(columns) as [keyof F, string][]) {
    const value = filters[key];
    if (value) qb = qb.where(sql<SqlBool>`${sql.ref(column)} = ${value}`);
  }
  return qb;
}
