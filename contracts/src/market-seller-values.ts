// The seller's values as plain data, without zod (market-seller.ts builds its schemas from them and
// re-exports them): a seller's form page shows its choices before anything is checked, so it does not
// download the validation library with its first screen.

export const SELLER_KINDS = ['farmer', 'cooperative', 'agrovet', 'supplier', 'retailer', 'equipment_dealer', 'service_provider'] as const;

export const LISTING_UNITS = ['kg', 'bag_90kg', 'crate', 'litre', 'piece', 'acre'] as const;
type ListingUnit = (typeof LISTING_UNITS)[number];
/** The words a unit shows as on product cards ("per 90 kg bag"); `acre` is for services. */
export const LISTING_UNIT_LABELS: Record<ListingUnit, string> = {
  kg: 'per kg',
  bag_90kg: 'per 90 kg bag',
  crate: 'per crate',
  litre: 'per litre',
  piece: 'per piece',
  acre: 'per acre',
};
/** One unit's weight in kg, for the delivery fee; units that are not weights count as 1 kg (a crate of produce ~20 kg). */
export const LISTING_UNIT_WEIGHT_KG: Record<ListingUnit, number> = { kg: 1, bag_90kg: 90, crate: 20, litre: 1, piece: 1, acre: 0 };
/** Units whose quantity converts by weight; a litre, piece or acre does not turn into kilograms. */
const WEIGHED_UNITS: readonly ListingUnit[] = ['kg', 'bag_90kg', 'crate'];
/**
 * A quantity in another unit, whole (at least 1): 2,428 kg is 27 90 kg bags. Between units that are
 * not both weights the number is kept, since there is nothing to convert by.
 */
export function convertListingQuantity(quantity: number, from: ListingUnit, to: ListingUnit): number {
  if (from === to || !WEIGHED_UNITS.includes(from) || !WEIGHED_UNITS.includes(to)) return quantity;
  return Math.max(1, Math.round((quantity * LISTING_UNIT_WEIGHT_KG[from]) / LISTING_UNIT_WEIGHT_KG[to]));
}

export const STOCK_REASONS = ['restock', 'correction', 'damaged', 'lost', 'returned', 'harvest'] as const;

/** Photos: at most this many bytes as uploaded, this many per listing. */
export const MAX_PHOTO_BYTES = 8 * 1024 * 1024;
export const MAX_PHOTOS_PER_LISTING = 6;
