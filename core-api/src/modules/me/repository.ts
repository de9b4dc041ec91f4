import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { catalogued } from '../../http/language';

// All SQL of the caller's own data: the export (Data Policy: right of access) and the erasure
// (right to erasure), plus the retention purge. Every statement is keyed by the caller's user id.

type Db = Kysely<Database>;

/** Search columns generated from other columns (tsvector, lowercased text): noise in an export. */
const GENERATED = /^search/;
function withoutGenerated<T extends object>(rows: T[]): T[] {
  return rows.map((row) => Object.fromEntries(Object.entries(row).filter(([key]) => !GENERATED.test(key))) as T);
}

export function findUser(db: Db, userId: string) {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}

/** Farms where the user is the Owner (active membership). */
function ownedFarmIds(db: Db, userId: string) {
  return db
    .selectFrom('farm_members')
    .select('farm_id')
    .where('user_id', '=', userId)
    .where('role', '=', 'Owner')
    .where('status', '=', 'active');
}

/** Owned farms that other accounts belong to (active or inactive members): they block deletion. */
export function ownedFarmsWithOthers(db: Db, userId: string) {
  return db
    .selectFrom('farms')
    .select(['id', 'name'])
    .where('id', 'in', ownedFarmIds(db, userId))
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('farm_members as other')
          .select('other.id')
          .whereRef('other.farm_id', '=', 'farms.id')
          .where('other.user_id', 'is not', null)
          .where('other.user_id', '!=', userId),
      ),
    )
    .orderBy('name')
    .execute();
}

