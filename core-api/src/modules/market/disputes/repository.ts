import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database, DisputeReasonValue, DisputeStatusValue } from '../../../db/schema';

// All SQL of delivery confirmation, release and disputes.

export interface DisputeRow {
  id: string;
  order_id: string;
  order_number: number;
  fulfilment_id: string;
  seller_id: string;
  seller_name: string;
  seller_user_id: string | null;
  buyer_id: string | null;
  buyer_name: string | null;
  status: DisputeStatusValue;
  reason: DisputeReasonValue;
  note: string;
  photos: string[];
  seller_note: string | null;
  seller_photos: string[];
  seller_answered_at: Date | null;
  part_amount: number;
  refund_amount: number | null;
  decision_reason: string | null;
  decided_at: Date | null;
  created_at: Date;
}

function disputeQuery(db: Kysely<Database>) {
  return db
    .selectFrom('disputes as d')
    .innerJoin('orders as o', 'o.id', 'd.order_id')
    .innerJoin('order_fulfilments as f', 'f.id', 'd.fulfilment_id')
    .innerJoin('sellers as s', 's.id', 'd.seller_id')
    .leftJoin('users as u', 'u.id', 'd.buyer_id')
    .select([
      'd.id',
      'd.order_id',
      'o.number as order_number',
      'd.fulfilment_id',
      'd.seller_id',
      's.name as seller_name',
      's.user_id as seller_user_id',
      'd.buyer_id',
      'u.full_name as buyer_name',
      'd.status',
      'd.reason',
      'd.note',
      'd.photos',
      'd.seller_note',
      'd.seller_photos',
      'd.seller_answered_at',
      sql<number>`(f.subtotal - f.discount + f.delivery_fee)::int8`.as('part_amount'),
      'd.refund_amount',
      'd.decision_reason',
      'd.decided_at',
      'd.created_at',
    ]);
}

export async function findDispute(db: Kysely<Database>, id: string): Promise<DisputeRow | undefined> {
  return disputeQuery(db).where('d.id', '=', id).executeTakeFirst();
}

/** A DisputeRow as PostgreSQL writes it in JSON: timestamps are text (see `disputeFromJson`). */
export type DisputeJson = Omit<DisputeRow, 'seller_answered_at' | 'decided_at' | 'created_at'> & {
  seller_answered_at: string | null;
  decided_at: string | null;
  created_at: string;
};

/**
 * The latest dispute of the part whose id `partId` names (a column of the statement around it), as one
 * JSON object or null: the same row and order as `latestDisputes`, for a list that reads its page in one
 * statement.
 */
export function latestDisputeJson(db: Kysely<Database>, partId: RawBuilder<string>): RawBuilder<DisputeJson | null> {
  const latest = disputeQuery(db)
    .where(sql<boolean>`d.fulfilment_id = ${partId}`)
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(1);
  return sql<DisputeJson | null>`(select row_to_json(latest) from (${latest}) latest)`;
}

/** The latest dispute of each of these parts (open, else the last decided). */
export async function latestDisputes(db: Kysely<Database>, fulfilmentIds: readonly string[]): Promise<Map<string, DisputeRow>> {
  if (fulfilmentIds.length === 0) return new Map();
  const rows = await disputeQuery(db).where('d.fulfilment_id', 'in', fulfilmentIds).orderBy('d.created_at').orderBy('d.id').execute();
  return new Map(rows.map((r) => [r.fulfilment_id, r]));
}

export async function listDisputeRows(db: Kysely<Database>, status: 'open' | 'decided'): Promise<DisputeRow[]> {
  const query = disputeQuery(db);
  return status === 'open'
    ? query.where('d.status', '=', 'open').orderBy('d.created_at').limit(200).execute()
    : query.where('d.status', '<>', 'open').orderBy('d.decided_at', 'desc').limit(200).execute();
}

export async function hasOpenDispute(db: Kysely<Database>, fulfilmentId: string): Promise<boolean> {
  const row = await db
    .selectFrom('disputes')
    .select('id')
    .where('fulfilment_id', '=', fulfilmentId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return row !== undefined;
}

/** What confirmation and release read of a part (the caller holds the order lock). */
export async function findPartAftercare(db: Kysely<Database>, orderId: string) {
  return db
    .selectFrom('order_fulfilments')
    .select(['id', 'seller_id', 'status', 'delivered_at', 'confirmed_at', 'released_at'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}

/** Delivered parts not yet released whose delivery is older than `before`, without an open dispute. */
export async function findPartsToRelease(db: Kysely<Database>, before: Date, limit: number) {
  return db
    .selectFrom('order_fulfilments as f')
    .select(['f.id', 'f.order_id', 'f.seller_id'])
    .where('f.status', '=', 'delivered')
    .where('f.released_at', 'is', null)
    .where('f.delivered_at', '<=', before)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('disputes as d').select('d.id').whereRef('d.fulfilment_id', '=', 'f.id').where('d.status', '=', 'open'))),
    )
    .orderBy('f.delivered_at')
    .limit(limit)
    .execute();
}

export async function markReleased(db: Kysely<Database>, fulfilmentId: string): Promise<void> {
  await db
    .updateTable('order_fulfilments')
    .set({ released_at: sql`now()` })
    .where('id', '=', fulfilmentId)
    .execute();
}

export async function markConfirmed(db: Kysely<Database>, fulfilmentId: string, userId: string): Promise<void> {
  await db
    .updateTable('order_fulfilments')
    .set({ confirmed_at: sql`now()`, confirmed_by: userId })
    .where('id', '=', fulfilmentId)
    .execute();
}

export async function dbNow(db: Kysely<Database>): Promise<Date> {
  return (await sql<{ now: Date }>`select now() as now`.execute(db)).rows[0]?.now ?? new Date();
}

export async function adminIds(db: Kysely<Database>): Promise<string[]> {
  return (await db.selectFrom('account_roles').select('user_id').where('role', '=', 'Admin').execute()).map((r) => r.user_id);
}
