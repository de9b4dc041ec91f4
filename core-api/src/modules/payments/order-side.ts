import type { Order, ProviderPaymentMethod } from '@shambasoko/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * What payments needs to know of orders, and tells them: the market implements it and the app connects
 * it at start (app.ts), so payments never imports the market and the two never form an import circle.
 */
export interface OrderSide {
  /** What the order's live parts still waiting for payment cost now, in shillings. */
  amountDue(trx: Kysely<Database>, orderId: string): Promise<number>;
  /** A provider confirmed the whole amount due: every waiting part is paid. Runs in the caller's transaction. */
  paymentSettled(trx: Kysely<Database>, settled: { orderId: string; note: string; method: ProviderPaymentMethod | null }): Promise<void>;
  /** The buyer's order as they read it (404 for anyone else's). */
  orderFor(db: Kysely<Database>, userId: string, orderId: string): Promise<Order>;
}

let connected: OrderSide | null = null;

export function connectOrderSide(side: OrderSide): void {
  connected = side;
}

export function orderSide(): OrderSide {
  if (connected === null) throw new Error('payments: no order side connected (app.ts connects the market at start)');
  return connected;
}