/** Everything held about the user but their profile and the invitations to their address (invitations.ts). */
export async function exportData(db: Db, userId: string) {
  const owned = ownedFarmIds(db, userId);
  const farmRows = <T extends 'farms' | 'fields' | 'seasons' | 'crops' | 'activities' | 'costs' | 'budgets' | 'harvests' | 'crop_income'>(
    table: T,
  ) =>
    db
      .selectFrom(table as 'fields')
      .selectAll()
      .where(table === 'farms' ? 'id' : 'farm_id', 'in', owned)
      .execute()
      .then(withoutGenerated);
  const [
    sessions,
    memberships,
    farms,
    fields,
    seasons,
    crops,
    activities,
    costs,
    budgets,
    harvests,
    income,
    orders,
    items,
    reviews,
    favourites,
    notifications,
    cart,
  ] = await Promise.all([
    // The device's make and model only: nothing that identifies the handset itself.
    db
      .selectFrom('auth_sessions')
      .select([
        'id',
        'provider',
        sql<string | null>`device->>'make'`.as('deviceMake'),
        sql<string | null>`device->>'model'`.as('deviceModel'),
        'created_at as createdAt',
        'revoked_at as revokedAt',
        'revoked_reason as revokedReason',
      ])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('farm_members as m')
      .innerJoin('farms as f', 'f.id', 'm.farm_id')
      .select([
        'm.id',
        'm.farm_id as farmId',
        'f.name as farmName',
        'm.role',
        'm.status',
        'm.name',
        'm.email',
        'm.phone',
        'm.added_at as addedAt',
      ])
      .where('m.user_id', '=', userId)
      .orderBy('m.added_at')
      .execute(),
    farmRows('farms'),
    farmRows('fields'),
    farmRows('seasons'),
    farmRows('crops'),
    farmRows('activities'),
    farmRows('costs'),
    farmRows('budgets'),
    farmRows('harvests'),
    farmRows('crop_income'),
    db.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('created_at').execute(),
    db
      .selectFrom('order_items as i')
      .innerJoin('orders as o', 'o.id', 'i.order_id')
      .selectAll('i')
      .where('o.user_id', '=', userId)
      .execute(),
    db
      .selectFrom('reviews')
      .select(['id', 'product_id', 'reviewer_name', 'rating', 'comment', 'verified', 'created_at'])
      .where('user_id', '=', userId)
      .execute(),
    db
      .selectFrom('favourites as fav')
      .innerJoin('products as p', 'p.id', 'fav.product_id')
      .select(['fav.product_id as productId', 'p.name as productName', 'fav.created_at as createdAt'])
      .where('fav.user_id', '=', userId)
      .execute(),
    db
      .selectFrom('notifications')
      .select(['id', 'type', 'title', 'body', 'link', 'read_at', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('carts as c')
      .innerJoin('cart_items as ci', 'ci.cart_id', 'c.id')
      .innerJoin('products as p', 'p.id', 'ci.product_id')
      .select(['ci.product_id as productId', 'p.name as productName', 'ci.quantity', 'ci.added_at as addedAt'])
      .where('c.user_id', '=', userId)
      .execute(),
  ]);
  const byFarm = <T extends { farm_id: string }>(rows: T[], farmId: string) => rows.filter((row) => row.farm_id === farmId);
  return {
    sessions,
    farmMemberships: memberships,
    ownedFarms: farms.map((farm) => ({
      farm,
      fields: byFarm(fields, farm.id),
      seasons: byFarm(seasons as unknown as Array<{ farm_id: string }>, farm.id),
      crops: byFarm(crops as unknown as Array<{ farm_id: string }>, farm.id),
      activities: byFarm(activities as unknown as Array<{ farm_id: string }>, farm.id),
      costs: byFarm(costs as unknown as Array<{ farm_id: string }>, farm.id),
      budgets: byFarm(budgets as unknown as Array<{ farm_id: string }>, farm.id),
      harvests: byFarm(harvests as unknown as Array<{ farm_id: string }>, farm.id),
      income: byFarm(income as unknown as Array<{ farm_id: string }>, farm.id),
    })),
    orders: orders.map((order) => ({ ...order, items: items.filter((item) => item.order_id === order.id) })),
    reviews,
    favourites,
    notifications,
    cart,
  };
}

/** The name a deleted account's reviews keep: the rating and words stay for other buyers. */
export const ANONYMOUS_REVIEWER = catalogued('Former customer');

/**
 * Erases one account in the caller's transaction, once the market and the farms the user was on
 * have let go of it. Orders stay for the sellers' books without the buyer (user_id null, name,
 * e-mail, phone and address blanked, county and city kept); reviews stay under an anonymous name;
 * farms the user alone belongs to go with all their data; deleting the users row takes memberships,
 * cart, favourites, notifications, sessions and refresh tokens (on delete cascade).
 */
export async function eraseUser(
  trx: Db,
  user: { id: string },
): Promise<{ farmsDeleted: number; ordersKept: number; sessionIds: string[]; reviewedProducts: string[] }> {
  const sessions = await trx.selectFrom('auth_sessions').select('id').where('user_id', '=', user.id).execute();
  const farms = await trx.deleteFrom('farms').where('id', 'in', ownedFarmIds(trx, user.id)).executeTakeFirst();
  const orders = await trx
    .updateTable('orders')
    .set({
      user_id: null,
      shipping: sql`shipping || jsonb_build_object('firstName', '', 'lastName', '', 'email', '', 'phone', '', 'address', '', 'postalCode', '')`,
      card_last4: null,
    })
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  const reviewed = await trx
    .updateTable('reviews')
    .set({ user_id: null, reviewer_name: ANONYMOUS_REVIEWER })
    .where('user_id', '=', user.id)
    .returning('product_id')
    .execute();
  await trx.deleteFrom('users').where('id', '=', user.id).execute();
  return {
    farmsDeleted: Number(farms.numDeletedRows),
    ordersKept: Number(orders.numUpdatedRows),
    sessionIds: sessions.map((row) => row.id),
    // Their pages show the reviewer's name: the catalog drops them (publishMarketChanges).
    reviewedProducts: reviewed.map((row) => row.product_id),
  };
}

/**
 * Retention: sessions revoked, or past their absolute expiry, more than `sessionDays` ago (their
 * refresh tokens go with them), spent refresh tokens past that age, and notifications read more
 * than `notificationDays` ago.
 */
export async function purgeExpired(
  db: Db,
  now: Date,
  { sessionDays, notificationDays }: { sessionDays: number; notificationDays: number },
) {
  const sessionCutoff = new Date(now.getTime() - sessionDays * 86_400_000);
  const notificationCutoff = new Date(now.getTime() - notificationDays * 86_400_000);
  const sessions = await db
    .deleteFrom('auth_sessions as s')
    .where((eb) => eb.or([eb('s.revoked_at', '<', sessionCutoff), eb('s.expires_at', '<', sessionCutoff)]))
    .executeTakeFirst();
  const tokens = await db.deleteFrom('refresh_tokens').where('expires_at', '<', sessionCutoff).executeTakeFirst();
  const notifications = await db.deleteFrom('notifications').where('read_at', '<', notificationCutoff).executeTakeFirst();
  return {
    sessions: Number(sessions.numDeletedRows),
    refreshTokens: Number(tokens.numDeletedRows),
    notifications: Number(notifications.numDeletedRows),
  };
}
