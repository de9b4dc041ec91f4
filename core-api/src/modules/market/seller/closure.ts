import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { StockChange } from '../catalog/cache';
import { cancelUnpaidSales } from '../fulfilments/commands';
import { paidSalesToFinish } from '../fulfilments/queries';
import { declineOpenRequests } from '../services/service';

// Account erasure closes the shop the account ran (issue 38): nobody is left to answer its buyers,
// so nothing in it may stay for sale, and its contact details are personal data.

type Db = Kysely<Database>;

/** The caller's shop and the paid orders it still has to deliver (none: it may close). */
export async function shopToFinish(db: Db, userId: string): Promise<{ shop: string; orders: string[] } | null> {
  const seller = await db.selectFrom('sellers').select(['id', 'name']).where('user_id', '=', userId).executeTakeFirst();
  if (seller === undefined) return null;
  return { shop: seller.name, orders: await paidSalesToFinish(db, seller.id) };
}

/**
 * In the erasure's transaction: pauses every listing, cancels the sales still waiting for payment
 * (stock back, buyers told), declines open service requests, and closes the shop: off the storefront,
 * no phone, WhatsApp, pick-up place or e-mail. The row stays, since past orders name their seller.
 * Answers the stock returned, or null when the account ran no shop.
 */
export async function closeShop(trx: Db, userId: string): Promise<{ stock: StockChange[] } | null> {
  const seller = await trx.selectFrom('sellers').select('id').where('user_id', '=', userId).forUpdate().executeTakeFirst();
  if (seller === undefined) return null;
  // Orders are locked before their products, as every step locks them. Pausing waits for a checkout
  // holding these products; the second pass cancels what such a checkout placed meanwhile.
  const stock = await cancelUnpaidSales(trx, seller.id);
  await trx.updateTable('products').set({ status: 'paused' }).where('seller_id', '=', seller.id).where('status', '=', 'active').execute();
  stock.push(...(await cancelUnpaidSales(trx, seller.id)));
  await declineOpenRequests(trx, seller.id);
  await trx
    .updateTable('sellers')
    .set({ phone: '', whatsapp: null, pickup_location: '', email: '', description: '', avatar: null, closed_at: new Date() })
    .where('id', '=', seller.id)
    .execute();
  return { stock };
}
