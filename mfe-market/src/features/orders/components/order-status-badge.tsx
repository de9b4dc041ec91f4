import type { Order, OrderStatus } from '@shambasoko/contracts';
import { formatDate, translateMessageText } from '@shambasoko/shared';
import { Badge, type BadgeTone } from '@shambasoko/shared/ui';
import { NAIROBI_TIME_ZONE } from '@shambasoko/contracts/time';
import { t, useT } from '../../../lib/i18n-orders';

const TONES: Record<OrderStatus, BadgeTone> = {
  pending_payment: 'warning',
  paid: 'info',
  shipped: 'info',
  delivered: 'success',
  cancelled: 'danger',
  expired: 'neutral',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const t = useT();
  return status in TONES ? <Badge tone={TONES[status]}>{t(`status.${status}`)}</Badge> : <Badge tone="neutral">{status}</Badge>;
}

const DUE_FORMAT: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: NAIROBI_TIME_ZONE,
};

/**
 * What the buyer needs to know about the status: why an order expired (the API's reason), or until
 * when an unpaid one holds its items. Nothing for the other states.
 */
export function orderStatusNote(order: Pick<Order, 'status' | 'statusReason' | 'paymentDueAt'>): string | null {
  const reason = order.statusReason === null ? null : translateMessageText(order.statusReason);
  if (order.status === 'expired') return reason ?? t('order.note.expired');
  if (order.status === 'pending_payment' && order.paymentDueAt) {
    const due = new Date(order.paymentDueAt);
    if (!Number.isNaN(due.getTime())) return t('order.note.awaiting', { due: formatDate(due, DUE_FORMAT) });
  }
  return reason;
}

export const formatOrderDate = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : formatDate(d);
};
