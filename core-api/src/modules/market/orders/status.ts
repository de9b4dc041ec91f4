import type { OrderStatusValue } from '../../../db/schema';

/**
 * Orders whose money has arrived: the one place that says "paid". A purchase counts (reviews, sales)
 * only in these states; payment work adds its states here (e.g. refunded is not paid).
 */
const PAID_ORDER_STATUSES = ['paid', 'shipped', 'delivered'] as const satisfies readonly OrderStatusValue[];

export const isPaid = (status: OrderStatusValue): boolean => (PAID_ORDER_STATUSES as readonly OrderStatusValue[]).includes(status);

/** "72 hours", "1 hour", "30 minutes": a payment window in words. */
export function durationText(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes % 60 === 0) return minutes === 60 ? '1 hour' : `${minutes / 60} hours`;
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** What the buyer reads on an expired order; "{window}" is the payment window in words. */
export const EXPIRY_REASON = 'Not paid within {window}; the items were returned to stock.';
export const expiryReason = (windowMs: number): string => EXPIRY_REASON.replace('{window}', durationText(windowMs));

export { orderNumber } from '@shambasoko/contracts';
