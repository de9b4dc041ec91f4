import type { Kysely } from 'kysely';
import {
  type Dispute,
  type DisputeDecisionRequest,
  type OpenDisputeRequest,
  type OrderAftercare,
  MAX_DISPUTE_PHOTOS,
  formatKES,
} from '@shambasoko/contracts';
import type { Config } from '../../../config';
import type { Database } from '../../../db/schema';
import { isUuid } from '../../../db/ids';
import { ApiError } from '../../../http/envelope';
import type { PhotoStore } from '../../../storage/photo-store';
import { notice, notify, notifyAll } from '../../notifications';
import { payRefundsDue, recordPartRefunded, recordPartReleased } from '../../payments';
import { lockFulfilments, lockOrder } from '../fulfilments/repository';
import { type LockedPart, moveParts } from '../fulfilments/steps';
import { orderNumber } from '../orders/status';
import { NOT_A_PHOTO, processPhoto } from '../seller/photos';
import { findSellerByUser } from '../seller/repository';
import {
  type DisputeRow,
  adminIds,
  dbNow,
  findDispute,
  findPartAftercare,
  findPartsToRelease,
  hasOpenDispute,
  latestDisputes,
  listDisputeRows,
  markConfirmed,
  markReleased,
} from './repository';
import { toDispute } from './shape';
import { catalogued } from '../../../http/language';

// After delivery: the buyer confirms (earnings released) or reports a problem within the window;
// the seller answers; an Admin decides. Earnings stay held while a dispute is open.

export type Aftercare = Config['aftercare'];

const ORDER_NOT_FOUND = 'Order not found';
const SALE_NOT_FOUND = 'Sale not found';
const DISPUTE_NOT_FOUND = 'Dispute not found';
const NOT_DELIVERED = 'This part has not been delivered yet';
const DISPUTE_OPEN = 'This part has an open dispute; an Admin will decide it';
const ALREADY_DECIDED = 'This dispute has already been decided';

/** Moves what the part holds to its seller's available money, once. The caller holds the order lock. */
async function releasePart(trx: Kysely<Database>, orderId: string, part: { id: string; seller_id: string }): Promise<number> {
  const amount = await recordPartReleased(trx, { orderId, fulfilmentId: part.id, sellerId: part.seller_id });
  await markReleased(trx, part.id);
  return amount;
}

async function tellDisputeSeller(trx: Kysely<Database>, sellerId: string, title: string, body: string, values: Record<string, string>) {
  const seller = await trx.selectFrom('sellers').select('user_id').where('id', '=', sellerId).executeTakeFirst();
  if (seller?.user_id) await notify(trx, { userId: seller.user_id, type: 'order_update', title, body, values, link: '/seller/sales' });
}

async function tellDisputeAdmins(trx: Kysely<Database>, title: string, body: string, values: Record<string, string>) {
  const admins = await adminIds(trx);
  await notifyAll(
    trx,
    admins.map((userId) => notice({ userId, type: 'order_update', title, body, values, link: '/admin/disputes' })),
  );
}

// ---- Buyer -------------------------------------------------------------------------------------

/** Locks the buyer's own order and its parts; someone else's order is "not found". */
async function lockOwnPart(trx: Kysely<Database>, userId: string, orderId: string, fulfilmentId: string) {
  if (!isUuid(orderId) || !isUuid(fulfilmentId)) throw new ApiError(404, ORDER_NOT_FOUND);
  const order = await lockOrder(trx, orderId);
  if (order === undefined || order.user_id !== userId) throw new ApiError(404, ORDER_NOT_FOUND);
  const parts = (await lockFulfilments(trx, orderId)) as LockedPart[];
  const part = parts.find((p) => p.id === fulfilmentId);
  if (part === undefined) throw new ApiError(404, ORDER_NOT_FOUND);
  return { order, parts, part };
}

