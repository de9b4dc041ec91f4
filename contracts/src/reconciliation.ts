// The Admin's reconciliation (issue 40): money in by payment method as the payment attempts and the
// books each see it, money out (payouts, refunds), what the books still hold, and the bank and card
// refunds an Admin pays by hand. Amounts are integer shillings; days are Nairobi days.
import { z } from 'zod';
import { boundedText, requiredText } from './fields';
import { paymentMethodSchema } from './payments';

const money = z.number().int();

/** GET /v1/admin/reconciliation?from&to (both optional: today by default). */
export const reconciliationSchema = z.object({
  range: z.object({ from: z.string(), to: z.string() }),
  /** Per method: paid attempts against the books' cash debits of kind 'payment'; difference = payments - ledger. */
  moneyIn: z.array(z.object({ method: paymentMethodSchema, payments: money, ledger: money, difference: money })),
  /** Payouts confirmed to sellers (cash:mpesa credits of kind 'payout') in the range. */
  payoutsOut: money,
  /** Refunds paid back to buyers (cash credits of kind 'refund_paid') in the range. */
  refundsPaid: money,
  /** All time up to the range's end. */
  refundsDue: money,
  heldForSellers: z.object({ pending: money, available: money, paying: money }),
  commissionEarned: money,
  /** Payment attempts flagged for review in the range. */
  flaggedPayments: z.object({ count: z.number().int().min(0), amount: money }),
  /** What the paybill should hold: the cash:mpesa balance, all time up to the range's end. */
  paybillExpected: money,
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;

export const MANUAL_REFUND_STATES = ['due', 'settled'] as const;
export const manualRefundStateSchema = z.enum(MANUAL_REFUND_STATES, { error: 'must be due or settled' });
export type ManualRefundState = z.infer<typeof manualRefundStateSchema>;

/** GET /v1/admin/refunds?state=due|settled (due by default). */
export const manualRefundQuerySchema = z.object({ state: manualRefundStateSchema.default('due') });
export type ManualRefundQuery = z.input<typeof manualRefundQuerySchema>;

export const manualRefundSchema = z.object({
  fulfilmentId: z.string(),
  orderId: z.string(),
  /** e.g. "SS-000123". */
  orderNumber: z.string(),
  buyerName: z.string(),
  sellerName: z.string(),
  method: paymentMethodSchema,
  amount: money,
  /** Due: when the part was cancelled; settled: when it was settled. */
  since: z.string(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  settledBy: z.string().nullable(),
});
export type ManualRefund = z.infer<typeof manualRefundSchema>;
export const manualRefundListSchema = z.object({ items: z.array(manualRefundSchema) });
export type ManualRefundList = z.infer<typeof manualRefundListSchema>;

export const manualRefundParamsSchema = z.object({ fulfilmentId: z.string() });

/** POST /v1/admin/refunds/:fulfilmentId/settle */
export const settleRefundSchema = z.object({ reference: requiredText(100), note: boundedText(500).default('') }, { error: 'is required' });
export type SettleRefund = z.input<typeof settleRefundSchema>;
