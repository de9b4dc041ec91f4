import type { Order, OrderPayment, OrderPaymentStatus, PaymentMethod } from '@shambasoko/contracts';
import { Badge, type BadgeTone } from '@shambasoko/shared/ui';
import { formatDayTime } from '../../../lib/nairobi-time';
import { t, useT } from '../../../lib/i18n-orders';

export const methodName = (method: PaymentMethod) => t(`payment.method.${method}`);

/** Each payment state's badge tone. */
const TONES: Record<OrderPaymentStatus, BadgeTone> = {
  unpaid: 'warning',
  pending: 'warning',
  paid: 'success',
  declined: 'danger',
  timed_out: 'danger',
  failed: 'danger',
  flagged: 'warning',
};

export const paymentStatusLabel = (status: OrderPaymentStatus) => (status in TONES ? t(`payment.status.${status}`) : status);

export function PaymentStatusBadge({ payment }: { payment: Pick<OrderPayment, 'status'> }) {
  useT();
  return <Badge tone={TONES[payment.status] ?? 'neutral'}>{paymentStatusLabel(payment.status)}</Badge>;
}

export const formatPaidAt = (iso: string | null) => (iso ? formatDayTime(iso) : null);

/** "M-Pesa · receipt SKL3ABC12X", "Visa •••• 1111", "Bank transfer · reference SS-000123": how it was (or is to be) paid. */
export function paymentDetails(order: Pick<Order, 'number' | 'payment'>): string {
  const p = order.payment;
  const parts: string[] = [];
  if (p.method === 'card') parts.push(p.brand && p.last4 ? `${p.brand} •••• ${p.last4}` : methodName('card'));
  else parts.push(methodName(p.method));
  if (p.method === 'mpesa' && p.phone) parts.push(p.phone);
  if (p.receipt) parts.push(t(p.method === 'mpesa' ? 'payment.receipt' : 'payment.ref', { receipt: p.receipt }));
  else if (p.method === 'bank') parts.push(t('payment.reference', { reference: p.bank?.reference ?? order.number }));
  if (p.status === 'paid' && p.confirmedBy) parts.push(t('payment.confirmedBy', { name: p.confirmedBy }));
  return parts.join(' · ');
}
