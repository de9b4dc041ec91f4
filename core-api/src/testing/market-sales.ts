import type { Kysely } from 'kysely';
import type { Database, FulfilmentStatusValue, OrderStatusValue } from '../db/schema';

export interface SaleFields {
  sellerId: string;
  buyerId: string;
  unitPrice: number;
  quantity?: number;
  part?: FulfilmentStatusValue;
  paidAt?: Date | null;
  /** Shillings an Admin refunded to the buyer when deciding a dispute on the part. */
  refund?: number;
}

/**
 * A sale of one line written straight to the tables (an order per sale would hit the order rate
 * limit): the order, its line and the seller's part, and with `refund` a decided dispute.
 */
export async function insertSale(db: Kysely<Database>, productId: string, s: SaleFields): Promise<{ orderId: string; partId: string }> {
  const quantity = s.quantity ?? 1;
  const part = s.part ?? 'paid';
  const paid = !['awaiting_payment', 'cancelled', 'expired'].includes(part);
  const status: OrderStatusValue = part === 'awaiting_payment' ? 'pending_payment' : paid ? 'paid' : (part as 'cancelled' | 'expired');
  const subtotal = s.unitPrice * quantity;
  const order = await db
    .insertInto('orders')
    .values({
      user_id: s.buyerId,
      status,
      subtotal,
      delivery_fee: 0,
      total: subtotal,
      delivery: 'standard',
      shipping: JSON.stringify({
        firstName: 'A',
        lastName: 'B',
        email: 'a@example.co.ke',
        phone: '+254712345678',
        address: 'x',
        city: 'x',
        state: 'Kiambu',
        postalCode: '00100',
      }),
      payment_method: 'bank',
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('order_items')
    .values({
      order_id: order.id,
      product_id: productId,
      name: 'x',
      unit_price: s.unitPrice,
      quantity,
      image_path: null,
      seller_id: s.sellerId,
    })
    .execute();
  const fulfilment = await db
    .insertInto('order_fulfilments')
    .values({
      order_id: order.id,
      seller_id: s.sellerId,
      status: part,
      subtotal,
      paid_at: s.paidAt === undefined ? (paid ? new Date() : null) : s.paidAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (s.refund !== undefined)
    await db
      .insertInto('disputes')
      .values({
        order_id: order.id,
        fulfilment_id: fulfilment.id,
        seller_id: s.sellerId,
        buyer_id: s.buyerId,
        reason: 'damaged',
        note: 'Half the bags were wet',
        status: 'refunded',
        refund_amount: s.refund,
        decision_reason: 'Photos show wet bags',
        decided_at: new Date(),
      } as never)
      .execute();
  return { orderId: order.id, partId: fulfilment.id };
}
