import { type Transaction, sql } from 'kysely';
import type { Database } from '../../../db/schema';
import { notify } from '../../notifications/service';
import type { StockChange } from '../catalog/cache';

/**
 * A crop was marked harvested (inside the crop update's transaction): its pre-order listing becomes
 * normal stock with what is left, paid or accepted pre-orders of it become ready to dispatch, and
 * unpaid ones lose their pre-order hold so that, once paid, nothing blocks their dispatch.
 * Answers the change to pass to `stockChangedEverywhere` after the commit.
 */
export async function cropHarvested(trx: Transaction<Database>, cropId: string): Promise<StockChange[]> {
  const listing = await trx
    .updateTable('products')
    .set({ listing_type: 'stock' })
    .where('crop_id', '=', cropId)
    .where('listing_type', '=', 'preorder')
    .where('status', '<>', 'deleted')
    .returning(['id', 'name', 'category', 'stock_quantity'])
    .executeTakeFirst();
  if (listing === undefined) return [];

  const holding = (statuses: ('awaiting_payment' | 'paid' | 'accepted')[]) =>
    trx
      .selectFrom('order_fulfilments as f')
      .select('f.id')
      .where('f.preorder', '=', true)
      .where('f.status', 'in', statuses)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('order_items as oi')
            .select(sql`1`.as('one'))
            .whereRef('oi.order_id', '=', 'f.order_id')
            .whereRef('oi.seller_id', '=', 'f.seller_id')
            .where('oi.product_id', '=', listing.id),
        ),
      );

  const ready = await trx
    .updateTable('order_fulfilments')
    .set({ status: 'ready_to_dispatch', ready_at: sql`now()` })
    .where('id', 'in', holding(['paid', 'accepted']))
    .returning(['id', 'order_id', 'seller_id'])
    .execute();
  await trx
    .updateTable('order_fulfilments')
    .set({ preorder: false })
    .where('id', 'in', holding(['awaiting_payment']))
    .execute();

  if (ready.length > 0) {
    await trx
      .insertInto('fulfilment_events')
      .values(ready.map((f) => ({ fulfilment_id: f.id, status: 'ready_to_dispatch', note: 'The harvest is in', actor_id: null })))
      .execute();
    const people = await trx
      .selectFrom('order_fulfilments as f')
      .innerJoin('orders as o', 'o.id', 'f.order_id')
      .innerJoin('sellers as s', 's.id', 'f.seller_id')
      .select(['f.id', 'o.id as orderId', 'o.user_id as buyerId', 's.user_id as sellerUserId'])
      .where(
        'f.id',
        'in',
        ready.map((f) => f.id),
      )
      .execute();
    for (const p of people) {
      if (p.buyerId !== null) {
        await notify(trx, {
          userId: p.buyerId,
          type: 'order_ready',
          title: `${listing.name}: harvested, ready to dispatch`,
          link: `/orders/${p.orderId}`,
        });
      }
      if (p.sellerUserId !== null) {
        await notify(trx, {
          userId: p.sellerUserId,
          type: 'order_ready',
          title: `Pre-order ready to dispatch: ${listing.name}`,
          link: `/seller/sales/${p.id}`,
        });
      }
    }
  }
  return [{ productId: listing.id, category: listing.category, before: listing.stock_quantity, after: listing.stock_quantity }];
}
