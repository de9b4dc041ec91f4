import type { Kysely } from 'kysely';
import {
  BUYER_CANCELLABLE,
  FULFILMENT_STATUS_LABELS,
  formatKES,
  type Fulfilment,
  type OrderItem,
  type PaymentMethod,
  type ProviderPaymentMethod,
  type Sale,
  type SaleAction,
  type SalesPage,
} from '@shambasoko/shared/contracts';
import type { Database, FulfilmentStatusValue, OrderShippingRow, OrderStatusValue } from '../../../db/schema';
import { ApiError } from '../../../http/envelope';
import { notify } from '../../notifications';
import type { StockChange } from '../catalog/cache';
import { isUuid } from '../../../db/ids';
import { imageUrl } from '../catalog/service';
import { deleteRedemptions, lockProductStock, returnStock } from '../orders/repository';
import { orderNumber } from '../orders/status';
import { recordManualPayment } from '../../payments';
import { findSellerByUser } from '../seller/repository';
import {
  type EventRow,
  type FulfilmentRow,
  findAmountsDue,
  findEvents,
  findFulfilments,
  findSale,
  findSales,
  findPaidUndelivered,
  findSellerLines,
  findWaitingOrders,
  lockFulfilments,
  lockOrder,
  setFulfilmentStatus,
  updateOrderStatus,
} from './repository';

const SALE_NOT_FOUND = 'Sale not found';
const ORDER_NOT_FOUND = 'Order not found';
const NOT_CANCELLABLE = 'This order can no longer be cancelled';
const SALES_PAGE_SIZE = 20;

const LIVE_DONE: readonly FulfilmentStatusValue[] = ['cancelled', 'expired'];
const PAID_OR_BEYOND: readonly FulfilmentStatusValue[] = ['paid', 'accepted', 'ready_to_dispatch', 'dispatched', 'delivered'];
const OPEN_STATUSES: readonly FulfilmentStatusValue[] = ['awaiting_payment', 'paid', 'accepted', 'ready_to_dispatch', 'dispatched'];

/** The order's status follows its parts; cancelled and expired parts no longer count. */
function orderStatusOf(parts: readonly FulfilmentStatusValue[]): OrderStatusValue {
  const live = parts.filter((s) => !LIVE_DONE.includes(s));
  if (live.length === 0) return parts.length > 0 && parts.every((s) => s === 'expired') ? 'expired' : 'cancelled';
  if (live.every((s) => s === 'delivered')) return 'delivered';
  if (live.every((s) => s === 'dispatched' || s === 'delivered')) return 'shipped';
  if (live.every((s) => PAID_OR_BEYOND.includes(s))) return 'paid';
  return 'pending_payment';
}

function toFulfilment(row: FulfilmentRow, items: readonly OrderItem[], events: readonly EventRow[]): Fulfilment {
  return {
    id: row.id,
    seller: { id: row.seller_id, name: row.seller_name, county: row.seller_county, phone: row.seller_phone, whatsapp: row.seller_whatsapp },
    status: row.status,
    items: [...items],
    subtotal: row.subtotal,
    deliveryFee: row.delivery_fee,
    preorder: row.preorder,
    dispatchNote: row.dispatch_note,
    cancelReason: row.cancel_reason,
    events: events.map((e) => ({ status: e.status, note: e.note, by: e.by, at: e.created_at.toISOString() })),
    buyerCanCancel: BUYER_CANCELLABLE.includes(row.status),
  };
}

interface ItemWithSeller extends OrderItem {
  sellerId: string;
  orderId: string;
}

/** Every order's parts, with their items (from the lines the order answer already read) and timelines. */
export async function fulfilmentsOf(db: Kysely<Database>, orderIds: readonly string[], items: readonly ItemWithSeller[]) {
  const rows = await findFulfilments(db, orderIds);
  const events = await findEvents(
    db,
    rows.map((r) => r.id),
  );
  const byOrder = new Map<string, Fulfilment[]>();
  for (const row of rows) {
    const own = items
      .filter((i) => i.orderId === row.order_id && i.sellerId === row.seller_id)
      .map(({ productId, name, price, quantity, image }) => ({ productId, name, price, quantity, image }));
    const list = byOrder.get(row.order_id) ?? [];
    list.push(
      toFulfilment(
        row,
        own,
        events.filter((e) => e.fulfilment_id === row.id),
      ),
    );
    byOrder.set(row.order_id, list);
  }
  return byOrder;
}

