import type { Kysely, Transaction } from 'kysely';
import type { PromoValidation } from '@shambasoko/contracts';
import { formatKES } from '@shambasoko/contracts';
import type { Database } from '../../../db/schema';
import { ApiError } from '../../../http/envelope';
import { countRedemptions, findPromo } from './repository';

const normalisePromoCode = (code: string): string => code.trim().toUpperCase();

const PROMO_USED_BY_YOU = 'You have already used this promo code.';
const PROMO_USED_UP = 'This promo code has been fully used.';

export interface PromoCheck {
  /** The buyer whose own uses count against the per-buyer limit; null for a guest. */
  userId: string | null;
  /** Inside an order's transaction: lock the promo so concurrent orders count its uses in turn. */
  forUpdate?: boolean;
  now?: Date;
}

/** The promo's discount on this subtotal (never more than the subtotal), or a 400 saying why not. */
export async function validatePromo(
  db: Kysely<Database> | Transaction<Database>,
  rawCode: string,
  subtotal: number,
  { userId, forUpdate = false, now = new Date() }: PromoCheck,
): Promise<PromoValidation> {
  const code = normalisePromoCode(rawCode);
  if (code === '') throw new ApiError(400, 'Enter a promo code');
  const promo = await findPromo(db, code, { forUpdate });
  if (promo === undefined || !promo.active) throw new ApiError(400, `Promo code ${code} is not valid`);
  if (promo.expires_at !== null && promo.expires_at.getTime() <= now.getTime()) {
    throw new ApiError(400, `Promo code ${code} has expired`);
  }
  if (promo.max_uses !== null || (promo.max_uses_per_user !== null && userId !== null)) {
    const used = await countRedemptions(db, code, userId);
    // The buyer's own limit first: "fully used" would be wrong news to someone who used it already.
    if (promo.max_uses_per_user !== null && used.mine >= promo.max_uses_per_user) throw new ApiError(400, PROMO_USED_BY_YOU);
    if (promo.max_uses !== null && used.total >= promo.max_uses) throw new ApiError(400, PROMO_USED_UP);
  }
  if (subtotal < promo.min_order) {
    throw new ApiError(400, `Promo code ${code} needs an order of at least ${formatKES(promo.min_order)}`);
  }
  const discount = promo.type === 'percentage' ? Math.floor((subtotal * promo.value) / 100) : Math.min(promo.value, subtotal);
  return { code: promo.code, type: promo.type, value: promo.value, discount };
}
