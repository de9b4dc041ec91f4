import type { Kysely, Transaction } from 'kysely';
import type { PromoValidation } from '@shambasoko/shared';
import type { Database } from '../../../db/schema';
import { ApiError } from '../../../http/envelope';
import { findPromo } from './repository';

/** "KES 1,000": the server's messages carry amounts the way the front end shows them. */
export const kesText = (amount: number): string => `KES ${amount.toLocaleString('en-KE', { maximumFractionDigits: 0 })}`;

export const normalisePromoCode = (code: string): string => code.trim().toUpperCase();

/** The promo's discount on this subtotal (never more than the subtotal), or a 400 saying why not. */
export async function validatePromo(
  db: Kysely<Database> | Transaction<Database>,
  rawCode: string,
  subtotal: number,
  now = new Date(),
): Promise<PromoValidation> {
  const code = normalisePromoCode(rawCode);
  if (code === '') throw new ApiError(400, 'Enter a promo code');
  const promo = await findPromo(db, code);
  if (promo === undefined || !promo.active) throw new ApiError(400, `Promo code ${code} is not valid`);
  if (promo.expires_at !== null && promo.expires_at.getTime() <= now.getTime()) {
    throw new ApiError(400, `Promo code ${code} has expired`);
  }
  if (subtotal < promo.min_order) {
    throw new ApiError(400, `Promo code ${code} needs an order of at least ${kesText(promo.min_order)}`);
  }
  const discount = promo.type === 'percentage' ? Math.floor((subtotal * promo.value) / 100) : Math.min(promo.value, subtotal);
  return { code: promo.code, type: promo.type, value: promo.value, discount };
}