// ---- What the seller does next ----------------------------------------------------------------

// Only a bank transfer is confirmed by a person; M-Pesa and card payments are confirmed by the provider.
function actionsOf(status: FulfilmentStatusValue, preorder: boolean, method: PaymentMethod): SaleAction[] {
  switch (status) {
    case 'awaiting_payment':
      return method === 'bank' ? ['mark-paid', 'cancel'] : ['cancel'];
    case 'paid':
      return ['accept', 'cancel'];
    case 'accepted':
      return preorder ? ['cancel'] : ['dispatch', 'cancel'];
    case 'ready_to_dispatch':
      return ['dispatch', 'cancel'];
    case 'dispatched':
      return ['deliver'];
    default:
      return [];
  }
}

function nextStepOf(status: FulfilmentStatusValue, preorder: boolean, method: PaymentMethod): string | null {
  switch (status) {
    case 'awaiting_payment':
      return method === 'bank' ? 'Mark it paid once the bank transfer is in' : 'Wait for the buyer’s payment';
    case 'paid':
      return 'Accept the order';
    case 'accepted':
      return preorder ? 'Dispatch when the harvest is in' : 'Dispatch the order';
    case 'ready_to_dispatch':
      return 'Dispatch the order';
    case 'dispatched':
      return 'Mark it delivered once the buyer has it';
    default:
      return null;
  }
}

/** Why a step is refused, for the state the part is in. */
function wrongStep(action: SaleAction, status: FulfilmentStatusValue, preorder: boolean): ApiError {
  const terminal: Partial<Record<FulfilmentStatusValue, string>> = {
    cancelled: 'This order was cancelled',
    expired: 'This order expired before it was paid',
    delivered: 'This order has already been delivered',
  };
  const known = terminal[status];
  if (known !== undefined) return new ApiError(409, known);
  if (action === 'cancel') return new ApiError(409, 'This order has already been dispatched and can no longer be cancelled');
  if (action === 'mark-paid') return new ApiError(409, 'This order is already paid');
  if (status === 'awaiting_payment') return new ApiError(409, 'This order has not been paid yet');
  if (action === 'accept') return new ApiError(409, 'This order has already been accepted');
  if (action === 'dispatch' && preorder && (status === 'paid' || status === 'accepted'))
    return new ApiError(409, 'The harvest is not in yet');
  if (action === 'dispatch' && status === 'paid') return new ApiError(409, 'Accept the order before dispatching it');
  if (action === 'dispatch') return new ApiError(409, 'This order has already been dispatched');
  return new ApiError(409, 'This order has not been dispatched yet');
}

const TARGET: Record<SaleAction, FulfilmentStatusValue> = {
  'mark-paid': 'paid',
  accept: 'accepted',
  dispatch: 'dispatched',
  deliver: 'delivered',
  cancel: 'cancelled',
};

function allowed(action: SaleAction, status: FulfilmentStatusValue, preorder: boolean, method: PaymentMethod): boolean {
  return actionsOf(status, preorder, method).includes(action);
}

// ---- One step, in one transaction -------------------------------------------------------------

interface LockedPart {
  id: string;
  seller_id: string;
  status: FulfilmentStatusValue;
  preorder: boolean;
  /** What the part costs the buyer (subtotal − its discount share + delivery fee). */
  amount: number;
}

