import type { Order, OrderPayment, OrderPaymentStatus, PaymentMethod } from '@shambasoko/shared';
import { Badge, type BadgeTone } from '@shambasoko/shared/ui';
import { formatDayTime } from '../../../lib/nairobi-time';

export const METHOD_NAMES: Record<PaymentMethod, string> = { mpesa: 'M-Pesa', card: 'Card', bank: 'Bank transfer' };

/** Each payment state's badge: its words and tone. */
const STATUS: Record<OrderPaymentStatus, [label: string, tone: BadgeTone]> = {
  unpaid: ['Not paid yet', 'warning'],
  pending: ['Payment pending', 'warning'],
  paid: ['Paid', 'success'],
  declined: ['Declined', 'danger'],
  timed_out: ['Timed out', 'danger'],
  failed: ['Failed', 'danger'],
  flagged: ['Under review', 'warning'],
};

export const paymentStatusLabel = (status: OrderPaymentStatus) => STATUS[status]?.[0] ?? status;

export function PaymentStatusBadge({ payment }: { payment: Pick<OrderPayment, 'status'> }) {
  const [label, tone] = STATUS[payment.status] ?? [payment.status, 'neutral'];
  return <Badge tone={tone}>{label}</Badge>;
}

export const formatPaidAt = (iso: string | null) => (iso ? formatDayTime(iso) : null);

/** "M-Pesa · receipt SKL3ABC12X", "Visa •••• 1111", "Bank transfer · reference SS-000123": how it was (or is to be) paid. */
export function paymentDetails(order: Pick<Order, 'number' | 'payment'>): string {
  const p = order.payment;
  const parts: string[] = [];
  if (p.method === 'card') parts.push(p.brand && p.last4 ? `${p.brand} •••• ${p.last4}` : 'Card');
  else parts.push(METHOD_NAMES[p.method]);
  if (p.method === 'mpesa' && p.phone) parts.push(p.phone);
  if (p.receipt) parts.push(p.method === 'mpesa' ? `receipt ${p.receipt}` : `ref ${p.receipt}`);
  else if (p.method === 'bank') parts.push(`reference ${p.bank?.reference ?? order.number}`);
  if (p.status === 'paid' && p.confirmedBy) parts.push(`confirmed by ${p.confirmedBy}`);
  return parts.join(' · ');
}
