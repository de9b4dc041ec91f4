import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { Job } from '../../../jobs/scheduler';
import { notify } from '../../notifications/service';
import { type StockChange, stockChangedEverywhere } from '../catalog/cache';
import { type DueOrder, deleteRedemptions, findDueOrders, findOrderLines, lockProductStock, markExpired, returnStock } from './repository';
import { orderNumber } from './service';
import { expiryReason } from './status';

/** Orders expired per run; the rest wait for the next run (a minute), so the job's lock stays short. */
const BATCH = 500;

/**
 * Expires the unpaid orders whose payment window has passed at `now`: status `expired` with the
 * reason, each line's quantity back in stock, the promo use given back, the buyer told. Orders that
 * another transaction holds (a payment or cancel under way) are skipped, and a status that changed
 * meanwhile is re-checked under the lock, so an order is never both paid and expired; products are
 * locked in id order, as checkout locks them, so the two never wait on each other crosswise.
 * Returns the stock changes, for the caches once committed.
 */
async function expireUnpaidOrders(trx: Kysely<Database>, now: Date, batch = BATCH): Promise<StockChange[]> {
  const due = await findDueOrders(trx, now, batch);
  const orders: DueOrder[] = [];
  for (const order of due) {
    // The window the order had, not today's setting: the reason must match the order page.
    const reason = expiryReason(order.payment_due_at.getTime() - order.created_at.getTime());
    if (await markExpired(trx, order.id, now, reason)) orders.push(order);
  }
  if (orders.length === 0) return [];
  const ids = orders.map((o) => o.id);
  const returned = new Map<string, number>();
  for (const line of await findOrderLines(trx, ids)) returned.set(line.product_id, (returned.get(line.product_id) ?? 0) + line.quantity);
  const products = await lockProductStock(trx, [...returned.keys()]);
  for (const product of products) await returnStock(trx, product.id, returned.get(product.id) ?? 0);
  await deleteRedemptions(trx, ids);
  for (const order of orders) {
    if (order.user_id === null) continue; // an erased account: nobody left to tell
    await notify(trx, {
      userId: order.user_id,
      type: 'order_expired',
      title: `Order ${orderNumber(order.number)} expired`,
      body: expiryReason(order.payment_due_at.getTime() - order.created_at.getTime()),
      link: `/orders/${order.id}`,
    });
  }
  return products.map((p) => ({
    productId: p.id,
    category: p.category,
    before: p.stock_quantity,
    after: p.stock_quantity + (returned.get(p.id) ?? 0),
  }));
}

/** The scheduled job (registered in jobs/registry.ts). */
export function orderExpiryJob(): Job {
  return {
    name: 'order-expiry',
    intervalMs: 60_000,
    run: async (trx, now) => {
      const changes = await expireUnpaidOrders(trx, now);
      return () => stockChangedEverywhere(changes);
    },
  };
}
