import { z } from 'zod';
import { boundedText, kesAmount, requiredText } from './fields';

// After delivery (issue 40): the buyer confirms a part or reports a problem; the seller answers; an
// Admin decides. Routes: /v1/orders/:id/fulfilments/:fulfilmentId/… (buyer), /v1/seller/sales/:id/dispute…
// (seller), /v1/admin/disputes… (Admin).

export const DISPUTE_REASONS = ['not_received', 'not_as_described', 'damaged'] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];
export const DISPUTE_STATUSES = ['open', 'refunded', 'released'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];
/** Photos per side of a dispute. */
export const MAX_DISPUTE_PHOTOS = 3;
export const MAX_DISPUTE_NOTE = 1000;

/** POST /v1/orders/:id/fulfilments/:fulfilmentId/dispute */
export const openDisputeRequestSchema = z.object(
  {
    reason: z.enum(DISPUTE_REASONS, { error: 'must be not_received, not_as_described or damaged' }),
    note: requiredText(MAX_DISPUTE_NOTE),
  },
  { error: 'is required' },
);
export type OpenDisputeRequest = z.input<typeof openDisputeRequestSchema>;

/** POST /v1/seller/sales/:id/dispute/answer */
export const disputeAnswerRequestSchema = z.object({ note: requiredText(MAX_DISPUTE_NOTE) }, { error: 'is required' });
export type DisputeAnswerRequest = z.input<typeof disputeAnswerRequestSchema>;

/** POST /v1/admin/disputes/:id/decide: a refund names its amount (at most what the buyer paid for the part). */
export const disputeDecisionRequestSchema = z
  .object(
    {
      outcome: z.enum(['refund', 'release'], { error: 'must be refund or release' }),
      amount: kesAmount().min(1, 'must be at least 1').optional(),
      reason: requiredText(500),
    },
    { error: 'is required' },
  )
  .refine((d) => d.outcome === 'release' || d.amount !== undefined, { path: ['amount'], message: 'is required for a refund' });
export type DisputeDecisionRequest = z.input<typeof disputeDecisionRequestSchema>;

export const disputeSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  /** SS-000123 */
  orderNumber: z.string(),
  fulfilmentId: z.string(),
  sellerName: z.string(),
  buyerName: z.string(),
  status: z.enum(DISPUTE_STATUSES),
  reason: z.enum(DISPUTE_REASONS),
  note: z.string(),
  /** Paths under /static/uploads/. */
  photos: z.array(z.string()),
  sellerNote: z.string().nullable(),
  sellerPhotos: z.array(z.string()),
  sellerAnsweredAt: z.string().nullable(),
  /** What the buyer paid for the part: the most a refund may be. */
  partAmount: kesAmount(),
  refundAmount: kesAmount().nullable(),
  decisionReason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Dispute = z.infer<typeof disputeSchema>;

/** GET /v1/orders/:id/aftercare: per delivered (or dispatched) part, what the buyer may do now. */
export const partAftercareSchema = z.object({
  fulfilmentId: z.string(),
  deliveredAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  /** The seller's earnings on the part were released. */
  released: z.boolean(),
  canConfirm: z.boolean(),
  /** Until when a problem may be reported (delivery + the dispute window); null before delivery. */
  disputeUntil: z.string().nullable(),
  canDispute: z.boolean(),
  /** The part's latest dispute, open or decided. */
  dispute: disputeSchema.nullable(),
});
export type PartAftercare = z.infer<typeof partAftercareSchema>;
export const orderAftercareSchema = z.object({ parts: z.array(partAftercareSchema) });
export type OrderAftercare = z.infer<typeof orderAftercareSchema>;

/** GET /v1/seller/sales/:id/dispute */
export const saleDisputeSchema = z.object({ dispute: disputeSchema.nullable() });
export type SaleDispute = z.infer<typeof saleDisputeSchema>;

/** GET /v1/admin/disputes?status: open ones oldest first; decided ones newest first. */
export const disputeQuerySchema = z.object({
  status: z.enum(['open', 'decided'], { error: 'must be open or decided' }).default('open'),
});
export const disputePageSchema = z.object({ items: z.array(disputeSchema) });
export type DisputePage = z.infer<typeof disputePageSchema>;
export const disputeParamsSchema = z.object({ id: z.string() });

/** POST /v1/operator/jobs/:name/run: runs one scheduled job now, as if the time were `at` (not in production). */
export const runJobRequestSchema = z.object({ at: z.iso.datetime({ offset: true, error: 'must be an ISO date-time' }).optional() });
export const runJobParamsSchema = z.object({ name: boundedText(64) });
export const runJobAnswerSchema = z.object({ job: z.string(), ran: z.boolean(), at: z.string() });
