import { type Kysely, sql } from 'kysely';
import { genericPlan } from './database';
import { isUuid } from './ids';
import type { Database } from './schema';

// The data versions of migration 062, read in one small statement per request: the key of a cached
// answer (http/answer-cache.ts). Each stamp also carries 'g:people' (names and e-mails in answers).

type Db = Kysely<Database>;

const PEOPLE = sql`coalesce((select version from data_versions where scope = 'g:people'), 0)`;

/**
 * The caller's role on one farm and the farm's stamp, in the statement the membership check needs
 * anyway; undefined when the caller is not an active member (the list then answers as it always did).
 */
export async function farmStamp(db: Db, userId: string, farmId: string): Promise<{ role: string; stamp: string } | undefined> {
  if (!isUuid(farmId)) return undefined;
  const { rows } = await sql<{ role: string; v: number; g: number }>`${genericPlan}select m.role,
      coalesce((select version from data_versions where scope = 'f:' || m.farm_id::text), 0) as v, ${PEOPLE} as g
    from farm_members m where m.farm_id = ${farmId} and m.user_id = ${userId} and m.status = 'active'`.execute(db);
  const row = rows[0];
  return row === undefined ? undefined : { role: row.role, stamp: `f${row.v}.${row.g}` };
}

/** The stamp of everything the caller may see across their farms (every farm they belong to, their memberships). */
export async function userStamp(db: Db, userId: string): Promise<string> {
  const { rows } = await sql<{ v: number; g: number }>`${genericPlan}select
      coalesce((select version from data_versions where scope = ${`u:${userId}`}), 0) as v, ${PEOPLE} as g`.execute(db);
  return `u${rows[0]!.v}.${rows[0]!.g}`;
}

/** The stamp of the caller's shop's sales; undefined when the caller runs no shop. */
export async function sellerStamp(db: Db, userId: string): Promise<string | undefined> {
  const { rows } = await sql<{ v: number; g: number }>`${genericPlan}select
      coalesce((select version from data_versions where scope = 's:' || s.id::text), 0) as v, ${PEOPLE} as g
    from sellers s where s.user_id = ${userId}`.execute(db);
  const row = rows[0];
  return row === undefined ? undefined : `s${row.v}.${row.g}`;
}
