import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Pays back what the books owe the buyers of an order (`buyer:refund_due`): called after the
 * transaction that cancelled a paid part, or decided a dispute, has committed. Never inside one.
 */
export async function payRefundsDue(_db: Kysely<Database>, _orderId: string): Promise<void> {
  // Filled in with the B2C refunds (issue 40).
}
