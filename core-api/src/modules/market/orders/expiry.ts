import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { Job } from '../../../jobs/scheduler';
import { notify } from '../../notifications';
import { type StockChange, stockChangedEverywhere } from '../catalog/cache';
import { expireParts } from '../fulfilments/commands';
import { deleteRedemptions, findDueOrders, markExpired } from './repository';
import { durationText, EXPIRY_REASON, expiryReason, orderNumber } from './status';

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
  const changes: StockChange[] = [];
  for (const order of due) {
    // The window the order had, not today's setting: the reason must match the order page.
    const reason = expiryReason(order.payment_due_at.getTime() - order.created_at.getTime());
    // The parts still waiting expire and return their stock: the same path as a cancel.
    const { stock, orderStatus } = await expireParts(trx, order);
    changes.push(...stock);
    // A part its seller already marked paid keeps the order alive (its status is set from the parts).
    if (orderStatus !== 'expired' || !(await markExpired(trx, order.id, now, reason))) continue;
    await deleteRedemptions(trx, [order.id]);
    if (order.user_id === null) continue; // an erased account: nobody left to tell
    await notify(trx, {
      userId: order.user_id,
      type: 'order_expired',
      title: 'Order {number} expired',
      body: EXPIRY_REASON,
      values: { number: orderNumber(order.number) },
      words: { window: durationText(order.payment_due_at.getTime() - order.created_at.getTime()) },
      link: `/orders/${order.id}`,
    });
  }
  return changes;
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
