import type { Kysely } from 'kysely';
import type { BuyerHome, BuyerNextStep, ReorderLine, SellerHome, Supplier } from '@shambasoko/contracts';
import { todayInNairobi } from '@shambasoko/contracts/time';
import type { Database, FulfilmentStatusValue } from '../../../db/schema';
import { orderNumber } from '../orders/status';
import {
  type HomeSaleRow,
  type InFlightRow,
  type LineRow,
  countDeliveriesOnTheWay,
  findDailySales,
  findFavouritesBackInStock,
  findInFlight,
  findLatestReviews,
  findLinesToday,
  findLowStock,
  findPaymentsWaiting,
  findPreorders,
  findRecentPaidOrders,
  findSalesToHandle,
  findShop,
  findSuppliers,
} from './repository';

const IN_FLIGHT_LIMIT = 10;
const RECENT_ORDERS = 3;
const BACK_IN_STOCK = 6;
const SUPPLIERS_LIMIT = 100;
const SALES_TO_HANDLE = 20;
const LOW_STOCK_AT_MOST = 10;
const LIST_LIMIT = 5;
const REVIEWS = 3;
const CHART_DAYS = 30;
const WEEK_DAYS = 7;

/** "per kg" → "kg": the unit as counted ("4 kg left"). */
const counted = (unit: string): string => unit.replace(/^per\s+/i, '');

const DONE: readonly FulfilmentStatusValue[] = ['delivered', 'cancelled', 'expired'];

/** The buyer's next step on an order: the earliest stage any live part is still at. */
export function nextStepOf(row: Pick<InFlightRow, 'status' | 'parts' | 'preorder_parts'>): BuyerNextStep {
  if (row.status === 'pending_payment') return 'pay';
  const live = row.parts.map((status, i) => ({ status, preorder: row.preorder_parts[i] ?? false })).filter((p) => !DONE.includes(p.status));
  if (live.some((p) => p.status === 'awaiting_payment')) return 'pay';
  if (live.some((p) => p.status === 'accepted' && p.preorder)) return 'wait_for_harvest';
  if (live.some((p) => p.status === 'paid' || p.status === 'accepted' || p.status === 'ready_to_dispatch')) return 'wait_for_dispatch';
  return 'wait_for_delivery';
}

const toLine = (row: LineRow): ReorderLine => ({
  productId: row.product_id,
  name: row.name,
  quantity: row.quantity,
  price: row.price,
  available: row.available,
});

export async function buyerHome(db: Kysely<Database>, userId: string): Promise<BuyerHome> {
  const [inFlight, paymentsWaiting, deliveriesOnTheWay, recent, backInStock] = await Promise.all([
    findInFlight(db, userId, IN_FLIGHT_LIMIT),
    findPaymentsWaiting(db, userId),
    countDeliveriesOnTheWay(db, userId),
    findRecentPaidOrders(db, userId, RECENT_ORDERS),
    findFavouritesBackInStock(db, userId, BACK_IN_STOCK),
  ]);
  const lines = await findLinesToday(
    db,
    recent.map((o) => o.id),
  );
  return {
    inFlight: inFlight.map((row) => ({
      id: row.id,
      number: orderNumber(row.number),
      status: row.status,
      total: row.total,
      itemCount: row.item_count,
      firstItem: row.first_item ?? '',
      createdAt: row.created_at.toISOString(),
      paymentDueAt: row.payment_due_at?.toISOString() ?? null,
      nextStep: nextStepOf(row),
    })),
    paymentsWaiting,
    deliveriesOnTheWay,
    recent: recent.map((o) => ({
      id: o.id,
      number: orderNumber(o.number),
      createdAt: o.created_at.toISOString(),
      total: o.total,
      lines: lines.filter((l) => l.order_id === o.id).map(toLine),
    })),
    favouritesBackInStock: backInStock.map((p) => ({
      productId: p.product_id,
      name: p.name,
      price: p.price,
      unit: counted(p.unit),
      stock: p.stock,
    })),
  };
}

