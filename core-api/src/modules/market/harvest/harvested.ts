import { type Transaction, sql } from 'kysely';
import type { Database } from '../../../db/schema';
import type { StockChange } from '../catalog/cache';
import { lockFulfilments, lockOrder } from '../fulfilments/repository';
import { tellBoth } from '../fulfilments/notices';
import { moveParts } from '../fulfilments/steps';
import { catalogued } from '../../../http/language';

const WAITING_FOR_HARVEST = ['paid', 'accepted'] as const;

/**
 * A crop was marked harvested (inside the crop update's transaction): its pre-order listing becomes
 * normal stock with what is left, paid or accepted pre-orders of it become ready to dispatch (through
 * the orders' own step, so events and the order's status follow), and unpaid ones lose their
 * pre-order hold so that, once paid, nothing blocks their dispatch.
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

  const holding = trx
    .selectFrom('order_fulfilments as f')
    .select(['f.id', 'f.order_id', 'f.status'])
    .where('f.preorder', '=', true)
    .where('f.status', 'in', ['awaiting_payment', ...WAITING_FOR_HARVEST])
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
  const held = await holding.execute();
  const unpaid = held.filter((f) => f.status === 'awaiting_payment').map((f) => f.id);
  if (unpaid.length > 0) await trx.updateTable('order_fulfilments').set({ preorder: false }).where('id', 'in', unpaid).execute();

  const waiting = new Set(held.filter((f) => f.status !== 'awaiting_payment').map((f) => f.id));
  for (const orderId of new Set(held.filter((f) => waiting.has(f.id)).map((f) => f.order_id))) {
    const order = await lockOrder(trx, orderId);
    const parts = await lockFulfilments(trx, orderId);
    // Read again under the lock: the buyer may have cancelled meanwhile.
    const chosen = parts.filter((p) => waiting.has(p.id) && (WAITING_FOR_HARVEST as readonly string[]).includes(p.status));
    if (order === undefined || chosen.length === 0) continue;
    const change = { status: 'ready_to_dispatch', note: catalogued(`The harvest is in: ${listing.name}`), actorId: null } as const;
    await moveParts(trx, order, parts, chosen, change);
    await tellBoth(trx, order, chosen, change.status, change.note);
  }
  return [{ productId: listing.id, category: listing.category, before: listing.stock_quantity, after: listing.stock_quantity }];
}
