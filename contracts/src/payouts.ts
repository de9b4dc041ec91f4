import { z } from 'zod';
import { kenyanPhoneField, kesAmount } from './fields';

/** Where a payout or refund by M-Pesa is: pending (not yet accepted by M-Pesa), sent, paid, failed. */
export const DISBURSEMENT_STATUSES = ['pending', 'sent', 'paid', 'failed'] as const;
export type DisbursementStatusValue = (typeof DISBURSEMENT_STATUSES)[number];

/** POST /v1/seller/payouts: an amount, or nothing for everything available. */
export const payoutRequestSchema = z.strictObject({
  amount: kesAmount().pipe(z.number().min(1, 'must be at least 1 shilling')).optional(),
});
export type PayoutRequest = z.infer<typeof payoutRequestSchema>;

export const payoutSchema = z.object({
  id: z.string(),
  amount: kesAmount(),
  /** The M-Pesa number it goes to, masked (+254 7•• ••• 678). */
  phone: z.string(),
  status: z.enum(DISBURSEMENT_STATUSES),
  /** M-Pesa's receipt once paid. */
  receipt: z.string().nullable(),
  automatic: z.boolean(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type Payout = z.infer<typeof payoutSchema>;

export const payoutSettingsSchema = z.object({
  automatic: z.boolean(),
  /** The payout phone the seller set; null: their shop's phone. */
  phone: z.string().nullable(),
  /** Where a payout goes now (the payout phone, else the shop's), in full: it is the seller's own. */
  payoutPhone: z.string().nullable(),
  minKes: kesAmount(),
  dailyLimitKes: kesAmount(),
});
export type PayoutSettings = z.infer<typeof payoutSettingsSchema>;

/** GET /v1/seller/payouts: the newest first, and how payouts are set. */
export const payoutListSchema = z.object({ items: z.array(payoutSchema), settings: payoutSettingsSchema });
export type PayoutList = z.infer<typeof payoutListSchema>;

/** PUT /v1/seller/payout-settings. An empty phone goes back to the shop's phone. */
export const payoutSettingsRequestSchema = z.strictObject({
  automatic: z.boolean(),
  phone: z.union([z.literal('').transform(() => null), z.null(), kenyanPhoneField('must be an M-Pesa number such as 0712 345 678')]),
});
export type PayoutSettingsRequest = z.input<typeof payoutSettingsRequestSchema>;
