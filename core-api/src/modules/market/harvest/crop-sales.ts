import { NAIROBI_TIME_ZONE } from '@shambasoko/contracts/time';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../../db/schema';

// What a farm crop earned on the market: the paid lines of orders for the listings that sell it
// (products.crop_id), a part cancelled or expired excepted. Read by the farm's income and profit.
// Money an Admin gave back after a dispute is not income: a line counts what was kept. A part's refund
// is shared over its lines by their value (the refund is decided per part, not per line); a refund
// beyond the goods (their delivery fee too) leaves the lines at nothing, and they are left out.

export interface CropSale {
  cropId: string;
  orderNumber: number;
  /** Nairobi's date of payment. */
  date: string;
  product: string;
  quantity: number;
  unitPrice: number;
  total: number;
  /** M-Pesa receipt numbers of the payments for this order, if paid by M-Pesa. */
  receipts: string[];
}

export async function cropSales(db: Kysely<Database>, cropIds: readonly string[]): Promise<CropSale[]> {
  if (cropIds.length === 0) return [];
  const rows = await db
    .selectFrom('order_items as oi')
    .innerJoin('products as p', 'p.id', 'oi.product_id')
    .innerJoin('order_fulfilments as f', (join) => join.onRef('f.order_id', '=', 'oi.order_id').onRef('f.seller_id', '=', 'oi.seller_id'))
    .innerJoin('orders as o', 'o.id', 'oi.order_id')
    .select([
      'p.crop_id as cropId',
      'o.number as orderNumber',
      sql<string>`((f.paid_at at time zone ${sql.lit(NAIROBI_TIME_ZONE)})::date)::text`.as('date'),
      'oi.name as product',
      'oi.quantity',
      'oi.unit_price as unitPrice',
      'f.subtotal as partSubtotal',
      sql<string>`coalesce((select sum(d.refund_amount) from disputes d where d.fulfilment_id = f.id and d.status = 'refunded'), 0)`.as(
        'partRefund',
      ),
      sql<string[]>`coalesce((select array_agg(pm.receipt order by pm.receipt) from payments pm
        where pm.order_id = o.id and pm.status = 'paid' and pm.method = 'mpesa' and pm.receipt is not null), '{}')`.as('receipts'),
    ])
    .where('p.crop_id', 'in', [...cropIds])
    .where('f.paid_at', 'is not', null)
    .where('f.status', 'not in', ['cancelled', 'expired'])
    .orderBy('f.paid_at')
    .execute();
  return rows.flatMap(({ partSubtotal, partRefund, ...r }) => {
    const paid = r.unitPrice * r.quantity;
    const refund = Number(partRefund);
    const given = refund === 0 ? 0 : Math.min(paid, partSubtotal > 0 ? Math.round((refund * paid) / Number(partSubtotal)) : paid);
    return paid - given > 0 || paid === 0 ? [{ ...r, cropId: r.cropId!, total: paid - given }] : [];
  });
}