/** What the buyer may do after delivery, per part that was dispatched or delivered. */
export async function orderAftercare(db: Kysely<Database>, aftercare: Aftercare, userId: string, orderId: string): Promise<OrderAftercare> {
  if (!isUuid(orderId)) throw new ApiError(404, ORDER_NOT_FOUND);
  const order = await db.selectFrom('orders').select('user_id').where('id', '=', orderId).executeTakeFirst();
  if (order === undefined || order.user_id !== userId) throw new ApiError(404, ORDER_NOT_FOUND);
  const parts = (await findPartAftercare(db, orderId)).filter((p) => p.status === 'delivered' || p.status === 'dispatched');
  const disputes = await latestDisputes(
    db,
    parts.map((p) => p.id),
  );
  const now = (await dbNow(db)).getTime();
  return {
    parts: parts.map((p) => {
      const dispute = disputes.get(p.id) ?? null;
      const open = dispute?.status === 'open';
      const until = p.delivered_at === null ? null : new Date(p.delivered_at.getTime() + aftercare.disputeWindowMs);
      return {
        fulfilmentId: p.id,
        deliveredAt: p.delivered_at?.toISOString() ?? null,
        confirmedAt: p.confirmed_at?.toISOString() ?? null,
        released: p.released_at !== null,
        // Once released (the window passed) a confirmation would change nothing: not offered.
        canConfirm: p.confirmed_at === null && p.released_at === null && !open && dispute === null,
        disputeUntil: until?.toISOString() ?? null,
        canDispute: p.status === 'delivered' && p.confirmed_at === null && dispute === null && until !== null && until.getTime() > now,
        dispute: dispute === null ? null : toDispute(dispute),
      };
    }),
  };
}

/**
 * The buyer confirms a part arrived (a dispatched part becomes delivered): its earnings are released
 * in the same transaction. A second confirm is refused (409) and releases nothing.
 */
export async function confirmDelivery(db: Kysely<Database>, userId: string, orderId: string, fulfilmentId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { order, parts, part } = await lockOwnPart(trx, userId, orderId, fulfilmentId);
    const state = (await findPartAftercare(trx, orderId)).find((p) => p.id === part.id);
    if (state?.confirmed_at) throw new ApiError(409, 'You already confirmed this delivery');
    if (part.status === 'dispatched') {
      await moveParts(trx, order, parts, [part], {
        status: 'delivered',
        note: catalogued('Delivery confirmed by the buyer'),
        actorId: userId,
      });
    } else if (part.status !== 'delivered') throw new ApiError(409, NOT_DELIVERED);
    if (await hasOpenDispute(trx, part.id)) throw new ApiError(409, DISPUTE_OPEN);
    await markConfirmed(trx, part.id, userId);
    // Released already by the job (the window passed): the confirmation is recorded, nothing moves.
    if (state?.released_at) return;
    const amount = await releasePart(trx, order.id, part);
    await tellDisputeSeller(
      trx,
      part.seller_id,
      'Sale {number}: delivery confirmed',
      'The buyer confirmed delivery. {amount} is now available to withdraw.',
      {
        number: orderNumber(order.number),
        amount: formatKES(amount),
      },
    );
  });
}

/** The buyer reports a problem with a delivered part, within the window; one open dispute per part. */
export async function openDispute(
  db: Kysely<Database>,
  aftercare: Aftercare,
  userId: string,
  orderId: string,
  fulfilmentId: string,
  body: { reason: OpenDisputeRequest['reason']; note: string },
): Promise<Dispute> {
  const id = await db.transaction().execute(async (trx) => {
    const { order, part } = await lockOwnPart(trx, userId, orderId, fulfilmentId);
    if (part.status !== 'delivered') throw new ApiError(409, NOT_DELIVERED);
    if (await hasOpenDispute(trx, part.id)) throw new ApiError(409, 'A problem with this part is already reported');
    const state = (await findPartAftercare(trx, orderId)).find((p) => p.id === part.id);
    if (state?.confirmed_at) throw new ApiError(409, 'You confirmed this delivery; it can no longer be disputed');
    const decided = await trx.selectFrom('disputes').select('id').where('fulfilment_id', '=', part.id).executeTakeFirst();
    if (decided !== undefined) throw new ApiError(409, ALREADY_DECIDED);
    const now = await dbNow(trx);
    if (!state?.delivered_at || state.delivered_at.getTime() + aftercare.disputeWindowMs <= now.getTime())
      throw new ApiError(409, 'The time to report a problem with this delivery has passed');
    const row = await trx
      .insertInto('disputes')
      .values({
        order_id: order.id,
        fulfilment_id: part.id,
        seller_id: part.seller_id,
        buyer_id: userId,
        reason: body.reason,
        note: body.note,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const number = orderNumber(order.number);
    await notify(trx, {
      userId,
      type: 'order_update',
      title: 'Order {number}: problem reported',
      body: 'The seller is asked to answer; an Admin then decides. The payment is held until then.',
      values: { number },
      link: `/orders/${order.id}`,
    });
    await tellDisputeSeller(
      trx,
      part.seller_id,
      'Sale {number}: the buyer reported a problem',
      'Your earnings on this sale are held until an Admin decides. Answer on the sale.',
      {
        number,
      },
    );
    await tellDisputeAdmins(trx, 'Dispute on order {number}', 'A buyer reported a problem with a delivered order.', { number });
    return row.id;
  });
  return toDispute((await findDispute(db, id))!);
}

// ---- Photos (either side) ----------------------------------------------------------------------

/** Adds a photo to the buyer's report or the seller's answer of an open dispute (at most 3 each). */
async function addPhoto(db: Kysely<Database>, store: PhotoStore, disputeId: string, side: 'photos' | 'seller_photos', body: unknown) {
  if (!Buffer.isBuffer(body) || body.length === 0) throw new ApiError(422, NOT_A_PHOTO);
  const photo = await processPhoto(body);
  for (const file of photo.files) await store.put(file.name, file.bytes, 'image/webp');
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('disputes').select(['status', side]).where('id', '=', disputeId).forUpdate().executeTakeFirstOrThrow();
    if (row.status !== 'open') throw new ApiError(409, ALREADY_DECIDED);
    const photos = (row as unknown as Record<typeof side, string[]>)[side];
    if (photos.length >= MAX_DISPUTE_PHOTOS) throw new ApiError(409, 'A dispute takes at most 3 photos from each side');
    await trx
      .updateTable('disputes')
      .set({ [side]: [...photos, `uploads/${photo.hash}-800.webp`] })
      .where('id', '=', disputeId)
      .execute();
  });
  return toDispute((await findDispute(db, disputeId))!);
}

