import type { Dispute } from '@shambasoko/contracts';
import { timestampFromJson } from '../../../db/json-dates';
import { orderNumber } from '../orders/status';
import type { DisputeJson, DisputeRow } from './repository';

// A dispute as the contract shapes it; apart from the service so a seller's sales list can carry
// its parts' disputes without importing the dispute rules.

export function toDispute(row: DisputeRow): Dispute {
  return {
    id: row.id,
    orderId: row.order_id,
    orderNumber: orderNumber(row.order_number),
    fulfilmentId: row.fulfilment_id,
    sellerName: row.seller_name,
    buyerName: row.buyer_name ?? '',
    status: row.status,
    reason: row.reason,
    note: row.note,
    photos: row.photos.map((p) => `/static/${p}`),
    sellerNote: row.seller_note,
    sellerPhotos: row.seller_photos.map((p) => `/static/${p}`),
    sellerAnsweredAt: row.seller_answered_at?.toISOString() ?? null,
    partAmount: Number(row.part_amount),
    refundAmount: row.refund_amount === null ? null : Number(row.refund_amount),
    decisionReason: row.decision_reason,
    decidedAt: row.decided_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  };
}

/** A dispute read as JSON inside a larger statement (`latestDisputeJson`). */
export function disputeFromJson(json: DisputeJson): Dispute {
  const at = (text: string | null) => (text === null ? null : timestampFromJson(text));
  return toDispute({
    ...json,
    seller_answered_at: at(json.seller_answered_at),
    decided_at: at(json.decided_at),
    created_at: timestampFromJson(json.created_at),
  });
}
