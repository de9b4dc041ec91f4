import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Order } from '@shambasoko/contracts';
import { genericPlanTransaction } from '../../../db/database';
import type { Database } from '../../../db/schema';
import { ApiError } from '../../../http/envelope';
import { answersChangedEverywhere } from '../../../cache/person-answers';
import { emptyCart, outOfStockMessage } from '../cart/service';
import type { CatalogCache, StockChange } from '../catalog/cache';
import { isUuid } from '../../../db/ids';
import { imageUrl } from '../catalog/service';
import { notice } from '../../notifications';
import { tellSellersOfNewOrder } from '../fulfilments/notices';
import { fulfilmentsFromJson } from '../fulfilments/queries';
import { insertRedemption } from '../promos/repository';
import { validatePromo } from '../promos/service';
import {
  type LockedProduct,
  type OrderItemRow,
  type OrderViewRow,
  claimIdempotencyKey,
  claimKeyAndLockProducts,
  findCartLinesForOrder,
  findIdempotencyKey,
  findOrderViews,
  insertOrder,
  lockProducts,
} from './repository';
import {
  MPESA_MAX_AMOUNT,
  MPESA_TOO_LARGE_MESSAGE,
  type OrderQuote,
  type OrderQuoteRequest,
  type PlaceOrderInput,
  deliveryFee,
  formatKES,
} from '@shambasoko/contracts';
import { orderPaymentOf, paymentsFromJson } from '../../payments';
import { orderNumber } from './status';

const ORDER_NOT_FOUND = 'Order not found';
const ORDER_HISTORY_LIMIT = 100;

/** An order's answer from its row of findOrderViews. */
function toOrder({ lines, parts, payments, due, ...row }: OrderViewRow): Order {
  const number = orderNumber(row.number);
  const items = lines.map(([productId, name, price, quantity, imagePath, sellerId]) => ({
    productId,
    name,
    price,
    quantity,
    image: imageUrl(imagePath),
    sellerId,
  }));
  return {
    id: row.id,
    number,
    status: row.status,
    items: items.map(({ sellerId: _, ...item }) => item),
    subtotal: row.subtotal,
    discount: row.discount,
    deliveryFee: row.delivery_fee,
    total: row.total,
    delivery: row.delivery,
    shipping: row.shipping,
    payment: orderPaymentOf({ ...row, number }, paymentsFromJson(payments), due),
    promoCode: row.promo_code,
    createdAt: row.created_at.toISOString(),
    paymentDueAt: row.status === 'pending_payment' && row.payment_due_at !== null ? row.payment_due_at.toISOString() : null,
    expiredAt: row.expired_at?.toISOString() ?? null,
    statusReason: row.status_reason,
    fulfilments: fulfilmentsFromJson(parts, items),
  };
}

/** Any buyer's order, for an Admin's answer. */
export const getOrderForAdmin = (db: Kysely<Database>, orderId: string): Promise<Order> => getOrder(db, null, orderId);

export async function getOrder(db: Kysely<Database>, userId: string | null, orderId: string): Promise<Order> {
  // Someone else's order is "not found" too: its existence is not the caller's business.
  const [row] = isUuid(orderId) ? await findOrderViews(db, userId, { orderId }) : [];
  if (row === undefined) throw new ApiError(404, ORDER_NOT_FOUND);
  return toOrder(row);
}

export async function listOrders(db: Kysely<Database>, userId: string): Promise<Order[]> {
  return (await findOrderViews(db, userId, { latest: ORDER_HISTORY_LIMIT })).map(toOrder);
}

/** What makes two requests "the same order" for the Idempotency-Key check (the M-Pesa number included). */
function fingerprintOf(input: PlaceOrderInput): string {
  const { shipping, delivery, payment, promoCode, items } = input;
  const canonical = JSON.stringify({ shipping, delivery, payment, promoCode: promoCode ?? '', items: items ?? null });
  return createHash('sha256').update(canonical).digest('hex');
}

