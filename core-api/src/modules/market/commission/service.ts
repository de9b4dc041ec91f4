import { type CommissionRates, DEFAULT_COMMISSION_BP, PRODUCT_CATEGORIES } from '@shambasoko/contracts';
import { type Kysely, sql } from 'kysely';
import type { Database, MarketCategory } from '../../../db/schema';
import type { PaidPart } from '../../payments';

/** Every category's rate: its own row, or the default. */
export async function commissionRates(db: Kysely<Database>): Promise<CommissionRates> {
  const rows = await db.selectFrom('commission_rates').select(['category', 'rate_bp']).execute();
  const own = new Map(rows.map((r) => [r.category, r.rate_bp]));
  return { rates: PRODUCT_CATEGORIES.map((category) => ({ category, rateBp: own.get(category) ?? DEFAULT_COMMISSION_BP })) };
}

export async function setCommissionRate(
  db: Kysely<Database>,
  category: MarketCategory,
  rateBp: number,
  adminId: string,
): Promise<CommissionRates> {
  await db
    .insertInto('commission_rates')
    .values({ category, rate_bp: rateBp, updated_by: adminId })
    .onConflict((oc) => oc.column('category').doUpdateSet({ rate_bp: rateBp, updated_by: adminId, updated_at: sql`now()` }))
    .execute();
  return commissionRates(db);
}

/**
 * The parts as the books see them: each part's goods by category at the rates of the moment, scaled by
 * what the buyer paid for the goods (after the part's discount share), rounded to the shilling.
 */
export async function paidPartsOf(trx: Kysely<Database>, orderId: string, partIds: readonly string[]): Promise<PaidPart[]> {
  if (partIds.length === 0) return [];
  const [parts, lines, { rates }] = await Promise.all([
    trx
      .selectFrom('order_fulfilments')
      .select(['id', 'seller_id', 'subtotal', 'discount', 'delivery_fee'])
      .where('id', 'in', partIds)
      .orderBy('id')
      .execute(),
    trx
      .selectFrom('order_items as i')
      .innerJoin('products as p', 'p.id', 'i.product_id')
      .select(['i.seller_id', 'p.category', sql<number>`sum(i.unit_price * i.quantity)::int8`.as('goods')])
      .where('i.order_id', '=', orderId)
      .groupBy(['i.seller_id', 'p.category'])
      .execute(),
    commissionRates(trx),
  ]);
  const rateOf = new Map(rates.map((r) => [r.category, r.rateBp]));
  return parts.map((part) => {
    const weighted = lines
      .filter((line) => line.seller_id === part.seller_id)
      .reduce((sum, line) => sum + line.goods * (rateOf.get(line.category) ?? DEFAULT_COMMISSION_BP), 0);
    const paidGoods = part.subtotal - part.discount;
    const commission = part.subtotal > 0 ? Math.round((weighted * paidGoods) / part.subtotal / 10_000) : 0;
    return {
      fulfilmentId: part.id,
      sellerId: part.seller_id,
      amount: paidGoods + part.delivery_fee,
      deliveryFee: part.delivery_fee,
      commission: Math.min(commission, paidGoods),
    };
  });
}
