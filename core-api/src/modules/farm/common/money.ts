import { type RawBuilder, sql } from 'kysely';
import { FARM_PERMISSIONS } from '@shambasoko/contracts';

// The farm's books (budget lines and costs) are shown only where the caller's role keeps them: the
// contract's 'money:read' roles. Cross-farm figures (the dashboard's budget, the account-wide budget
// summary) add up those farms only.

export const MONEY_ROLES = FARM_PERMISSIONS['money:read'];

const moneyRoles = () => sql.join(MONEY_ROLES);

/**
 * The caller's active roles, read once per statement: a WITH item that every statement using
 * `seesMoney` or `moneyCounters` declares (`with ${memberRoles(userId)} select …`). Those used to ask
 * `exists (… role not in …)` once per use, up to five times in the dashboard's statement, and each
 * ran as a sequential scan of every membership when it found none (the usual case: an Owner): 0.6-1.4
 * ms each at 2,000 farms, most of the statement's 3.7 ms.
 */
export function memberRoles(userId: string): RawBuilder<unknown> {
  return sql`member_roles as (
    select coalesce(bool_or(role not in (${moneyRoles()})), false) as other_roles,
           coalesce(bool_or(role in (${moneyRoles()})), false) as money_role
    from farm_members where user_id = ${userId} and status = 'active')`;
}

/** Whether the user is an active member of some farm in a role that may not see its books (memberRoles). */
const holdsOtherRoles = (): RawBuilder<boolean> => sql<boolean>`(select other_roles from member_roles)`;

/**
 * False only for a member whose every farm is in a role that may not see money (a Field Worker
 * everywhere): the dashboard then has no budget to show at all. Someone without farms yet sees an
 * empty one.
 */
export function seesMoney(): RawBuilder<boolean> {
  return sql<boolean>`(select not other_roles or money_role from member_roles)`;
}

/**
 * The caller's 'planned:<category>' and 'cost:<category>' counters (migration 008) as rows (key,
 * amount), over the farms whose books they may see. A member with a money role on every farm (the
 * usual case) reads their own per-user counters, a few rows; otherwise the per-farm counters of the
 * farms where they hold a money role are added up.
 */
export function moneyCounters(userId: string): RawBuilder<{ key: string; amount: string }> {
  const keys = (table: string) =>
    sql`((${sql.ref(`${table}.key`)} >= 'planned:' and ${sql.ref(`${table}.key`)} < 'planned;') or (${sql.ref(`${table}.key`)} >= 'cost:' and ${sql.ref(`${table}.key`)} < 'cost;'))`;
  return sql<{ key: string; amount: string }>`
    select u.key, u.amount from user_farm_stats u
    where u.user_id = ${userId} and ${keys('u')} and not ${holdsOtherRoles()}
    union all
    select f.key, f.amount from farm_stats f
    where ${holdsOtherRoles()} and ${keys('f')} and f.farm_id in (
      select farm_id from farm_members where user_id = ${userId} and status = 'active' and role in (${moneyRoles()}))`;
}
