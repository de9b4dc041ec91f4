import type { Order, OrderStatus } from '@shambasoko/shared';
import { Badge, type BadgeTone } from '@shambasoko/shared/ui';

const STATUS: Record<OrderStatus, { label: string; tone: BadgeTone }> = {
  pending_payment: { label: 'Pending payment', tone: 'warning' },
  paid: { label: 'Paid', tone: 'info' },
  shipped: { label: 'Shipped', tone: 'info' },
  delivered: { label: 'Delivered', tone: 'success' },
  cancelled: { label: 'Cancelled', tone: 'danger' },
  expired: { label: 'Expired', tone: 'neutral' },
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const s = STATUS[status] ?? { label: status, tone: 'neutral' as const };
  return <Badge tone={s.tone}>{s.label}</Badge>;
}

const dateTimeFormat = new Intl.DateTimeFormat('en-KE', {
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Africa/Nairobi',
});

/**
 * What the buyer needs to know about the status: why an order expired (the API's reason), or until
 * when an unpaid one holds its items. Nothing for the other states.
 */
export function orderStatusNote(order: Pick<Order, 'status' | 'statusReason' | 'paymentDueAt'>): string | null {
  if (order.status === 'expired') return order.statusReason ?? 'Not paid in time; the items were returned to stock.';
  if (order.status === 'pending_payment' && order.paymentDueAt) {
    const due = new Date(order.paymentDueAt);
    if (!Number.isNaN(due.getTime()))
      return `Awaiting payment until ${dateTimeFormat.format(due)}; after that the order expires and its items go back to stock.`;
  }
  return order.statusReason;
}

const dateFormat = new Intl.DateTimeFormat('en-KE', { day: 'numeric', month: 'short', year: 'numeric' });
export const formatOrderDate = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateFormat.format(d);
};
