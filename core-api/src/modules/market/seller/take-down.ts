import type { AdminProduct, AdminProductPage, AdminSeller } from '@shambasoko/contracts';
import { type Kysely, sql } from 'kysely';
import { recordAdminAction } from '../../../audit/admin-actions';
import { isUuid } from '../../../db/ids';
import type { Database } from '../../../db/schema';
import { ApiError } from '../../../http/envelope';
import { notify } from '../../notifications';

type Db = Kysely<Database>;

const PAGE_SIZE = 20;
const LISTING_NOT_FOUND = 'Listing not found';
const ALREADY_DOWN = 'This listing is already taken down.';
const NOT_DOWN = 'This listing is not taken down.';

export interface AdminListingFilters {
  q?: string | undefined;
  status: 'all' | 'active' | 'paused' | 'taken_down';
  after: { at: string; id: string } | null;
}

function adminListings(db: Db) {
  return db
    .selectFrom('products as p')
    .innerJoin('sellers as s', 's.id', 'p.seller_id')
    .select([
      'p.id',
      'p.name',
      'p.price',
      'p.seller_id',
      's.name as seller_name',
      'p.status',
      'p.taken_down_at',
      'p.take_down_reason',
      'p.created_at',
      sql<string>`to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`.as('sort_at'),
    ])
    .where('p.status', '<>', 'deleted');
}
type AdminListingRow = Awaited<ReturnType<ReturnType<typeof adminListings>['executeTakeFirstOrThrow']>>;

function toAdminProduct(r: AdminListingRow): AdminProduct {
  return {
    id: r.id,
    title: r.name,
    price: r.price,
    sellerId: r.seller_id,
    sellerName: r.seller_name,
    status: r.taken_down_at ? 'taken_down' : r.status === 'paused' ? 'paused' : 'active',
    takenDown: r.taken_down_at ? { at: r.taken_down_at.toISOString(), reason: r.take_down_reason ?? '' } : null,
    createdAt: r.created_at.toISOString(),
  };
}

/** Every seller's listings, newest first, by title or seller name; `encode` makes the next cursor. */
export async function listAdminListings(
  db: Db,
  f: AdminListingFilters,
  encode: (end: { at: string; id: string }) => string,
): Promise<AdminProductPage> {
  let query = adminListings(db);
  if (f.q) {
    const p = `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) => eb.or([eb('p.name', 'ilike', p), eb('s.name', 'ilike', p)]));
  }
  if (f.status === 'taken_down') query = query.where('p.taken_down_at', 'is not', null);
  if (f.status === 'active' || f.status === 'paused') query = query.where('p.taken_down_at', 'is', null).where('p.status', '=', f.status);
  // created_at to the microsecond (as text): listings seeded in one transaction share it.
  if (f.after) query = query.where(sql<boolean>`(p.created_at, p.id) < (${f.after.at}::timestamp at time zone 'UTC', ${f.after.id}::uuid)`);
  const rows = await query
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(PAGE_SIZE + 1)
    .execute();
  const items = rows.slice(0, PAGE_SIZE);
  const last = items[items.length - 1];
  return {
    items: items.map(toAdminProduct),
    nextCursor: rows.length > PAGE_SIZE && last ? encode({ at: last.sort_at, id: last.id }) : null,
  };
}

export async function adminListing(db: Db, id: string): Promise<AdminProduct> {
  const row = isUuid(id) ? await adminListings(db).where('p.id', '=', id).executeTakeFirst() : undefined;
  if (!row) throw new ApiError(404, LISTING_NOT_FOUND);
  return toAdminProduct(row);
}

/**
 * Takes a listing down (or restores it) with the audit and the seller's notice in one transaction.
 * Taken down, it is paused too, so every list of active listings leaves it out; the status it had
 * comes back on restore. Call `catalogChangedEverywhere` after the commit.
 */
export async function setTakenDown(db: Db, adminId: string, id: string, down: boolean, reason: string): Promise<void> {
  if (!isUuid(id)) throw new ApiError(404, LISTING_NOT_FOUND);
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('products as p')
      .innerJoin('sellers as s', 's.id', 'p.seller_id')
      .select(['p.id', 'p.name', 'p.status', 'p.taken_down_at', 'p.status_before_take_down', 's.user_id'])
      .where('p.id', '=', id)
      .where('p.status', '<>', 'deleted')
      .forUpdate('p')
      .executeTakeFirst();
    if (!row) throw new ApiError(404, LISTING_NOT_FOUND);
    if (down && row.taken_down_at) throw new ApiError(409, ALREADY_DOWN);
    if (!down && !row.taken_down_at) throw new ApiError(409, NOT_DOWN);
    const restoredStatus = row.status_before_take_down === 'active' ? 'active' : 'paused';
    await trx
      .updateTable('products')
      .set(
        down
          ? {
              status: 'paused',
              taken_down_at: new Date(),
              taken_down_by: adminId,
              take_down_reason: reason,
              status_before_take_down: row.status,
            }
          : { status: restoredStatus, taken_down_at: null, taken_down_by: null, take_down_reason: null, status_before_take_down: null },
      )
      .where('id', '=', id)
      .execute();
    await recordAdminAction(trx, {
      actorId: adminId,
      action: down ? 'product.take_down' : 'product.restore',
      subject: { kind: 'product', id },
      before: down ? { status: row.status } : { status: 'taken_down' },
      after: down ? { status: 'taken_down' } : { status: restoredStatus },
      reason,
    });
    if (row.user_id)
      await notify(trx, {
        userId: row.user_id,
        type: 'listing_update',
        title: down ? 'Your listing {listing} was taken down' : 'Your listing {listing} is back',
        body: down ? 'An administrator took it down: {reason}' : 'An administrator restored it: {reason}',
        values: { listing: row.name, reason },
        link: `/seller/products/${id}`,
      });
  });
}

/** The verification queue (oldest first) or the verified sellers; closed shops are left out. */
export async function sellersByVerified(db: Db, verified: boolean): Promise<AdminSeller[]> {
  const rows = await db
    .selectFrom('sellers')
    .select(['id', 'name', 'kind', 'county', 'email', 'verified', 'created_at'])
    .where('verified', '=', verified)
    .where('closed_at', 'is', null)
    .where('user_id', 'is not', null)
    .orderBy('created_at', verified ? 'desc' : 'asc')
    .limit(200)
    .execute();
  return rows.map((r) => ({ ...r, createdAt: new Date(r.created_at).toISOString() })).map(({ created_at: _c, ...rest }) => rest);
}
