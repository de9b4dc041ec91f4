import { type RawBuilder, sql } from 'kysely';
import { FARM_PERMISSIONS } from '@shambasoko/contracts';

// The farm's books (budget lines and costs) are shown only where the caller's role keeps them: the
// contract's 'money:read' roles. Cross-farm figures (the dashboard's budget, the account-wide budget
// summary) add up those farms only.

export const MONEY_ROLES = FARM_PERMISSIONS['money:read'];

const moneyRoles = () => sql.join(MONEY_ROLES);

/** Whether the user is an active member of some farm in a role that may not see its books. */
function holdsOtherRoles(userId: string): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from farm_members where user_id = ${userId} and status = 'active' and role not in (${moneyRoles()}))`;
}

/**
 * False only for a member whose every farm is in a role that may not see money (a Field Worker
 * everywhere): the dashboard then has no budget to show at all. Someone without farms yet sees an
 * empty one.
 */
export function seesMoney(userId: string): RawBuilder<boolean> {
  return sql<boolean>`(not ${holdsOtherRoles(userId)} or exists (
    select 1 from farm_members where user_id = ${userId} and status = 'active' and role in (${moneyRoles()})))`;
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
    where u.user_id = ${userId} and ${keys('u')} and not ${holdsOtherRoles(userId)}
    union all
    select f.key, f.amount from farm_stats f
    where ${holdsOtherRoles(userId)} and ${keys('f')} and f.farm_id in (
      select farm_id from farm_members where user_id = ${userId} and status = 'active' and role in (${moneyRoles()}))`;
}
