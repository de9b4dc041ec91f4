import type { Kysely } from 'kysely';
import { BUYER_CANCELLABLE, type PaymentMethod, type Sale, type SaleAction } from '@shambasoko/contracts';
import type { Database } from '../../../db/schema';
import { ApiError } from '../../../http/envelope';
import type { StockChange } from '../catalog/cache';
import { isUuid } from '../../../db/ids';
import { payRefundsDue, recordManualPayment } from '../../payments';
import { findWaitingOrders, lockFulfilments, lockOrder } from './repository';
import { tellBoth } from './notices';
import { getSale, ownSale } from './queries';
import { TARGET, allowed, wrongStep } from './state-machine';
import { LockedPart, StepOutcome, moveParts, stepLocked, stepOrder, waitingForPayment } from './steps';
import { catalogued } from '../../../http/language';

// What people do to parts: a seller's step, a buyer's cancel, an Admin's mark-paid, expiry and erasure.

const SALE_NOT_FOUND = 'Sale not found';
const ORDER_NOT_FOUND = 'Order not found';
const NOT_CANCELLABLE = 'This order can no longer be cancelled';

/** A seller's step on their own part; the state is checked again under the lock. */
export async function sellerStep(
  db: Kysely<Database>,
  userId: string,
  saleId: string,
  action: SaleAction,
  note: string | null,
): Promise<{ sale: Sale; stock: StockChange[] }> {
  const row = await ownSale(db, userId, saleId);
  const stock = await db.transaction().execute(async (trx) => {
    const step = await stepLocked(
      trx,
      row.order_id,
      (parts, order) => {
        const part = parts.find((p) => p.id === row.id);
        if (part === undefined) throw new ApiError(404, SALE_NOT_FOUND);
        const method = order.payment_method as PaymentMethod;
        if (action === 'mark-paid' && part.status === 'awaiting_payment' && method !== 'bank') {
          throw new ApiError(409, 'Only a bank transfer is marked paid by hand; M-Pesa and card payments are confirmed by the provider');
        }
        if (!allowed(action, part.status, part.preorder, method)) throw wrongStep(action, part.status, part.preorder);
        return [part];
      },
      { status: TARGET[action], note, actorId: userId },
      SALE_NOT_FOUND,
    );
    // The confirming seller's part only: its amount, and the part it paid.
    const [part] = step.chosen;
    if (action === 'mark-paid' && part !== undefined) {
      await recordManualPayment(trx, { orderId: row.order_id, actorId: userId, role: 'Seller', parts: [part], fulfilmentId: part.id });
    }
    return step.stock;
  });
  // After the commit: a cancelled paid part's refund goes back by M-Pesa (never inside the transaction).
  if (action === 'cancel') await payRefundsDue(db, row.order_id);
  return { sale: await getSale(db, userId, saleId), stock };
}

// ---- Buyer -------------------------------------------------------------------------------------

/** Cancels every part the buyer may still cancel, or just `fulfilmentId`. */
export async function buyerCancel(
  db: Kysely<Database>,
  userId: string,
  orderId: string,
  fulfilmentId: string | null,
  reason: string,
): Promise<StockChange[]> {
  if (!isUuid(orderId) || (fulfilmentId !== null && !isUuid(fulfilmentId))) throw new ApiError(404, ORDER_NOT_FOUND);
  const stock = await stepOrder(
    db,
    orderId,
    (parts, order) => {
      // Someone else's order is "not found": its existence is not the caller's business.
      if (order.user_id !== userId) throw new ApiError(404, ORDER_NOT_FOUND);
      const scope = fulfilmentId === null ? parts : parts.filter((p) => p.id === fulfilmentId);
      if (scope.length === 0) throw new ApiError(404, ORDER_NOT_FOUND);
      const chosen = scope.filter((p) => BUYER_CANCELLABLE.includes(p.status));
      if (chosen.length === 0) throw new ApiError(409, NOT_CANCELLABLE);
      return chosen;
    },
    { status: 'cancelled', note: reason.trim() === '' ? catalogued('Cancelled by the buyer') : reason.trim(), actorId: userId },
    ORDER_NOT_FOUND,
  );
  await payRefundsDue(db, orderId);
  return stock;
}

