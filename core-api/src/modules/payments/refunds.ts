import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { formatKES, orderNumber } from '@shambasoko/contracts';
import type { PaymentsConfig } from '../../config';
import type { Database } from '../../db/schema';
import { notify } from '../notifications';
import { type DisbursementDeps, sendDisbursement } from './disbursements';
import { recordMoneyOut } from './ledger';
import { paymentProviders } from './providers';
import { maskPhone } from './view';

let connected: PaymentsConfig | null = null;

/** The payment routes connect the settings at start, so callers elsewhere need only the database. */
export function useDisbursements(config: PaymentsConfig): void {
  connected = config;
}

function disbursementDeps(db: Kysely<Database>): DisbursementDeps | null {
  return connected === null ? null : { db, providers: paymentProviders(connected), config: connected };
}

/**
 * Pays back what the books owe the buyers of an order (`buyer:refund_due`): called after the
 * transaction that cancelled a paid part, or decided a dispute, has committed. Never inside one.
 * Only parts paid by M-Pesa go back by M-Pesa, to the phone that paid; bank and card refunds stay due
 * for a person to settle. A part with a refund under way is left alone.
 */
export async function payRefundsDue(db: Kysely<Database>, orderId: string): Promise<void> {
  const deps = disbursementDeps(db);
  if (deps === null) return;
  const created = await db.transaction().execute(async (trx) => {
    // One caller at a time per order: two cancels finishing together send one refund per part.
    const order = await trx
      .selectFrom('orders')
      .select(['id', 'number', 'user_id'])
      .where('id', '=', orderId)
      .forUpdate()
      .executeTakeFirst();
    if (order === undefined) return [];
    const due = await trx
      .selectFrom('ledger_entries as e')
      .innerJoin('order_fulfilments as f', 'f.id', 'e.fulfilment_id')
      .select(['e.fulfilment_id', sql<number>`(-sum(e.amount))::int8`.as('due')])
      .where('e.order_id', '=', orderId)
      .where('e.account', '=', 'buyer:refund_due')
      .groupBy('e.fulfilment_id')
      .having(sql<boolean>`-sum(e.amount) > 0`)
      .execute();
    const ids: string[] = [];
    for (const part of due) {
      if (part.fulfilment_id === null) continue;
      const busy = await trx
        .selectFrom('disbursements')
        .select('id')
        .where('fulfilment_id', '=', part.fulfilment_id)
        .where('status', 'in', ['pending', 'sent'])
        .executeTakeFirst();
      if (busy !== undefined) continue;
      // Only a part the books say M-Pesa paid goes back by M-Pesa (a seller may have confirmed a bank
      // transfer for theirs): to the phone of the attempt that paid it, its own or the order's.
      const byMpesa = await trx
        .selectFrom('ledger_entries')
        .select('id')
        .where('fulfilment_id', '=', part.fulfilment_id)
        .where('kind', '=', 'payment')
        .where('account', '=', 'cash:mpesa')
        .executeTakeFirst();
      if (byMpesa === undefined) continue;
      const payment = await trx
        .selectFrom('payments')
        .select(['phone'])
        .where('order_id', '=', orderId)
        .where('method', '=', 'mpesa')
        .where('status', '=', 'paid')
        .where((eb) => eb.or([eb('fulfilment_id', 'is', null), eb('fulfilment_id', '=', part.fulfilment_id)]))
        .orderBy('settled_at', 'desc')
        .executeTakeFirst();
      if (!payment?.phone) continue;
      const refund = await trx
        .insertInto('disbursements')
        .values({
          purpose: 'refund',
          order_id: orderId,
          fulfilment_id: part.fulfilment_id,
          user_id: order.user_id,
          phone: payment.phone.startsWith('+') ? payment.phone : `+${payment.phone}`,
          amount: Number(part.due),
          originator_id: randomUUID(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordMoneyOut(trx, refund, 'sent');
      if (order.user_id !== null)
        await notify(trx, {
          userId: order.user_id,
          type: 'payment_update',
          title: 'Refund on its way',
          body: '{amount} for order {number} is being refunded to your M-Pesa {phone}.',
          values: { amount: formatKES(refund.amount), number: orderNumber(order.number), phone: maskPhone(refund.phone) ?? '' },
          link: `/orders/${orderId}`,
        });
      ids.push(refund.id);
    }
    return ids;
  });
  for (const id of created) await sendDisbursement(deps, id);
}