export async function buyerSuppliers(db: Kysely<Database>, userId: string): Promise<Supplier[]> {
  const suppliers = await findSuppliers(db, userId, SUPPLIERS_LIMIT);
  const lines = await findLinesToday(db, [...new Set(suppliers.map((s) => s.last_order_id))]);
  return suppliers.map((s) => ({
    sellerId: s.seller_id,
    name: s.name,
    county: s.county,
    lastOrder: { id: s.last_order_id, number: orderNumber(s.last_order_number), createdAt: s.last_order_at.toISOString() },
    orderCount: s.order_count,
    totalSpent: s.total_spent,
    lastLines: lines.filter((l) => l.order_id === s.last_order_id && l.seller_id === s.seller_id).map(toLine),
  }));
}

/** YYYY-MM-DD `days` before `day`. */
function daysBefore(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

const toSale = (row: HomeSaleRow) => ({
  id: row.id,
  orderNumber: orderNumber(row.number),
  buyerName: row.buyer_name,
  amount: row.amount,
  itemCount: row.item_count,
  preorder: row.preorder,
  createdAt: row.created_at.toISOString(),
});

const EMPTY_FIGURE = { total: 0, count: 0 };

export async function sellerHome(db: Kysely<Database>, userId: string, now = new Date()): Promise<SellerHome> {
  const today = todayInNairobi(now);
  const chartFrom = daysBefore(today, CHART_DAYS - 1);
  const monthFrom = `${today.slice(0, 8)}01`;
  const daily = Array.from({ length: CHART_DAYS }, (_, i) => ({ date: daysBefore(today, CHART_DAYS - 1 - i), ...EMPTY_FIGURE }));
  const shop = await findShop(db, userId);
  if (shop === undefined) {
    return {
      shop: null,
      toAccept: [],
      toDispatch: [],
      week: EMPTY_FIGURE,
      month: EMPTY_FIGURE,
      daily,
      lowStock: [],
      preorders: [],
      latestReviews: [],
    };
  }
  const [toHandle, sales, lowStock, preorders, reviews] = await Promise.all([
    findSalesToHandle(db, shop.id, SALES_TO_HANDLE * 2),
    findDailySales(db, shop.id, chartFrom < monthFrom ? chartFrom : monthFrom),
    findLowStock(db, shop.id, LOW_STOCK_AT_MOST, LIST_LIMIT),
    findPreorders(db, shop.id, LIST_LIMIT),
    findLatestReviews(db, shop.id, REVIEWS),
  ]);
  const sum = (from: string) =>
    sales.filter((d) => d.day >= from).reduce((acc, d) => ({ total: acc.total + d.total, count: acc.count + d.count }), EMPTY_FIGURE);
  const byDay = new Map(sales.map((d) => [d.day, d]));
  return {
    shop: { id: shop.id, name: shop.name, rating: shop.rating, reviewCount: shop.review_count },
    toAccept: toHandle
      .filter((r) => r.status === 'paid')
      .slice(0, SALES_TO_HANDLE)
      .map(toSale),
    toDispatch: toHandle
      .filter((r) => r.status !== 'paid')
      .slice(0, SALES_TO_HANDLE)
      .map(toSale),
    week: sum(daysBefore(today, WEEK_DAYS - 1)),
    month: sum(monthFrom),
    daily: daily.map((d) => {
      const found = byDay.get(d.date);
      return found ? { date: d.date, total: found.total, count: found.count } : d;
    }),
    lowStock: lowStock.map((p) => ({ id: p.id, name: p.name, stock: p.stock, unit: counted(p.unit) })),
    preorders: preorders.map((p) => ({
      id: p.id,
      name: p.name,
      availableFrom: p.available_from,
      stock: p.stock,
      unit: counted(p.unit),
      openOrders: p.open_orders,
    })),
    latestReviews: reviews.map((r) => ({
      productId: r.product_id,
      productName: r.product_name,
      reviewerName: r.reviewer_name,
      rating: r.rating,
      comment: r.comment,
      createdAt: r.created_at.toISOString(),
    })),
  };
}