/** Buy Now lines or the cart, one line per product. */
function mergeLines(lines: readonly { productId: string; quantity: number }[]): Map<string, number> {
  const merged = new Map<string, number>();
  for (const line of lines) {
    if (!isUuid(line.productId)) throw new ApiError(404, 'A product in your order is no longer available');
    const id = line.productId.toLowerCase();
    merged.set(id, (merged.get(id) ?? 0) + line.quantity);
  }
  return merged;
}

function stockConflict(product: LockedProduct): ApiError {
  return new ApiError(
    409,
    product.stock_quantity <= 0 ? outOfStockMessage(product.name) : `Sorry, only ${product.stock_quantity} left of ${product.name}`,
  );
}

/** What checkout refuses before looking at stock: a listing gone, a service, less than the minimum. */
function checkLines(products: readonly LockedProduct[], lines: ReadonlyMap<string, number>): void {
  if (products.length < lines.size) throw new ApiError(404, 'A product in your order is no longer available');
  for (const product of products) {
    if (product.status !== 'active') throw new ApiError(409, `${product.name} is no longer available`);
    if (product.category === 'services') throw new ApiError(400, 'Services are booked with a date and place, not ordered');
    const quantity = lines.get(product.id) ?? 0;
    if (quantity < product.min_order) {
      throw new ApiError(400, `The minimum order for ${product.name} is ${product.min_order}`);
    }
  }
}

export const PREORDER_NOT_AGREED = 'Your order has a pre-order: agree that it is paid now and delivered after the harvest before paying';

interface SellerPart {
  sellerId: string;
  sellerUserId: string | null;
  sellerHooked: boolean;
  sellerName: string;
  county: string;
  subtotal: number;
  deliveryFee: number;
  weightKg: number;
  preorder: boolean;
}

/**
 * The order's discount over its parts, in proportion to their subtotals (rounded down), the shillings
 * left over one each to the largest parts: the parts' amounts then add up to the order's total, and a
 * part cancelled or paid on its own takes its share with it.
 */
