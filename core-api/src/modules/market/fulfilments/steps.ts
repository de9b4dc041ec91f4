import type { Kysely } from 'kysely';
import { type ProviderPaymentMethod } from '@shambasoko/contracts';
import type { Database, FulfilmentStatusValue, OrderStatusValue } from '../../../db/schema';
import { ApiError } from '../../../http/envelope';
import type { StockChange } from '../catalog/cache';
import { deleteRedemptions, lockProductStock, returnStock } from '../orders/repository';
import { findAmountsDue, findSellerLines, lockFulfilments, lockOrder, setFulfilmentStatus, updateOrderStatus } from './repository';
import { Telling, tellBoth } from './notices';
import { PAID_OR_BEYOND, orderStatusOf } from './state-machine';
import { recordPaidPartsCancelled, recordPartsPaid } from '../../payments';
import { paidPartsOf } from '../commission/service';

// One step of an order's parts, in one transaction: lock, move, restock, tell both sides.

const ORDER_NOT_FOUND = 'Order not found';

// ---- One step, in one transaction -------------------------------------------------------------

export interface LockedPart {
  id: string;
  seller_id: string;
  status: FulfilmentStatusValue;
  preorder: boolean;
  /** What the part costs the buyer (subtotal − its discount share + delivery fee). */
  amount: number;
}

export interface StepOutcome {
  stock: StockChange[];
  orderStatus: OrderStatusValue;
}

/** Sends the named parts' lines back to stock, products locked in id order as checkout locks them. */
async function restock(trx: Kysely<Database>, orderId: string, sellerIds: readonly string[]): Promise<StockChange[]> {
  const returned = new Map<string, number>();
  for (const line of await findSellerLines(trx, orderId, sellerIds)) {
    returned.set(line.product_id, (returned.get(line.product_id) ?? 0) + line.quantity);
  }
  const products = await lockProductStock(trx, [...returned.keys()]);
  for (const product of products) await returnStock(trx, product.id, returned.get(product.id) ?? 0);
  return products.map((p) => ({
    productId: p.id,
    category: p.category,
    before: p.stock_quantity,
    after: p.stock_quantity + (returned.get(p.id) ?? 0),
  }));
}

/**
 * The ledger follows the parts: a part paid credits its seller and the market's commission against the
 * money held; a paid part cancelled takes both back and owes the buyer a refund.
 */
async function tellTheBooks(trx: Kysely<Database>, orderId: string, chosen: readonly LockedPart[], status: FulfilmentStatusValue) {
  if (status === 'paid') {
    const parts = await paidPartsOf(
      trx,
      orderId,
      chosen.map((p) => p.id),
    );
    const { payment_method: method } = await trx
      .selectFrom('orders')
      .select('payment_method')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    await recordPartsPaid(trx, { orderId, method, parts });
  } else if (status === 'cancelled') {
    const wasPaid = chosen.filter((p) => PAID_OR_BEYOND.includes(p.status)).map((p) => p.id);
    await recordPaidPartsCancelled(trx, { orderId, fulfilmentIds: wasPaid });
  }
}

/**
 * Moves the chosen parts of a locked order to `status`, writes their events, returns stock when they
 * end unfulfilled and sets the order's status from all its parts. The caller holds the order lock.
 */
export async function moveParts(
  trx: Kysely<Database>,
  order: { id: string },
  parts: readonly LockedPart[],
  chosen: readonly LockedPart[],
  change: { status: FulfilmentStatusValue; note?: string | null; actorId: string | null },
): Promise<StepOutcome> {
  for (const part of chosen) await setFulfilmentStatus(trx, part.id, change);
  await tellTheBooks(trx, order.id, chosen, change.status);
  const ended = change.status === 'cancelled' || change.status === 'expired';
  const stock = ended
    ? await restock(
        trx,
        order.id,
        chosen.map((p) => p.seller_id),
      )
    : [];
  const chosenIds = new Set(chosen.map((p) => p.id));
  const orderStatus = orderStatusOf(parts.map((p) => (chosenIds.has(p.id) ? change.status : p.status)));
  if (orderStatus !== 'expired') await updateOrderStatus(trx, order.id, orderStatus);
  if (orderStatus === 'cancelled') await deleteRedemptions(trx, [order.id]);
  return { stock, orderStatus };
}

type Pick = (parts: readonly LockedPart[], order: { user_id: string | null; payment_method: string }) => LockedPart[];
type Change = { status: FulfilmentStatusValue; note?: string | null; actorId: string | null };

/** One step inside the caller's transaction: locks the order and its parts, moves the picked ones, tells both sides. */
export async function stepLocked(
  trx: Kysely<Database>,
  orderId: string,
  pick: Pick,
  change: Change,
  notFound: string,
  telling: Telling = {},
) {
  const order = await lockOrder(trx, orderId);
  if (order === undefined) throw new ApiError(404, notFound);
  const parts = (await lockFulfilments(trx, orderId)) as LockedPart[];
  const chosen = pick(parts, order);
  const { stock } = await moveParts(trx, order, parts, chosen, change);
  await tellBoth(trx, order, chosen, change.status, change.note ?? null, telling);
  return { stock, chosen };
}

export async function stepOrder(
  db: Kysely<Database>,
  orderId: string,
  pick: Pick,
  change: Change,
  notFound: string,
): Promise<StockChange[]> {
  return db.transaction().execute(async (trx) => (await stepLocked(trx, orderId, pick, change, notFound)).stock);
}

export const waitingForPayment = (parts: readonly LockedPart[]) => parts.filter((p) => p.status === 'awaiting_payment');

/** What an order still asks, read with the caller's executor (under the order lock when it must not move). */
export async function amountDue(db: Kysely<Database>, orderId: string): Promise<number> {
  return (await findAmountsDue(db, [orderId])).get(orderId) ?? 0;
}

/**
 * Paying an order, whoever confirms the money (a provider's confirmation, an Admin): every part that
 * waits for payment moves to paid, with its timeline and notices; the order's status follows. Runs in
 * the caller's transaction; returns how many parts were paid (0: nothing was waiting).
 */
export async function payWaitingParts(
  trx: Kysely<Database>,
  orderId: string,
  actorId: string | null,
  note: string | null,
  paidBy?: ProviderPaymentMethod,
): Promise<number> {
  const { chosen } = await stepLocked(trx, orderId, waitingForPayment, { status: 'paid', note, actorId }, ORDER_NOT_FOUND, { paidBy });
  return chosen.length;
}
