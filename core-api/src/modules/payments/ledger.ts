import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { insertEvent, insertPayment } from './repository';

/**
 * A person confirmed a bank transfer (a seller for their own part, or an Admin for every part that
 * waited): the attempt is recorded paid, for what those parts cost, with who and when, and the ledger
 * says so. The caller's transaction holds the order lock and has moved the parts to paid.
 */
export async function recordManualPayment(
  trx: Kysely<Database>,
  {
    orderId,
    actorId,
    role,
    parts,
    fulfilmentId,
  }: {
    orderId: string;
    actorId: string;
    role: 'Seller' | 'Admin';
    parts: readonly { amount: number }[];
    /** The seller's part; null when the payment covers every part that waited. */
    fulfilmentId: string | null;
  },
): Promise<void> {
  const amount = parts.reduce((sum, part) => sum + part.amount, 0);
  const payment = await insertPayment(trx, {
    order_id: orderId,
    fulfilment_id: fulfilmentId,
    method: 'bank',
    status: 'paid',
    amount,
    created_by: actorId,
    confirmed_by: actorId,
    confirmed_role: role,
    settled_at: (await sql<{ now: Date }>`select now() as now`.execute(trx)).rows[0]?.now ?? new Date(),
    result_desc: `Bank transfer confirmed by the ${role}`,
  });
  await insertEvent(trx, {
    payment_id: payment.id,
    order_id: orderId,
    kind: 'manual',
    amount,
    detail: { by: actorId, role, parts: parts.length },
  });
}
