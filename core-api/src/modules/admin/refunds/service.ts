import { formatKES, type ManualRefund, orderNumber, type SettleRefund } from '@shambasoko/contracts';
import type { Kysely } from 'kysely';
import { recordAdminAction } from '../../../audit/admin-actions';
import { isUuid } from '../../../db/ids';
import type { Database } from '../../../db/schema';
import { ApiError } from '../../../http/envelope';
import { notify } from '../../notifications';
import { partPaidMethod, partRefundDue, recordRefundSettledByHand } from '../../payments';
import { manualRefunds } from './repository';

/**
 * An Admin paid a bank or card refund by hand: recorded once with the reference, who and when, the
 * books move it out of what is owed, and the buyer is told. The part's row lock makes a second,
 * concurrent settle wait and then find the first.
 */
export async function settleRefund(
  db: Kysely<Database>,
  actorId: string,
  fulfilmentId: string,
  { reference, note = '' }: SettleRefund,
): Promise<ManualRefund> {
  if (!isUuid(fulfilmentId)) throw new ApiError(404, 'Refund not found');
  await db.transaction().execute(async (trx) => {
    const part = await trx
      .selectFrom('order_fulfilments')
      .select(['id', 'order_id'])
      .where('id', '=', fulfilmentId)
      .forUpdate()
      .executeTakeFirst();
    if (!part) throw new ApiError(404, 'Refund not found');
    const settled = await trx.selectFrom('manual_refunds').select('fulfilment_id').where('fulfilment_id', '=', part.id).executeTakeFirst();
    if (settled) throw new ApiError(409, 'This refund was already settled.');
    const method = await partPaidMethod(trx, part.id);
    if (method !== 'bank' && method !== 'card') throw new ApiError(409, 'Only bank and card refunds are settled by hand.');
    const due = await partRefundDue(trx, part.id);
    if (due <= 0) throw new ApiError(409, 'Nothing is owed back on this part.');

    await trx
      .insertInto('manual_refunds')
      .values({ fulfilment_id: part.id, order_id: part.order_id, method, amount: due, reference, note, settled_by: actorId })
      .execute();
    await recordRefundSettledByHand(trx, { orderId: part.order_id, fulfilmentId: part.id, method });
    await recordAdminAction(trx, {
      actorId,
      action: 'refund.settle',
      subject: { kind: 'refund', id: part.id },
      before: { due },
      after: { due: 0, method, reference },
      reason: note === '' ? null : note,
    });
    const order = await trx.selectFrom('orders').select(['user_id', 'number']).where('id', '=', part.order_id).executeTakeFirstOrThrow();
    if (order.user_id !== null) {
      await notify(trx, {
        userId: order.user_id,
        type: 'payment_update',
        title: 'Refund paid for order {number}',
        body: 'We paid back {amount}. Reference: {reference}.',
        values: { number: orderNumber(order.number), amount: formatKES(due), reference },
        link: `/orders/${part.order_id}`,
      });
    }
  });
  const [refund] = await manualRefunds(db, 'settled', fulfilmentId);
  if (!refund) throw new ApiError(404, 'Refund not found');
  return refund;
}