// ---- Admin -------------------------------------------------------------------------------------

/** An Admin confirms a bank transfer arrived: the order is paid and the ledger records who and when. */
export async function adminMarkPaid(db: Kysely<Database>, adminId: string, orderId: string): Promise<void> {
  if (!isUuid(orderId)) throw new ApiError(404, ORDER_NOT_FOUND);
  await db.transaction().execute(async (trx) => {
    const { chosen } = await stepLocked(
      trx,
      orderId,
      (parts, order) => {
        const chosen = waitingForPayment(parts);
        if (chosen.length === 0) throw new ApiError(409, 'Nothing in this order is waiting for payment');
        // An M-Pesa prompt or card page may still be live: only the provider's answer pays those.
        if (order.payment_method !== 'bank') {
          throw new ApiError(409, 'Only a bank transfer is marked paid by hand; M-Pesa and card payments are confirmed by the provider');
        }
        return chosen;
      },
      { status: 'paid', actorId: adminId },
      ORDER_NOT_FOUND,
    );
    await recordManualPayment(trx, { orderId, actorId: adminId, role: 'Admin', parts: chosen, fulfilmentId: null });
  });
}

/** The expiry job's step: an unpaid order's waiting parts expire, their stock returns. Order already locked. */
export async function expireParts(
  trx: Kysely<Database>,
  order: { id: string; number: number; user_id: string | null },
): Promise<StepOutcome> {
  const parts = (await lockFulfilments(trx, order.id)) as LockedPart[];
  const chosen = parts.filter((p) => p.status === 'awaiting_payment');
  const outcome = await moveParts(trx, order, parts, chosen, { status: 'expired', actorId: null });
  // The buyer hears from the expiry job itself; the sellers hear here.
  await tellBoth(trx, order, chosen, 'expired', catalogued('It was not paid in time; its items went back to stock.'), { buyer: false });
  return outcome;
}

// ---- Account erasure ---------------------------------------------------------------------------

/** Why a part was cancelled when the account on one side was erased; told in each reader's language. */
const ERASURE_MESSAGES = {
  shopClosed: 'The seller closed their shop.',
  buyerLeft: 'The buyer deleted their account.',
} as const;

/**
 * Cancels the waiting parts `pick` chooses, one order at a time (order locked first, as every step
 * does), returning their stock; the side whose account goes hears nothing.
 */
async function cancelWaiting(
  trx: Kysely<Database>,
  orderIds: readonly string[],
  pick: (part: LockedPart) => boolean,
  why: keyof typeof ERASURE_MESSAGES,
): Promise<StockChange[]> {
  const stock: StockChange[] = [];
  const note = ERASURE_MESSAGES[why];
  for (const orderId of [...orderIds].sort()) {
    const order = await lockOrder(trx, orderId);
    if (order === undefined) continue;
    const parts = (await lockFulfilments(trx, orderId)) as LockedPart[];
    const chosen = parts.filter((p) => p.status === 'awaiting_payment' && pick(p));
    if (chosen.length === 0) continue;
    const outcome = await moveParts(trx, order, parts, chosen, { status: 'cancelled', note, actorId: null });
    await tellBoth(trx, order, chosen, 'cancelled', null, { buyer: why === 'shopClosed', seller: why === 'buyerLeft', fixedNote: note });
    stock.push(...outcome.stock);
  }
  return stock;
}

/** A shop closing: every part of its sales still waiting for payment is cancelled, its buyers told. */
export async function cancelUnpaidSales(trx: Kysely<Database>, sellerId: string): Promise<StockChange[]> {
  const orderIds = await findWaitingOrders(trx, { sellerId });
  return cancelWaiting(trx, orderIds, (part) => part.seller_id === sellerId, 'shopClosed');
}

/** A buyer's account erased: their orders' parts still waiting for payment are cancelled, the sellers told. */
export async function cancelUnpaidOrders(trx: Kysely<Database>, userId: string): Promise<StockChange[]> {
  const orderIds = await findWaitingOrders(trx, { userId });
  return cancelWaiting(trx, orderIds, () => true, 'buyerLeft');
}
