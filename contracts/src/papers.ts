// Statements and receipts (issue 40): a seller's month from the books, a buyer's receipt per order,
// both as PDFs, and links that open them without signing in.
import { z } from 'zod';
import { kesAmount } from './fields';

/** YYYY-MM, a month in Nairobi time. */
export const STATEMENT_MONTH = /^20\d{2}-(0[1-9]|1[0-2])$/;
export const statementMonthSchema = z
  .string({ error: 'must be a month such as 2026-11' })
  .max(7, { abort: true, message: 'must be a month such as 2026-11' })
  .regex(STATEMENT_MONTH, 'must be a month such as 2026-11');

export const statementParamsSchema = z.object({ month: statementMonthSchema });

export const STATEMENT_LINE_KINDS = ['sale', 'commission', 'delivery', 'refund', 'payout', 'adjustment'] as const;

export const statementLineSchema = z.object({
  /** ISO date-time. */
  at: z.string(),
  /** SS-000123, or null for a line of no order (a payout). */
  orderNumber: z.string().nullable(),
  kind: z.enum(STATEMENT_LINE_KINDS),
  /** Shillings: positive adds to what the seller is owed, negative takes from it. */
  amount: z.number().int(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

/** GET /v1/seller/statements/:month. closing = opening + sales − commission + delivery − refunds − payouts + adjustments. */
export const sellerStatementSchema = z.object({
  month: z.string(),
  shopName: z.string(),
  opening: z.number().int(),
  /** Goods sold on parts paid in the month, before commission. */
  sales: kesAmount(),
  commission: z.number().int(),
  delivery: kesAmount(),
  /** What buyers got back for cancelled or refunded parts. */
  refunds: z.number().int(),
  payouts: z.number().int(),
  adjustments: z.number().int(),
  closing: z.number().int(),
  lines: z.array(statementLineSchema),
});
export type SellerStatement = z.infer<typeof sellerStatementSchema>;

export const SHARE_LINK_DAYS = 7;

/** Body of POST /v1/share-links: the caller's own receipt or statement. */
export const shareLinkRequestSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('receipt'), orderId: z.string().max(64, 'must be an order id') }),
    z.object({ kind: z.literal('statement'), month: statementMonthSchema }),
  ],
  { error: 'must be a receipt with an orderId or a statement with a month' },
);
export type ShareLinkRequest = z.infer<typeof shareLinkRequestSchema>;

export const shareLinkSchema = z.object({
  /** Opens the PDF without signing in until expiresAt. */
  url: z.string(),
  /** ISO date-time. */
  expiresAt: z.string(),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

/** The token of GET /v1/shared/:token.pdf: 32 random bytes, base64url. */
export const sharedParamsSchema = z.object({ token: z.string().max(64) });
