import { type Kysely, sql } from 'kysely';
import type { ServiceRequest, ServiceRequestStatus } from '@shambasoko/contracts';
import type { Database } from '../../../db/schema';

type Db = Kysely<Database>;

export async function findServiceProduct(db: Db, productId: string) {
  return db
    .selectFrom('products as p')
    .innerJoin('sellers as s', 's.id', 'p.seller_id')
    .select(['p.id', 'p.name', 'p.category', 'p.status', 'p.seller_id as sellerId', 's.user_id as sellerUserId'])
    .where('p.id', '=', productId)
    .executeTakeFirst();
}

export async function insertServiceRequest(
  db: Db,
  row: { productId: string; sellerId: string; userId: string; date: string; place: string; note: string },
): Promise<string> {
  const inserted = await db
    .insertInto('service_requests')
    .values({
      product_id: row.productId,
      seller_id: row.sellerId,
      user_id: row.userId,
      requested_date: row.date,
      place: row.place,
      note: row.note,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** Rows as either side reads them; the requester's name and last known phone go to the seller only. */
function selectRequests(db: Db) {
  return db
    .selectFrom('service_requests as r')
    .innerJoin('products as p', 'p.id', 'r.product_id')
    .innerJoin('sellers as s', 's.id', 'r.seller_id')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .select([
      'r.id',
      'r.product_id as productId',
      'p.name as productName',
      's.name as sellerName',
      sql<string>`to_char(r.requested_date, 'YYYY-MM-DD')`.as('date'),
      'r.place',
      'r.note',
      'r.status',
      'r.created_at as createdAt',
      'r.user_id as userId',
      sql<string | null>`nullif(trim(coalesce(u.full_name, '')), '')`.as('requesterName'),
      // Users hold no phone: the one they gave on their latest order is how a seller reaches them.
      sql<string | null>`(select o.shipping->>'phone' from orders o where o.user_id = r.user_id order by o.created_at desc limit 1)`.as(
        'requesterPhone',
      ),
    ]);
}

type RequestRow = Awaited<ReturnType<ReturnType<typeof selectRequests>['executeTakeFirstOrThrow']>>;

function toServiceRequest(row: RequestRow, withRequester: boolean): ServiceRequest {
  return {
    id: row.id,
    productId: row.productId,
    productName: row.productName,
    sellerName: row.sellerName,
    date: row.date,
    place: row.place,
    note: row.note,
    status: row.status as ServiceRequestStatus,
    requester: withRequester ? { name: row.requesterName ?? 'ShambaSoko user', phone: row.requesterPhone } : null,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

export async function listForUser(db: Db, userId: string): Promise<ServiceRequest[]> {
  const rows = await selectRequests(db).where('r.user_id', '=', userId).orderBy('r.created_at', 'desc').limit(100).execute();
  return rows.map((r) => toServiceRequest(r, false));
}

export async function listForSeller(db: Db, sellerId: string): Promise<ServiceRequest[]> {
  const rows = await selectRequests(db).where('r.seller_id', '=', sellerId).orderBy('r.created_at', 'desc').limit(100).execute();
  return rows.map((r) => toServiceRequest(r, true));
}

export async function getRequest(db: Db, id: string, side: { userId: string } | { sellerId: string }) {
  const base = selectRequests(db).where('r.id', '=', id);
  const row = await (
    'sellerId' in side ? base.where('r.seller_id', '=', side.sellerId) : base.where('r.user_id', '=', side.userId)
  ).executeTakeFirst();
  return row && { request: toServiceRequest(row, 'sellerId' in side), userId: row.userId };
}

export async function setStatus(db: Db, id: string, status: ServiceRequestStatus): Promise<void> {
  await db.updateTable('service_requests').set({ status }).where('id', '=', id).execute();
}

/** A seller's requests not yet declined, done or cancelled. */
export async function findOpenForSeller(db: Db, sellerId: string) {
  const rows = await selectRequests(db).where('r.seller_id', '=', sellerId).where('r.status', 'in', ['requested', 'accepted']).execute();
  return rows.map((r) => ({ request: toServiceRequest(r, false), userId: r.userId }));
}
