import type { Order, PlaceOrderRequest } from '@shambasoko/contracts';
import { api } from '@shambasoko/shared';

/** POST /v1/orders; the key makes a retry or a double click return the same order instead of a second one. */
export const placeOrder = ({ body, idempotencyKey }: { body: PlaceOrderRequest; idempotencyKey: string }) =>
  api.post<Order>('/v1/orders', body, { headers: { 'Idempotency-Key': idempotencyKey } });

export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Non-secure contexts lack randomUUID; getRandomValues is still there.
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
