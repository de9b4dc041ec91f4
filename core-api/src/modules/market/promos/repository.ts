import { type Kysely, type Transaction, sql } from 'kysely';
import type { Database } from '../../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * `forUpdate` (inside an order's transaction) holds the promo row until commit, so two orders using
 * one code count its redemptions one after the other and a limit cannot be overrun by a race.
 */
export async function findPromo(db: Db, code: string, { forUpdate = false } = {}) {
  let query = db
    .selectFrom('promos')
    .select(['code', 'type', 'value', 'min_order', 'expires_at', 'active', 'max_uses', 'max_uses_per_user'])
    .where('code', '=', code);
  if (forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** Redemptions of a code in all, and by one buyer (0 without a buyer). */
export async function countRedemptions(db: Db, code: string, userId: string | null): Promise<{ total: number; mine: number }> {
  const row = await db
    .selectFrom('promo_redemptions')
    .select([
      sql<string>`count(*)`.as('total'),
      // "= null" is never true: a guest has no uses of their own.
      sql<string>`count(*) filter (where user_id = ${userId}::uuid)`.as('mine'),
    ])
    .where('promo_code', '=', code)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), mine: Number(row.mine) };
}

export async function insertRedemption(
  trx: Transaction<Database>,
  redemption: { orderId: string; code: string; userId: string },
): Promise<void> {
  await trx
    .insertInto('promo_redemptions')
    .values({ order_id: redemption.orderId, promo_code: redemption.code, user_id: redemption.userId })
    .execute();
}
