import type { Order, OrderPayment, OrderPaymentStatus, PaymentMethod } from '@shambasoko/shared';
import { Badge, type BadgeTone } from '@shambasoko/shared/ui';

export const METHOD_NAMES: Record<PaymentMethod, string> = { mpesa: 'M-Pesa', card: 'Card', bank: 'Bank transfer' };

const STATUS: Record<OrderPaymentStatus, { label: string; tone: BadgeTone }> = {
  unpaid: { label: 'Not paid yet', tone: 'warning' },
  pending: { label: 'Payment pending', tone: 'warning' },
  paid: { label: 'Paid', tone: 'success' },
  declined: { label: 'Declined', tone: 'danger' },
  timed_out: { label: 'Timed out', tone: 'danger' },
  failed: { label: 'Failed', tone: 'danger' },
  flagged: { label: 'Under review', tone: 'warning' },
};

export const paymentStatusLabel = (status: OrderPaymentStatus) => STATUS[status]?.label ?? status;

export function PaymentStatusBadge({ payment }: { payment: Pick<OrderPayment, 'status'> }) {
  const s = STATUS[payment.status] ?? { label: payment.status, tone: 'neutral' as const };
  return <Badge tone={s.tone}>{s.label}</Badge>;
}

const paidAtFormat = new Intl.DateTimeFormat('en-KE', {
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Africa/Nairobi',
});

export const formatPaidAt = (iso: string | null) => {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : paidAtFormat.format(d);
};

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