function splitDiscount(discount: number, subtotals: readonly number[]): number[] {
  const whole = subtotals.reduce((sum, s) => sum + s, 0);
  if (discount <= 0 || whole <= 0) return subtotals.map(() => 0);
  const shares = subtotals.map((s) => Math.floor((discount * s) / whole));
  let left = discount - shares.reduce((sum, s) => sum + s, 0);
  const largestFirst = subtotals.map((s, i) => ({ s, i })).sort((a, b) => b.s - a.s || a.i - b.i);
  for (const { i } of largestFirst) {
    if (left <= 0) break;
    shares[i] = (shares[i] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

/** One part per seller, each with its own delivery fee (seller's county to the buyer's, by weight). */
function sellerParts(
  products: readonly LockedProduct[],
  lines: ReadonlyMap<string, number>,
  buyerCounty: string,
  method: 'standard' | 'express',
): SellerPart[] {
  const parts = new Map<string, SellerPart>();
  for (const product of products) {
    const quantity = lines.get(product.id) ?? 0;
    const part = parts.get(product.seller_id) ?? {
      sellerId: product.seller_id,
      sellerUserId: product.seller_user_id,
      sellerHooked: product.seller_hooked,
      sellerName: product.seller_name,
      county: product.seller_county,
      subtotal: 0,
      deliveryFee: 0,
      weightKg: 0,
      preorder: false,
    };
    part.subtotal += product.price * quantity;
    part.weightKg += Number(product.weight_kg) * quantity;
    part.preorder ||= product.listing_type === 'preorder';
    parts.set(product.seller_id, part);
  }
  return [...parts.values()].map((part) => {
    const weightKg = Math.round(part.weightKg * 100) / 100;
    return { ...part, weightKg, deliveryFee: deliveryFee({ sellerCounty: part.county, buyerCounty, weightKg, method }) };
  });
}

/** POST /v1/orders/quote: the fees checkout will charge, per seller, for the cart or Buy Now lines. */
export async function quoteOrder(db: Kysely<Database>, userId: string, input: OrderQuoteRequest): Promise<OrderQuote> {
  return db.transaction().execute(async (trx) => {
    const lines = mergeLines(input.items ?? (await findCartLinesForOrder(trx, userId)));
    if (lines.size === 0) throw new ApiError(400, 'Your cart is empty. Add some products before placing an order.');
    const products = await lockProducts(trx, [...lines.keys()], false);
    checkLines(products, lines);
    const parts = sellerParts(products, lines, input.county, input.delivery ?? 'standard');
    return {
      sellers: parts.map(({ sellerId, sellerName, county, subtotal, deliveryFee, weightKg }) => ({
        sellerId,
        sellerName,
        county,
        subtotal,
        deliveryFee,
        weightKg,
      })),
      subtotal: parts.reduce((sum, p) => sum + p.subtotal, 0),
      deliveryFee: parts.reduce((sum, p) => sum + p.deliveryFee, 0),
    };
  });
}

/** Per-deployment order settings (from config). */
export interface OrderRules {
  /** How long an unpaid order holds its stock, per payment method. */
  paymentWindowMs: { mpesa: number; bank: number; card: number };
  /**
   * New orders a user may place per window (a replayed Idempotency-Key is not one): counted by the
   * statement that claims the key; past the limit, 429 with `message`.
   */
  orderLimit: { perUser: number; windowMs: number; message: string };
}

/**
 * The order's id, not the order: the caller reads it once, after whatever it does next (a new order's
 * first payment prompt changes what the answer shows), instead of here and again there.
 */
export interface PlacedOrder {
  orderId: string;
  /** False when the Idempotency-Key had already placed this order (a retry or a double click). */
  created: boolean;
}

export async function placeOrder(
  db: Kysely<Database>,
  cache: CatalogCache,
  userId: string,
  idempotencyKey: string,
  input: PlaceOrderInput,
  rules: OrderRules,
): Promise<PlacedOrder> {
  const fingerprint = fingerprintOf(input);
  // Every statement below reads or writes by key, so each keeps its plan (planning was 0.9 of 2.3 ms).
  const outcome = await genericPlanTransaction(db).execute(async (trx) => {
    const limit = { key: `order-user:${userId}`, windowMs: rules.orderLimit.windowMs };
    // Buy Now names its products: they are locked by the statement that claims the key.
    const named = input.items === undefined ? undefined : mergeLines(input.items);
    const buyNow = named !== undefined;
    const {
      claimed,
      hit,
      products: locked,
      recipients,
    } = named !== undefined && named.size > 0
      ? await claimKeyAndLockProducts(trx, userId, idempotencyKey, fingerprint, limit, [...named.keys()])
      : { ...(await claimIdempotencyKey(trx, userId, idempotencyKey, fingerprint, limit)), products: undefined, recipients: undefined };
    if (!claimed) {
      const existing = await findIdempotencyKey(trx, userId, idempotencyKey);
      if (existing?.fingerprint !== fingerprint) {
        throw new ApiError(409, 'This checkout was already used for a different order. Please refresh the page and try again.');
      }
      if (existing.order_id === null) throw new ApiError(409, 'This order is still being placed. Please wait a moment.');
      return { orderId: existing.order_id, created: false, stock: [], sellerUsers: [] };
    }
    // Only new orders count: a retried or double-clicked key is answered above without a new order.
    if (hit !== null && hit.current > rules.orderLimit.perUser) {
      throw new ApiError(429, rules.orderLimit.message, { retryAfterSeconds: Math.ceil(hit.ttl / 1000) });
    }

    const lines = named ?? mergeLines(await findCartLinesForOrder(trx, userId));
    if (lines.size === 0) throw new ApiError(400, 'Your cart is empty. Add some products before placing an order.');

    // Prices and stock are read again here, under a row lock: what the cart showed may be stale.
    const products = locked ?? (await lockProducts(trx, [...lines.keys()]));
    checkLines(products, lines);
    // A pre-order is paid now and delivered after the harvest: the buyer must have said yes to that.
    if (!input.preorderAgreed && products.some((p) => p.listing_type === 'preorder')) {
      throw new ApiError(422, PREORDER_NOT_AGREED);
    }
    for (const product of products) {
      if (product.stock_quantity < (lines.get(product.id) ?? 0)) throw stockConflict(product);
    }

    const items: Omit<OrderItemRow, 'order_id'>[] = products.map((product) => ({
      product_id: product.id,
      name: product.name,
      unit_price: product.price,
      quantity: lines.get(product.id) ?? 0,
      image_path: product.image_path,
      seller_id: product.seller_id,
    }));
    const subtotal = items.reduce((sum, item) => sum + item.unit_price * item.quantity, 0);
    const promo = input.promoCode ? await validatePromo(trx, input.promoCode, subtotal, { userId, forUpdate: true }) : null;
    const discount = promo?.discount ?? 0;
    const parts = sellerParts(products, lines, input.shipping.state, input.delivery);
    const orderDeliveryFee = parts.reduce((sum, p) => sum + p.deliveryFee, 0);
    const total = subtotal - discount + orderDeliveryFee;
    // Refused before stock or the order is written: Safaricom would refuse every prompt for it.
    if (input.payment.method === 'mpesa' && total > MPESA_MAX_AMOUNT) throw new ApiError(422, MPESA_TOO_LARGE_MESSAGE);
    const shares = splitDiscount(
      discount,
      parts.map((p) => p.subtotal),
    );

    const created = await insertOrder(
      trx,
      {
        userId,
        subtotal,
        discount,
        deliveryFee: orderDeliveryFee,
        total,
        delivery: input.delivery,
        shipping: input.shipping,
        paymentMethod: input.payment.method,
        promoCode: promo?.code ?? null,
        paymentWindowMs: rules.paymentWindowMs[input.payment.method],
      },
      items,
      idempotencyKey,
      parts.map((p, i) => ({
        seller_id: p.sellerId,
        subtotal: p.subtotal,
        discount: shares[i] ?? 0,
        delivery_fee: p.deliveryFee,
        preorder: p.preorder,
      })),
    );
    // The guard in the stock UPDATE is what keeps stock from going negative, even without the lock above.
    const short = products.find((product) => !created.taken.includes(product.id));
    if (short !== undefined) throw stockConflict(short);
    // Counted by the promo's limits; the promo row stays locked until commit (validatePromo).
    if (promo) await insertRedemption(trx, { orderId: created.id, code: promo.code, userId });
    if (!buyNow) await emptyCart(trx, userId);

    const count = items.reduce((sum, item) => sum + item.quantity, 0);
    // Each part's seller, with who runs the shop (read with the products), hears of the sale; the
    // buyer's notice is written with theirs: one statement for all of them, and for a cart's checkout
    // one more to read the people (a Buy Now order's claim read them).
    const sellers = parts.map((p) => ({ id: p.sellerId, userId: p.sellerUserId, hooked: p.sellerHooked }));
    await tellSellersOfNewOrder(
      trx,
      created,
      sellers,
      [
        notice({
          userId,
          type: 'order_placed',
          title: 'Order {number} placed',
          body:
            count === 1
              ? '1 item, total {total}. We will let you know when payment is confirmed.'
              : '{count} items, total {total}. We will let you know when payment is confirmed.',
          values: { number: orderNumber(created.number), count, total: formatKES(total) },
          link: `/orders/${created.id}`,
        }),
      ],
      recipients,
    );
    const sellerUsers = sellers.flatMap(({ userId }) => (userId === null ? [] : [userId]));
    const stock: StockChange[] = products.map((product) => ({
      productId: product.id,
      category: product.category,
      before: product.stock_quantity,
      after: product.stock_quantity - (lines.get(product.id) ?? 0),
    }));
    return { orderId: created.id, created: true, stock, sellerUsers };
  });

  // After the commit: only the answers showing these products (and, when one ran out, the in-stock ones),
  // and the sellers' Sales lists (a trigger would NOTIFY inside the order's transaction: migration 063).
  if (outcome.created) {
    cache.stockChanged(outcome.stock);
    answersChangedEverywhere(outcome.sellerUsers);
  }
  return { orderId: outcome.orderId, created: outcome.created };
}
