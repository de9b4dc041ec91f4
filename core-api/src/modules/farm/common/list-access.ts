import type { FarmRole } from '@shambasoko/contracts';
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import { clusterBroadcast } from '../../../cluster/broadcast';
import { genericPlan } from '../../../db/database';
import type { Database } from '../../../db/schema';
import type { ListOptions } from './list';

// How a farm statement limits rows to the caller's farms, and which shape a list takes for a caller.

type Db = Kysely<Database>;

/**
 * The farms a user may see: active memberships only (invitations and inactive members see nothing).
 * With `roles`, only the farms where the user holds one of them (the money roles for costs).
 */
export function myFarmIds(db: Db, userId: string, roles?: readonly FarmRole[]) {
  return db
    .selectFrom('farm_members')
    .select('farm_id')
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .$if(roles !== undefined, (qb) => qb.where('role', 'in', [...roles!]));
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
export type Access = { kind: 'joined' } | { kind: 'checked' } | { kind: 'farm'; farmId: string };
export const JOINED: Access = { kind: 'joined' };

export function visibleTo(db: Db, userId: string, farmIdColumn: string, access: Access, roles?: readonly FarmRole[]): RawBuilder<SqlBool> {
  const column = sql.ref(farmIdColumn);
  // One farm: the caller's role there is checked with the membership (listPage's FarmScope.action).
  if (access.kind === 'farm') return sql<SqlBool>`${column} = ${access.farmId}`;
  if (access.kind === 'checked') {
    const role = roles === undefined ? sql`` : sql`and viewer.role in (${sql.join(roles)})`;
    return sql<SqlBool>`(select true from farm_members viewer where viewer.farm_id = ${column} and viewer.user_id = ${userId} and viewer.status = 'active' ${role})`;
  }
  return sql<SqlBool>`${column} in (${myFarmIds(db, userId, roles)})`;
}

/**
 * A caller has many farms when they are more than MANY_FARMS and at least 1 in 50 of all farms, so a
 * scan in display order meets one of theirs every few dozen rows. Remembered per user for a while:
 * a stale answer only picks the slower of two correct statements.
 */
const FARM_SCALE_TTL_MS = 30_000;
const farmScales = new Map<string, { many: boolean; until: number }>();
// No message of its own (a stale answer is never wrong, only slower); emptied with the other caches.
clusterBroadcast.onReset(() => farmScales.clear());

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
export async function listAccess(db: Db, userId: string, farmId: string | undefined, search: string | undefined): Promise<Access> {
  if (farmId !== undefined) return { kind: 'farm', farmId };
  if (search) return JOINED;
  return (await hasManyFarms(db, userId)) ? { kind: 'checked' } : JOINED;
}

/**
 * Whether a list's statement keeps a generic plan: not for the 'joined' access, nor for a search:
 * without the words the planner cannot tell a rare one (the trigram index) from a common one (the
 * farm's or the display order's index), and a wrong guess costs more than planning.
 * `farmSearchFits`: the list writes its search within one farm so that one plan fits (activities).
 */
export function genericFor(access: Access, options: ListOptions, farmSearchFits = false): boolean {
  if (access.kind === 'farm' && farmSearchFits) return true;
  return access.kind !== 'joined' && !options.search;
}

/**
 * Above this many farms a caller's lists walk the table in the order shown and check membership row
 * by row (a subplan, which stops after a page of the caller's rows); up to it they read the caller's
 * farms' rows through the membership and sort those. Each shape has one plan that is right for every
 * caller of its size, so those statements keep a generic plan (GENERIC_PLAN) instead of planning on
 * every call: one plan cannot serve both a member with 2 farms and a cooperative with 2,000.
 */
export const MANY_FARMS = 50;
