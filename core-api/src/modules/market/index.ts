import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { OrderSide } from '../payments';
import {
  type CatalogCache,
  type StockChange,
  catalogChangedEverywhere,
  productsShownEverywhere,
  stockChangedEverywhere,
} from './catalog/cache';
import { cancelUnpaidOrders } from './fulfilments/commands';
import { amountDue, payWaitingParts } from './fulfilments/steps';
import { getOrder } from './orders/service';
import { closeShop, shopToFinish } from './seller/closure';
import { findSellerById } from './seller/repository';
import { adjustStock } from './seller/service';
import { type AdminListingFilters, adminListing, listAdminListings, sellersByVerified, setTakenDown } from './seller/take-down';

// The market's public interface to other modules: nothing else in market/ is imported from outside it
// (scripts/lint/boundaries.mjs). Account erasure (modules/me) and Management (modules/admin) use it too.

/** What payments asks of orders and tells them (connected in app.ts). */
export const paymentOrderSide: OrderSide = {
  amountDue,
  paymentSettled: async (trx, { orderId, note, method }) => {
    await payWaitingParts(trx, orderId, null, note, method ?? undefined);
  },
  orderFor: getOrder,
};

// For the Admin's order pages (modules/admin).
export { adminMarkPaid } from './fulfilments/commands';
export { getOrderForAdmin } from './orders/service';
// For farm crops: a crop's harvest updates the listings that sell it.
export { stockChangedEverywhere } from './catalog/cache';
export { cropHarvested } from './harvest/harvested';
// For farm income and profit (issue 42): paid sales of a crop's listings.
export { cropSales } from './harvest/crop-sales';
// For the farm report for a loan (issue 42): the papers' PDF parts, language and share links.
export { dateIn, heading, paperFooter, render, row } from './papers/pdf';
export { type FarmReportLink, type Paper, connectFarmReports, createFarmReportLink, preferredLanguage } from './papers/service';

// For account erasure (modules/me).

/** What erasing an account changed in the market; hand it to `publishMarketChanges` once committed. */
interface MarketErasure {
  shopClosed: boolean;
  stock: StockChange[];
}

/** The account's shop and the paid orders it has still to deliver, or null when it runs no shop. */
export const shopLeftToFinish = (db: Kysely<Database>, userId: string) => shopToFinish(db, userId);

/**
 * In the erasure's transaction: closes the account's shop (listings paused, unpaid sales cancelled,
 * contact details and storefront gone) and cancels the account's own orders still waiting for
 * payment (stock back, sellers told). Call it after `shopLeftToFinish` found nothing to deliver.
 */
export async function closeMarketAccount(trx: Kysely<Database>, userId: string): Promise<MarketErasure> {
  const shop = await closeShop(trx, userId);
  const bought = await cancelUnpaidOrders(trx, userId);
  return { shopClosed: shop !== null, stock: [...(shop?.stock ?? []), ...bought] };
}

/**
 * After the commit: every API process's catalog forgets the answers the erasure made wrong, the pages
 * of the products the person reviewed included (their reviews now name a former customer).
 */
export function publishMarketChanges(changes: MarketErasure, reviewedProducts: readonly string[] = []): void {
  if (changes.shopClosed) catalogChangedEverywhere();
  else {
    stockChangedEverywhere(changes.stock);
    productsShownEverywhere(reviewedProducts);
  }
}

/** Management: every seller's listings (deleted ones excepted), newest first. */
export const listingsForAdmin = (db: Kysely<Database>, filters: AdminListingFilters, encode: (end: { at: string; id: string }) => string) =>
  listAdminListings(db, filters, encode);

export const listingForAdmin = (db: Kysely<Database>, id: string) => adminListing(db, id);

/**
 * Takes a listing down or restores it, audited, its seller told; every catalog cache forgets it
 * once committed. A taken-down listing leaves the catalog, search, storefront and cart.
 */
export async function takeDownListing(db: Kysely<Database>, adminId: string, id: string, down: boolean, reason: string) {
  await setTakenDown(db, adminId, id, down, reason);
  catalogChangedEverywhere();
  return adminListing(db, id);
}

/** The seller verification queue (verified=false) or the verified sellers. */
export const sellersByVerification = (db: Kysely<Database>, verified: boolean) => sellersByVerified(db, verified);

// For photos in messages (modules/messages): the listing photos' checks and encoding.
export { NOT_A_PHOTO, PHOTO_TOO_LARGE, processPhoto } from './seller/photos';

// For a shop's API key (modules/integrations): the shop's own system moves a listing's stock, recorded
// as a stock correction. Outside a request there is no app cache at hand; the broadcast reaches them all.
const everyCatalog = { stockChanged: stockChangedEverywhere } as unknown as CatalogCache;
export async function adjustStockForShop(db: Kysely<Database>, sellerId: string, productId: string, body: { delta: number; note: string }) {
  const [seller, owner] = await Promise.all([
    findSellerById(db, sellerId),
    db.selectFrom('sellers').select('user_id').where('id', '=', sellerId).executeTakeFirst(),
  ]);
  if (!seller) return null;
  // created_by may be null (a seeded shop has no account); the column allows it.
  return adjustStock(db, everyCatalog, seller, owner?.user_id as string, productId, { ...body, reason: 'correction' });
}
