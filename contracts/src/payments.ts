// Payments contract (issue 16): how a buyer pays an order (M-Pesa STK push, a card on the provider's
// hosted page, or a bank transfer), what an order says about its payment, and the Admin's review of
// payments that did not add up. Card numbers and CVVs have no field here on purpose: they are typed
// on the card provider's page and never reach ShambaSoko.
import { z } from 'zod';
import { kenyanPhoneField, kesAmount } from './fields';
import { formatKES } from './money';
import { categorySchema } from './market';

export const PAYMENT_METHODS = ['mpesa', 'card', 'bank'] as const;
export const paymentMethodSchema = z.enum(PAYMENT_METHODS, { error: 'must be mpesa, card or bank' });
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
/** The methods a provider confirms (a bank transfer is confirmed by a person). */
export type ProviderPaymentMethod = Exclude<PaymentMethod, 'bank'>;

import { MPESA_MAX_AMOUNT } from './payment-values';

export { MPESA_MAX_AMOUNT, orderNumber } from './payment-values';
/** The API's refusal of M-Pesa for a larger order (placement or Try again). */
export const MPESA_TOO_LARGE_MESSAGE = `M-Pesa takes up to ${formatKES(MPESA_MAX_AMOUNT)} per payment. Pay this order by bank transfer.`;

/**
 * One payment attempt, as the ledger keeps it.
 * - `pending`: the provider took the request (the PIN prompt is on the phone, the hosted page is open).
 * - `paid`: the provider confirmed the full amount.
 * - `declined`: the buyer cancelled the prompt, entered a wrong PIN, lacked funds, or the card was refused.
 * - `timed_out`: nobody answered the prompt and the status query confirmed no payment.
 * - `failed`: the request never reached the provider (down, refused); nothing was charged.
 * - `flagged`: the provider reported money that does not match the order; an Admin must look.
 */
export const PAYMENT_ATTEMPT_STATUSES = ['pending', 'paid', 'declined', 'timed_out', 'failed', 'flagged'] as const;
export const paymentAttemptStatusSchema = z.enum(PAYMENT_ATTEMPT_STATUSES);
export type PaymentAttemptStatus = z.infer<typeof paymentAttemptStatusSchema>;

/** The order's payment, as the buyer reads it: `unpaid` until a first attempt, else the latest attempt's state. */
export const ORDER_PAYMENT_STATUSES = ['unpaid', ...PAYMENT_ATTEMPT_STATUSES] as const;
export const orderPaymentStatusSchema = z.enum(ORDER_PAYMENT_STATUSES);
export type OrderPaymentStatus = z.infer<typeof orderPaymentStatusSchema>;

/** Where a bank transfer goes; the order number is the reference to quote. */
export const bankTransferDetailsSchema = z.object({
  bankName: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
  /** M-Pesa Paybill of the bank account ("pay to bank by M-Pesa"), or null. */
  paybill: z.string().nullable(),
  /** What to quote: the order number. */
  reference: z.string(),
});
export type BankTransferDetails = z.infer<typeof bankTransferDetailsSchema>;

export const orderPaymentSchema = z.object({
  method: paymentMethodSchema,
  status: orderPaymentStatusSchema,
  /** The latest attempt's words for the buyer, e.g. "Check your phone and enter your M-Pesa PIN…"; null when unpaid. */
  message: z.string().nullable(),
  /** M-Pesa: the number prompted, masked (+254 7•• ••• 678). */
  phone: z.string().nullable(),
  /** The provider's receipt: the M-Pesa receipt number, the card confirmation code, or the bank reference recorded. */
  receipt: z.string().nullable(),
  /** ISO date-time the payment was confirmed, or null. */
  paidAt: z.string().nullable(),
  /** Bank transfer: who marked it paid ("Seller" or "Admin"), or null. */
  confirmedBy: z.string().nullable(),
  /** Card: brand and last four digits as the provider reported them (never from our forms). */
  brand: z.string().nullable(),
  last4: z.string().nullable(),
  /** Card, while pending: the provider's hosted page to finish paying on. */
  redirectUrl: z.string().nullable(),
  /** True when the buyer may start another attempt (declined, timed out, failed, or card left unfinished). */
  canRetry: z.boolean(),
  /**
   * What is still to pay while the order waits: its live parts awaiting payment (items and delivery, less
   * their share of the discount). Lower than the total once a part is cancelled or a seller confirmed
   * their own part; 0 once nothing waits.
   */
  amountDue: kesAmount(),
  /** Bank transfer: the account and the reference to quote; null for other methods. */
  bank: bankTransferDetailsSchema.nullable(),
});
export type OrderPayment = z.infer<typeof orderPaymentSchema>;

