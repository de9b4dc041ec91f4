import { type Kysely, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import { genericPlan } from '../../../db/database';
import type { Database } from '../../../db/schema';
import type { FarmRole } from '@shambasoko/contracts';
import { type FarmAction, assertCan } from './permissions';

// The list machinery every farm resource shares: paging with a capped total, sorting by a resource's
// own key table, and the LIKE pattern of a search.

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
 * Lists count their matches only this far (at least five pages ahead): an exact count of a large
 * account's rows, or of a common search word, is the slowest part of a list (README, "Farm query
 * plans"). Beyond the cap the answer says "100+" and a caller paging on still learns that a next
 * page exists.
 */
const TOTAL_CAP = 100;
const PAGES_AHEAD = 5;

// ---------------------------------------------------------------------------------------------
// Sorting: each list names the keys it accepts (the routes turn them into a zod enum) and the SQL
// behind them. The strings are ours, never the client's, so sql.raw is safe.

export interface SortTable<Key extends string = string> {
  keys: Record<Key, string>;
  /** Applied when the client sends no sort; "-" prefix for descending. */
  fallback: string;
  /** Makes the order total, so pages never overlap. */
  tieBreaker: string;
  /** Keys whose column may be null: those sort last either way. */
  nullable?: readonly string[];
}

/**
 * The usual SortTable: `columns` are keys that sort by the column of that name in snake_case
 * (`plantedDate` → `c.planted_date`), `other` the keys that sort by anything else (an output column
 * such as `"farmName"`); ties are broken by `alias.id`. Check coverage with `satisfies SortTable<SortKey>`.
 */
export function sortTable<const Column extends string, const Other extends string = never>(
  alias: string,
  columns: readonly Column[],
  other: Record<Other, string>,
  order: { fallback: string; nullable?: readonly string[] },
): SortTable<Column | Other> {
  const snake = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
  const byColumn = Object.fromEntries(columns.map((key) => [key, `${alias}.${snake(key)}`])) as Record<Column, string>;
  return { keys: { ...byColumn, ...other }, tieBreaker: `${alias}.id`, ...order };
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
 * the caller; without it the trigram indexes answer.
 */
export function statusesMatching<S extends string>(statuses: readonly S[], search: string): S[] {
  const wanted = search.toLowerCase();
  return statuses.filter((status) => status.toLowerCase().includes(wanted));
}

/** `%text%` with LIKE's own wildcards escaped, so a search for "50%" means the text "50%". */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function offset(options: ListOptions): number {
  return (options.page - 1) * options.pageSize;
}

/** A list narrowed to one farm (`farmId` filter): the caller must be an active member of it. */
export interface FarmScope {
  userId: string;
  farmId: string | undefined;
  /** What the caller's role on that farm must allow beyond reading it (a 403 otherwise), e.g. 'money:read'. */
  action?: FarmAction;
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
export async function listPage<CDB, CTB extends keyof CDB, RDB, RTB extends keyof RDB, Row, Item>(
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
  // of the rows and sorts them all instead of reading a page in index order. Limits are validated
  // integers.
  const count = (n: number) => (generic ? sql.lit(n) : n);
  const counted = exactTotal ?? sql<number>`(select count(*) from (${base.select(sql.lit(1).as('one')).limit(count(cap + 1))}) capped)`;
  // The membership answer: true, or the caller's role (null for none) when the scope names an action
  // to check; typed as the flag it stands for.
  const member: RawBuilder<boolean> =
    scope?.farmId === undefined
      ? sql<boolean>`true`
      : scope.action === undefined
        ? sql<boolean>`exists (select 1 from farm_members where farm_id = ${scope.farmId} and user_id = ${scope.userId} and status = 'active')`
        : sql<boolean>`(select role from farm_members where farm_id = ${scope.farmId} and user_id = ${scope.userId} and status = 'active')`;
  type Extras = { __total: number; __member: boolean | string | null };
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
    // through its index instead of walking the whole table in display order. The page is cut from
    // them before the item's name lookups run. Every layer keeps the table's alias, so `columns` and
    // the order apply unchanged. Lists without a search keep the separate capped count: it reads
    // rows in any order, cheaper than the display order for a hundred rows.
    const head = db
      .selectFrom(
        base
          .selectAll()
          .orderBy(order)
          .limit(count(cap + 1))
          .as(alias),
      )
      .selectAll()
      .select(sql<number>`count(*) over ()`.as('__total'));
    const pageRows = db
      .selectFrom(head.as(alias))
      .selectAll()
      .orderBy(order)
      .limit(count(options.pageSize))
      .offset(count(offset(options)));
    rowsFrom = db.selectFrom(pageRows.as(alias)).orderBy(order) as unknown as Rows;
    total = sql<number>`${sql.ref(`${alias}.__total`)}`;
  } else if (generic && offset(options) > 0 && byColumn) {
    // A generic page past the first: cut before the item's name lookups, so rows skipped by OFFSET
    // compute none (page 7 of a cooperative's farms).
    rowsFrom = db
      .selectFrom(
        base
          .selectAll()
          .orderBy(order)
          .limit(count(options.pageSize))
          .offset(count(offset(options)))
          .as(alias),
      )
      .orderBy(order) as unknown as Rows;
  } else {
    rowsFrom = base
      .orderBy(order)
      .limit(count(options.pageSize))
      .offset(count(offset(options)));
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
  if (scope?.farmId !== undefined && scope.action !== undefined) assertCan(first.__member as FarmRole, scope.action);
  const n = Number(first.__total);
  const items = rows.map(({ __total: _, __member: __, ...row }) => toItem(row as unknown as Row));
  return { items, total: Math.min(n, cap), totalCapped: n > cap, page: options.page, pageSize: options.pageSize };
}

/** The list part of a validated query, as the repositories take it. */
export function listOptions(query: ListOptions): ListOptions {
  return { page: query.page, pageSize: query.pageSize, search: query.search, sort: query.sort };
}
