import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { hasPaidPayment, insertEvent, insertPayment } from './repository';

/**
 * A person confirmed a bank transfer (the seller for their part, or an Admin): the attempt is recorded
 * paid with who and when, and the ledger says so. The caller's transaction holds the order lock.
 */
export async function recordManualPayment(
  trx: Kysely<Database>,
  { orderId, actorId, role, parts }: { orderId: string; actorId: string; role: 'Seller' | 'Admin'; parts: number },
): Promise<void> {
  const order = await trx.selectFrom('orders').select(['total']).where('id', '=', orderId).executeTakeFirstOrThrow();
  // A second seller of the same order confirming their part: the order's one paid row already exists.
  const payment = (await hasPaidPayment(trx, orderId))
    ? null
    : await insertPayment(trx, {
        order_id: orderId,
        method: 'bank',
        status: 'paid',
        amount: order.total,
        created_by: actorId,
        confirmed_by: actorId,
        confirmed_role: role,
        settled_at: (await sql<{ now: Date }>`select now() as now`.execute(trx)).rows[0]?.now ?? new Date(),
        result_desc: `Bank transfer confirmed by the ${role}`,
      });
  await insertEvent(trx, {
    payment_id: payment?.id ?? null,
    order_id: orderId,
    kind: 'manual',
    amount: order.total,
    detail: { by: actorId, role, parts },
  });
}