async function buyersOpenDispute(db: Kysely<Database>, userId: string, orderId: string, fulfilmentId: string): Promise<string> {
  if (!isUuid(orderId) || !isUuid(fulfilmentId)) throw new ApiError(404, ORDER_NOT_FOUND);
  const row = await db
    .selectFrom('disputes')
    .select('id')
    .where('order_id', '=', orderId)
    .where('fulfilment_id', '=', fulfilmentId)
    .where('buyer_id', '=', userId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  if (row === undefined) throw new ApiError(404, DISPUTE_NOT_FOUND);
  return row.id;
}

export async function addBuyerPhoto(
  db: Kysely<Database>,
  store: PhotoStore,
  userId: string,
  orderId: string,
  fulfilmentId: string,
  body: unknown,
) {
  return addPhoto(db, store, await buyersOpenDispute(db, userId, orderId, fulfilmentId), 'photos', body);
}

// ---- Seller ------------------------------------------------------------------------------------

/** The seller's own sale's latest dispute; another seller's sale is "not found". */
async function salesDispute(db: Kysely<Database>, userId: string, saleId: string): Promise<DisputeRow | null> {
  if (!isUuid(saleId)) throw new ApiError(404, SALE_NOT_FOUND);
  const seller = await findSellerByUser(db, userId);
  const part =
    seller &&
    (await db.selectFrom('order_fulfilments').select('id').where('id', '=', saleId).where('seller_id', '=', seller.id).executeTakeFirst());
  if (!part) throw new ApiError(404, SALE_NOT_FOUND);
  return (await latestDisputes(db, [saleId])).get(saleId) ?? null;
}

export async function saleDispute(db: Kysely<Database>, userId: string, saleId: string): Promise<Dispute | null> {
  const row = await salesDispute(db, userId, saleId);
  return row === null ? null : toDispute(row);
}

async function openSaleDispute(db: Kysely<Database>, userId: string, saleId: string): Promise<DisputeRow> {
  const row = await salesDispute(db, userId, saleId);
  if (row === null) throw new ApiError(404, DISPUTE_NOT_FOUND);
  if (row.status !== 'open') throw new ApiError(409, ALREADY_DECIDED);
  return row;
}

export async function answerDispute(db: Kysely<Database>, userId: string, saleId: string, note: string): Promise<Dispute> {
  const row = await openSaleDispute(db, userId, saleId);
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('disputes')
      .set({ seller_note: note, seller_answered_at: new Date() })
      .where('id', '=', row.id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw new ApiError(409, ALREADY_DECIDED);
    const number = orderNumber(row.order_number);
    if (row.buyer_id !== null)
      await notify(trx, {
        userId: row.buyer_id,
        type: 'order_update',
        title: 'Order {number}: the seller answered',
        body: '{seller} answered your report. An Admin decides next.',
        values: { number, seller: row.seller_name },
        link: `/orders/${row.order_id}`,
      });
    await tellDisputeAdmins(trx, 'Dispute on order {number}: the seller answered', '{seller} answered the buyer’s report.', {
      number,
      seller: row.seller_name,
    });
  });
  return toDispute((await findDispute(db, row.id))!);
}

