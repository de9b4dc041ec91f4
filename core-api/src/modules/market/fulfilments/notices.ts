import type { Kysely } from 'kysely';
import { FULFILMENT_STATUS_LABELS, formatKES, type ProviderPaymentMethod } from '@shambasoko/contracts';
import type { Database, FulfilmentStatusValue } from '../../../db/schema';
import { enqueueWebhookEvent } from '../../integrations';
import { type NewNotification, notice, notifyAll, type Recipients } from '../../notifications';
import { orderNumber } from '../orders/status';

// What buyers and sellers are told when parts move, in each reader's language.

const BUYER_WORDS: Partial<Record<FulfilmentStatusValue, string>> = {
  paid: 'Payment is confirmed.',
  accepted: 'The seller accepted your order.',
  ready_to_dispatch: 'The harvest is in: your pre-order is ready to be sent.',
  dispatched: 'Your order is on its way.',
  delivered: 'Your order was delivered.',
  cancelled: 'This part of your order was cancelled; the items went back to stock.',
};

export interface Telling {
  buyer?: boolean;
  seller?: boolean;
  /** A fixed English sentence in place of the note, told in each reader's language (a typed note stays as typed). */
  fixedNote?: string;
  /** How a provider's payment came in: the seller is told its own part (its items and delivery), not the buyer's total. */
  paidBy?: ProviderPaymentMethod;
}

const SELLER_PAID: Record<ProviderPaymentMethod, string> = {
  mpesa: 'Order {number} is now {state}. Your part: {amount}, paid by M-Pesa.',
  card: 'Order {number} is now {state}. Your part: {amount}, paid by card.',
};

/** Tells the buyer and each chosen part's seller (unless told not to) about the step. */
export async function tellBoth(
  trx: Kysely<Database>,
  order: { id: string; number: number; user_id: string | null },
  chosen: readonly { seller_id: string; amount: number }[],
  status: FulfilmentStatusValue,
  note: string | null,
  { buyer = true, seller: toSeller = true, fixedNote, paidBy }: Telling = {},
): Promise<void> {
  if (chosen.length === 0) return;
  const number = orderNumber(order.number);
  const label = FULFILMENT_STATUS_LABELS[status];
  const detail = note ? ` ${note}` : '';
  const sellers = await trx
    .selectFrom('sellers')
    .select(['id', 'name', 'user_id'])
    .where(
      'id',
      'in',
      chosen.map((p) => p.seller_id),
    )
    .execute();
  // Every notice of the step (the buyer's per shop, each seller's, the receipt) in two statements.
  const notices: NewNotification[] = [];
  for (const seller of sellers) {
    if (buyer && order.user_id !== null) {
      const update = BUYER_WORDS[status] ?? label;
      notices.push(
        notice({
          userId: order.user_id,
          type: 'order_update',
          title: 'Order {number}: {status}',
          body: fixedNote === undefined ? '{seller}: {update}{note}' : '{seller}: {update} {reason}',
          values: { number, seller: seller.name, note: detail },
          words: fixedNote === undefined ? { status: label, update } : { status: label, update, reason: fixedNote },
          link: `/orders/${order.id}`,
        }),
      );
    }
    if (toSeller && seller.user_id !== null && paidBy !== undefined) {
      const part = chosen.filter((p) => p.seller_id === seller.id).reduce((sum, p) => sum + p.amount, 0);
      notices.push(
        notice({
          userId: seller.user_id,
          type: 'order_update',
          title: 'Sale {number}: {status}',
          body: SELLER_PAID[paidBy],
          values: { number, amount: formatKES(part) },
          words: { status: label, state: label.toLowerCase() },
          link: '/seller/sales',
          sms: 'orderPaidSeller',
        }),
      );
    } else if (toSeller && seller.user_id !== null) {
      notices.push(
        notice({
          userId: seller.user_id,
          type: 'order_update',
          title: 'Sale {number}: {status}',
          body: fixedNote === undefined ? 'Order {number} is now {state}.{note}' : 'Order {number} is now {state}. {reason}',
          values: { number, note: detail },
          words:
            fixedNote === undefined
              ? { status: label, state: label.toLowerCase() }
              : { status: label, state: label.toLowerCase(), reason: fixedNote },
          link: '/seller/sales',
        }),
      );
    }
  }
  for (const seller of sellers) {
    const amount = chosen.filter((p) => p.seller_id === seller.id).reduce((sum, p) => sum + p.amount, 0);
    const data = { orderId: order.id, orderNumber: number, status, amount };
    if (status === 'paid')
      await enqueueWebhookEvent(trx, { kind: 'shop', id: seller.id }, 'payment.confirmed', { ...data, method: paidBy ?? null });
    await enqueueWebhookEvent(trx, { kind: 'shop', id: seller.id }, 'fulfilment.updated', { ...data, note });
  }
  if (buyer && order.user_id !== null && paidBy !== undefined) {
    // One receipt note per payment, besides the per-seller notices.
    notices.push(
      notice({
        userId: order.user_id,
        type: 'order_update',
        title: 'Thank you for your order {number}',
        values: { number, amount: formatKES(chosen.reduce((sum, p) => sum + p.amount, 0)) },
        link: `/orders/${order.id}`,
        email: 'receipt',
        channels: ['email'],
      }),
    );
  }
  await notifyAll(trx, notices);
}

/**
 * Placement's notice to each seller (by id, with the user who runs the shop, if any, and whether the
 * shop has a webhook for `order.placed`, both read with the products): a new sale waits for payment.
 * `alongside`: the event's other notices (the buyer's), written in the same statements.
 */
export async function tellSellersOfNewOrder(
  trx: Kysely<Database>,
  order: { id: string; number: number },
  sellers: readonly { id: string; userId: string | null; hooked: boolean }[],
  alongside: readonly NewNotification[] = [],
  /** The people already read (a Buy Now order's claim reads them along). */
  recipients?: Recipients,
): Promise<void> {
  const number = orderNumber(order.number);
  for (const seller of sellers.filter((s) => s.hooked))
    await enqueueWebhookEvent(trx, { kind: 'shop', id: seller.id }, 'order.placed', { orderId: order.id, orderNumber: number });
  await notifyAll(
    trx,
    [
      ...alongside,
      ...sellers.flatMap(({ userId }): NewNotification[] =>
        userId === null
          ? []
          : [
              notice({
                userId,
                type: 'order_update',
                title: 'New sale {number}',
                values: { number },
                body: 'A buyer ordered from you. It is awaiting payment.',
                link: '/seller/sales',
              }),
            ],
      ),
    ],
    recipients,
  );
}