/** Checkout's payment choice. M-Pesa needs the phone to prompt; card and bank need nothing more. */
const onlyTheseFields = {
  error: (issue: { code?: string }) =>
    issue.code === 'unrecognized_keys'
      ? 'takes no card details: they are typed on the card provider’s page, never sent to ShambaSoko'
      : undefined,
};

export const mpesaPhoneField = () =>
  kenyanPhoneField('must be an M-Pesa number such as 0712 345 678 or +254 712 345 678', 'is required for M-Pesa');

export const paymentRequestSchema = z.discriminatedUnion(
  'method',
  [
    z.strictObject({ method: z.literal('mpesa'), phone: mpesaPhoneField() }, onlyTheseFields),
    z.strictObject({ method: z.literal('card') }, onlyTheseFields),
    z.strictObject({ method: z.literal('bank') }, onlyTheseFields),
  ],
  { error: 'must be mpesa, card or bank' },
);
export type PaymentRequest = z.input<typeof paymentRequestSchema>;

/** Body of POST /v1/orders/:id/payments: Try again, by M-Pesa (any number) or card. */
export const startPaymentRequestSchema = z.discriminatedUnion(
  'method',
  [
    z.strictObject({ method: z.literal('mpesa'), phone: mpesaPhoneField() }, onlyTheseFields),
    z.strictObject({ method: z.literal('card') }, onlyTheseFields),
  ],
  { error: 'must be mpesa or card' },
);
export type StartPaymentRequest = z.input<typeof startPaymentRequestSchema>;

// ---- The Admin's review --------------------------------------------------------------------------

export const paymentLedgerEntrySchema = z.object({
  /** request, response, callback, query, notification, confirmation, manual, flag, error */
  kind: z.string(),
  providerRef: z.string().nullable(),
  amount: kesAmount().nullable(),
  resultCode: z.string().nullable(),
  /** One line on what happened, e.g. "Callback: ResultCode 0, receipt SKL3ABC12X, Ksh 1,000". */
  summary: z.string(),
  createdAt: z.string(),
});
export type PaymentLedgerEntry = z.infer<typeof paymentLedgerEntrySchema>;

export const adminPaymentSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  method: paymentMethodSchema,
  status: paymentAttemptStatusSchema,
  /** What the order asked for. */
  amount: kesAmount(),
  /** What the provider reported, or null. */
  reportedAmount: kesAmount().nullable(),
  receipt: z.string().nullable(),
  phone: z.string().nullable(),
  /** Why it was flagged, e.g. "Callback reported Ksh 10 for an order of Ksh 1,000". */
  flagReason: z.string().nullable(),
  createdAt: z.string(),
  ledger: z.array(paymentLedgerEntrySchema),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

export const adminPaymentListQuerySchema = z.object({ status: paymentAttemptStatusSchema.default('flagged') });
export const adminPaymentListSchema = z.array(adminPaymentSchema);

// ---- Commission (issue 40) -------------------------------------------------------------------------

/** The market's commission on goods when a category has no rate of its own: 5 %. */
export const DEFAULT_COMMISSION_BP = 500;

/** GET /v1/market/commission-rates: what the market keeps of each sale's goods, per category (never of delivery). */
export const commissionRatesSchema = z.object({
  rates: z.array(
    z.object({
      category: categorySchema,
      /** Basis points: 500 is 5 %. */
      rateBp: z.number().int().min(0).max(5000),
    }),
  ),
});
export type CommissionRates = z.infer<typeof commissionRatesSchema>;

/** PUT /v1/admin/commission-rates/:category (Admin). */
export const commissionRateRequestSchema = z.object({ rateBp: z.number().int().min(0).max(5000) }).strict();
export const commissionCategoryParamsSchema = z.object({ category: categorySchema });

/** GET /v1/seller/balance: what the books owe the seller, from the ledger's lines. */
export const sellerBalanceSchema = z.object({
  /** Earned on paid parts (goods less commission, plus delivery), held until delivery is confirmed. */
  pending: kesAmount(),
  /** Released earnings a payout may take. */
  available: kesAmount(),
  /** A payout sent to M-Pesa, not yet confirmed. */
  payingOut: kesAmount(),
  /** Confirmed paid out, ever. */
  paidOut: kesAmount(),
});
export type SellerBalance = z.infer<typeof sellerBalanceSchema>;