interface StepOutcome {
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

const BUYER_WORDS: Partial<Record<FulfilmentStatusValue, string>> = {
  paid: 'Payment is confirmed.',
  accepted: 'The seller accepted your order.',
  ready_to_dispatch: 'The harvest is in: your pre-order is ready to be sent.',
  dispatched: 'Your order is on its way.',
  delivered: 'Your order was delivered.',
  cancelled: 'This part of your order was cancelled; the items went back to stock.',
};

interface Telling {
  buyer?: boolean;
  seller?: boolean;
  /** A fixed English sentence in place of the note, told in each reader's language (a typed note stays as typed). */
  fixedNote?: string;
  /** How a provider's payment came in: the seller is told its own part (its items and delivery), not the buyer's total. */
  paidBy?: ProviderPaymentMethod;
}

const SELLER_PAID: Record<ProviderPaymentMethod, string> = {
  mpesa: 'Order {number} is now {state}. Your part: {amount}, paid by M-Pesa.',
  card: 'Order {number} is now {state}. Your part: {amount}, paid by card.',
};

/** Tells the buyer and each chosen part's seller (unless told not to) about the step. */
export async function tellBoth(
  trx: Kysely<Database>,
  order: { id: string; number: number; user_id: string | null },
  chosen: readonly { seller_id: string; amount: number }[],
  status: FulfilmentStatusValue,
  note: string | null,
  { buyer = true, seller: toSeller = true, fixedNote, paidBy }: Telling = {},
): Promise<void> {
  if (chosen.length === 0) return;
  const number = orderNumber(order.number);
  const label = FULFILMENT_STATUS_LABELS[status];
  const detail = note ? ` ${note}` : '';
  const sellers = await trx
    .selectFrom('sellers')
    .select(['id', 'name', 'user_id'])
    .where(
      'id',
      'in',
      chosen.map((p) => p.seller_id),
    )
    .execute();
  for (const seller of sellers) {
    if (buyer && order.user_id !== null) {
      const update = BUYER_WORDS[status] ?? label;
      await notify(trx, {
        userId: order.user_id,
        type: 'order_update',
        title: 'Order {number}: {status}',
        body: fixedNote === undefined ? '{seller}: {update}{note}' : '{seller}: {update} {reason}',
        values: { number, seller: seller.name, note: detail },
        words: fixedNote === undefined ? { status: label, update } : { status: label, update, reason: fixedNote },
        link: `/orders/${order.id}`,
      });
    }
    if (toSeller && seller.user_id !== null && paidBy !== undefined) {
      const part = chosen.filter((p) => p.seller_id === seller.id).reduce((sum, p) => sum + p.amount, 0);
      await notify(trx, {
        userId: seller.user_id,
        type: 'order_update',
        title: 'Sale {number}: {status}',
        body: SELLER_PAID[paidBy],
        values: { number, amount: formatKES(part) },
        words: { status: label, state: label.toLowerCase() },
        link: '/seller/sales',
      });
    } else if (toSeller && seller.user_id !== null) {
      await notify(trx, {
        userId: seller.user_id,
        type: 'order_update',
        title: 'Sale {number}: {status}',
        body: fixedNote === undefined ? 'Order {number} is now {state}.{note}' : 'Order {number} is now {state}. {reason}',
        values: { number, note: detail },
        words:
          fixedNote === undefined
            ? { status: label, state: label.toLowerCase() }
            : { status: label, state: label.toLowerCase(), reason: fixedNote },
        link: '/seller/sales',
      });
    }
  }
}

/** Placement's notice to each seller: a new sale waits for payment. */
export async function tellSellersOfNewOrder(
  trx: Kysely<Database>,
  order: { id: string; number: number },
  sellerIds: readonly string[],
): Promise<void> {
  const number = orderNumber(order.number);
  const users = await trx.selectFrom('sellers').select('user_id').where('id', 'in', sellerIds).where('user_id', 'is not', null).execute();
  for (const { user_id } of users) {
    if (user_id === null) continue;
    await notify(trx, {
      userId: user_id,
      type: 'order_update',
      title: 'New sale {number}',
      values: { number },
      body: 'A buyer ordered from you. It is awaiting payment.',
      link: '/seller/sales',
    });
  }
}

type Pick = (parts: readonly LockedPart[], order: { user_id: string | null; payment_method: string }) => LockedPart[];
type Change = { status: FulfilmentStatusValue; note?: string | null; actorId: string | null };

/** One step inside the caller's transaction: locks the order and its parts, moves the picked ones, tells both sides. */
async function stepLocked(trx: Kysely<Database>, orderId: string, pick: Pick, change: Change, notFound: string, telling: Telling = {}) {
  const order = await lockOrder(trx, orderId);
  if (order === undefined) throw new ApiError(404, notFound);
  const parts = (await lockFulfilments(trx, orderId)) as LockedPart[];
  const chosen = pick(parts, order);
  const { stock } = await moveParts(trx, order, parts, chosen, change);
  await tellBoth(trx, order, chosen, change.status, change.note ?? null, telling);
  return { stock, chosen };
}

async function stepOrder(db: Kysely<Database>, orderId: string, pick: Pick, change: Change, notFound: string): Promise<StockChange[]> {
  return db.transaction().execute(async (trx) => (await stepLocked(trx, orderId, pick, change, notFound)).stock);
}

const waitingForPayment = (parts: readonly LockedPart[]) => parts.filter((p) => p.status === 'awaiting_payment');

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

// ---- Seller ------------------------------------------------------------------------------------

async function sellerIdOf(db: Kysely<Database>, userId: string): Promise<string | null> {
  return (await findSellerByUser(db, userId))?.id ?? null;
}

function toSale(row: FulfilmentRow & SaleOrderColumns, items: readonly OrderItem[], events: readonly EventRow[]): Sale {
  const shipping = row.shipping;
  return {
    ...toFulfilment(row, items, events),
    orderId: row.order_id,
    orderNumber: orderNumber(row.order_number),
    buyer: {
      name: `${shipping.firstName} ${shipping.lastName}`.trim(),
      phone: shipping.phone,
      county: shipping.state,
      address: shipping.address,
      city: shipping.city,
      pickupPoint: shipping.pickupPoint ?? null,
    },
    delivery: row.delivery,
    createdAt: row.created_at.toISOString(),
    actions: actionsOf(row.status, row.preorder, row.payment_method),
    nextStep: nextStepOf(row.status, row.preorder, row.payment_method),
  };
}

interface SaleOrderColumns {
  order_number: number;
  payment_method: PaymentMethod;
  shipping: OrderShippingRow;
  delivery: 'standard' | 'express';
}

async function salesOf(db: Kysely<Database>, rows: readonly FulfilmentRow[]): Promise<Sale[]> {
  if (rows.length === 0) return [];
  const orderIds = [...new Set(rows.map((r) => r.order_id))];
  const [orders, lines, events] = await Promise.all([
    db.selectFrom('orders').select(['id', 'number', 'shipping', 'delivery', 'payment_method']).where('id', 'in', orderIds).execute(),
    db
      .selectFrom('order_items')
      .select(['order_id', 'seller_id', 'product_id', 'name', 'unit_price', 'quantity', 'image_path'])
      .where('order_id', 'in', orderIds)
      .orderBy('name')
      .execute(),
    findEvents(
      db,
      rows.map((r) => r.id),
    ),
  ]);
  return rows.map((row) => {
    const order = orders.find((o) => o.id === row.order_id);
    if (order === undefined) throw new ApiError(404, SALE_NOT_FOUND);
    const items = lines
      .filter((l) => l.order_id === row.order_id && l.seller_id === row.seller_id)
      .map((l) => ({ productId: l.product_id, name: l.name, price: l.unit_price, quantity: l.quantity, image: imageUrl(l.image_path) }));
    return toSale(
      { ...row, order_number: order.number, payment_method: order.payment_method, shipping: order.shipping, delivery: order.delivery },
      items,
      events.filter((e) => e.fulfilment_id === row.id),
    );
  });
}

export async function listSales(
  db: Kysely<Database>,
  userId: string,
  query: { status: 'open' | 'all' | FulfilmentStatusValue; page: number },
): Promise<SalesPage> {
  const sellerId = await sellerIdOf(db, userId);
  const empty = { items: [], total: 0, page: query.page, pageSize: SALES_PAGE_SIZE };
  if (sellerId === null) return empty;
  const statuses = query.status === 'all' ? null : query.status === 'open' ? OPEN_STATUSES : [query.status];
  const { rows, total } = await findSales(db, sellerId, statuses, query.page, SALES_PAGE_SIZE);
  return { ...empty, items: await salesOf(db, rows), total };
}

async function ownSale(db: Kysely<Database>, userId: string, saleId: string): Promise<FulfilmentRow> {
  const sellerId = isUuid(saleId) ? await sellerIdOf(db, userId) : null;
  const row = sellerId === null ? undefined : await findSale(db, sellerId, saleId);
  if (row === undefined) throw new ApiError(404, SALE_NOT_FOUND);
  return row;
}

export async function getSale(db: Kysely<Database>, userId: string, saleId: string): Promise<Sale> {
  const [sale] = await salesOf(db, [await ownSale(db, userId, saleId)]);
  if (sale === undefined) throw new ApiError(404, SALE_NOT_FOUND);
  return sale;
}

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
  return stepOrder(
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
    { status: 'cancelled', note: reason.trim() === '' ? 'Cancelled by the buyer' : reason.trim(), actorId: userId },
    ORDER_NOT_FOUND,
  );
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
  await tellBoth(trx, order, chosen, 'expired', 'It was not paid in time; its items went back to stock.', { buyer: false });
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

/** Order numbers of the seller's paid parts not yet delivered: what a closing shop still owes its buyers. */
export async function paidSalesToFinish(db: Kysely<Database>, sellerId: string): Promise<string[]> {
  return (await findPaidUndelivered(db, sellerId)).map((row) => orderNumber(row.number));
}
