// The payment values a form shows before it checks anything, without zod (payments.ts re-exports them):
// a page that only shows the limit does not download the schemas.

/** Safaricom takes at most this much in one M-Pesa Express payment: a larger order is paid another way. */
export const MPESA_MAX_AMOUNT = 250_000;

/** How an order's number reads everywhere: SS-000042. */
export const orderNumber = (n: number): string => `SS-${String(n).padStart(6, '0')}`;
