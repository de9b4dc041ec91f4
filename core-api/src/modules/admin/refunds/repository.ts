import { type ManualRefund, type ManualRefundState, orderNumber, type PaymentMethod } from '@shambasoko/contracts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../db/schema';

const LIMIT = 200;

interface Row {
  fulfilment_id: string;
  order_id: string;
  number: number;
  buyer_name: string;
  seller_name: string;
  method: PaymentMethod;
  amount: number;
  since: Date;
  reference: string | null;
  note: string | null;
  settled_by: string | null;
}

const toRefund = (r: Row): ManualRefund => ({
  fulfilmentId: r.fulfilment_id,
  orderId: r.order_id,
  orderNumber: orderNumber(r.number),
  buyerName: r.buyer_name,
  sellerName: r.seller_name,
  method: r.method,
  amount: Number(r.amount),
  since: new Date(r.since).toISOString(),
  reference: r.reference,
  note: r.note,
  settledBy: r.settled_by,
});

/**
 * Due: parts paid by bank or card that the books still owe their buyer (cancelled, or refunded after a
 * dispute) and no Admin settled (M-Pesa refunds go back by B2C, not by hand), oldest first. Settled:
 * newest first.
 */
export async function manualRefunds(db: Kysely<Database>, state: ManualRefundState, fulfilmentId?: string): Promise<ManualRefund[]> {
  const only = fulfilmentId === undefined ? sql`` : sql`and f.id = ${fulfilmentId}`;
  const common = sql`
    f.id as fulfilment_id, o.id as order_id, o.number,
    concat_ws(' ', o.shipping->>'firstName', o.shipping->>'lastName') as buyer_name, s.name as seller_name`;
  if (state === 'due') {
    const { rows } = await sql<Row>`
      select ${common}, pay.method, due.amount, coalesce(due.since, f.updated_at) as since,
             null as reference, null as note, null as settled_by
      from order_fulfilments f
      join orders o on o.id = f.order_id
      join sellers s on s.id = f.seller_id
      join lateral (
        select replace(e.account, 'cash:', '') as method from ledger_entries e
        where e.fulfilment_id = f.id and e.kind = 'payment' and e.amount > 0 limit 1
      ) pay on true
      join lateral (
        select coalesce(-sum(e.amount), 0)::int8 as amount, max(e.created_at) filter (where e.amount < 0) as since from ledger_entries e
        where e.fulfilment_id = f.id and e.account = 'buyer:refund_due'
      ) due on true
      where pay.method in ('bank', 'card') and due.amount > 0
        and not exists (select 1 from manual_refunds m where m.fulfilment_id = f.id) ${only}
      order by since, f.id
      limit ${LIMIT}
    `.execute(db);
    return rows.map(toRefund);
  }
  const { rows } = await sql<Row>`
    select ${common}, m.method, m.amount, m.settled_at as since, m.reference, m.note, u.full_name as settled_by
    from manual_refunds m
    join order_fulfilments f on f.id = m.fulfilment_id
    join orders o on o.id = f.order_id
    join sellers s on s.id = f.seller_id
    left join users u on u.id = m.settled_by
    where true ${only}
    order by m.settled_at desc, f.id
    limit ${LIMIT}
  `.execute(db);
  return rows.map(toRefund);
}