export async function addSellerPhoto(db: Kysely<Database>, store: PhotoStore, userId: string, saleId: string, body: unknown) {
  return addPhoto(db, store, (await openSaleDispute(db, userId, saleId)).id, 'seller_photos', body);
}

// ---- Admin -------------------------------------------------------------------------------------

export async function listDisputes(db: Kysely<Database>, status: 'open' | 'decided'): Promise<Dispute[]> {
  return (await listDisputeRows(db, status)).map(toDispute);
}

export async function disputeForAdmin(db: Kysely<Database>, id: string): Promise<Dispute> {
  const row = isUuid(id) ? await findDispute(db, id) : undefined;
  if (row === undefined) throw new ApiError(404, DISPUTE_NOT_FOUND);
  return toDispute(row);
}

/**
 * An Admin decides: a refund moves its amount out of the part's held money into what the buyer is
 * owed, and the rest is released to the seller; a release releases it all. Refunds are paid after
 * the commit (never a provider call inside the transaction).
 */
export async function decideDispute(db: Kysely<Database>, adminId: string, id: string, decision: DisputeDecisionRequest): Promise<Dispute> {
  const first = await disputeForAdmin(db, id);
  const refunded = await db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, first.orderId);
    if (order === undefined) throw new ApiError(404, DISPUTE_NOT_FOUND);
    const row = await trx
      .selectFrom('disputes')
      .select(['status', 'fulfilment_id', 'seller_id'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (row.status !== 'open') throw new ApiError(409, ALREADY_DECIDED);
    const part = { id: row.fulfilment_id, seller_id: row.seller_id };
    let refund = 0;
    if (decision.outcome === 'refund') {
      const amount = decision.amount ?? 0;
      if (amount > first.partAmount) throw new ApiError(422, 'The refund can be at most what the buyer paid for the part');
      refund = await recordPartRefunded(trx, { orderId: order.id, fulfilmentId: part.id, sellerId: part.seller_id, amount });
    }
    await releasePart(trx, order.id, part);
    await trx
      .updateTable('disputes')
      .set({
        status: decision.outcome === 'refund' ? 'refunded' : 'released',
        refund_amount: decision.outcome === 'refund' ? refund : null,
        decision_reason: decision.reason.trim(),
        decided_by: adminId,
        decided_at: new Date(),
      })
      .where('id', '=', id)
      .execute();
    const number = orderNumber(order.number);
    const values = { number, amount: formatKES(refund), reason: decision.reason.trim() };
    const refundWords = decision.outcome === 'refund';
    if (order.user_id !== null)
      await notify(trx, {
        userId: order.user_id,
        type: 'order_update',
        title: 'Order {number}: dispute decided',
        body: refundWords ? 'You get {amount} back. {reason}' : 'The payment goes to the seller. {reason}',
        values,
        link: `/orders/${order.id}`,
      });
    await tellDisputeSeller(
      trx,
      part.seller_id,
      'Sale {number}: dispute decided',
      refundWords
        ? '{amount} is refunded to the buyer; the rest is available to withdraw. {reason}'
        : 'Your earnings are released. {reason}',
      values,
    );
    await tellDisputeAdmins(
      trx,
      'Dispute on order {number} decided',
      refundWords ? 'Refund of {amount}. {reason}' : 'Released to the seller. {reason}',
      values,
    );
    return refund;
  });
  if (refunded > 0) await payRefundsDue(db, first.orderId);
  return disputeForAdmin(db, id);
}

// ---- The release job ---------------------------------------------------------------------------

/**
 * Releases the earnings of parts delivered more than `releaseAfterMs` before `now` with no open
 * dispute, each under its order's lock (checked again there). Returns how many were released.
 */
export async function releaseDeliveredParts(trx: Kysely<Database>, aftercare: Aftercare, now: Date, limit = 200): Promise<number> {
  const due = await findPartsToRelease(trx, new Date(now.getTime() - aftercare.releaseAfterMs), limit);
  let released = 0;
  for (const candidate of due) {
    const order = await lockOrder(trx, candidate.order_id);
    if (order === undefined) continue;
    const state = (await findPartAftercare(trx, order.id)).find((p) => p.id === candidate.id);
    if (state === undefined || state.status !== 'delivered' || state.released_at !== null) continue;
    if (await hasOpenDispute(trx, candidate.id)) continue;
    const amount = await releasePart(trx, order.id, candidate);
    await tellDisputeSeller(trx, candidate.seller_id, 'Sale {number}: earnings released', '{amount} is now available to withdraw.', {
      number: orderNumber(order.number),
      amount: formatKES(amount),
    });
    released += 1;
  }
  return released;
}
