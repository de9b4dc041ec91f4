import { type PaymentMethod, type SaleAction } from '@shambasoko/contracts';
import type { FulfilmentStatusValue, OrderStatusValue } from '../../../db/schema';
import { ApiError } from '../../../http/envelope';
import { catalogued } from '../../../http/language';

// The fulfilment state machine: which steps a part may take, what its seller does next, and the
// order's status from its parts.

const LIVE_DONE: readonly FulfilmentStatusValue[] = ['cancelled', 'expired'];
export const PAID_OR_BEYOND: readonly FulfilmentStatusValue[] = ['paid', 'accepted', 'ready_to_dispatch', 'dispatched', 'delivered'];
export const OPEN_STATUSES: readonly FulfilmentStatusValue[] = ['awaiting_payment', 'paid', 'accepted', 'ready_to_dispatch', 'dispatched'];

/** The order's status follows its parts; cancelled and expired parts no longer count. */
export function orderStatusOf(parts: readonly FulfilmentStatusValue[]): OrderStatusValue {
  const live = parts.filter((s) => !LIVE_DONE.includes(s));
  if (live.length === 0) return parts.length > 0 && parts.every((s) => s === 'expired') ? 'expired' : 'cancelled';
  if (live.every((s) => s === 'delivered')) return 'delivered';
  if (live.every((s) => s === 'dispatched' || s === 'delivered')) return 'shipped';
  if (live.every((s) => PAID_OR_BEYOND.includes(s))) return 'paid';
  return 'pending_payment';
}

// ---- What the seller does next ----------------------------------------------------------------

// Only a bank transfer is confirmed by a person; M-Pesa and card payments are confirmed by the provider.
export function actionsOf(status: FulfilmentStatusValue, preorder: boolean, method: PaymentMethod): SaleAction[] {
  switch (status) {
    case 'awaiting_payment':
      return method === 'bank' ? ['mark-paid', 'cancel'] : ['cancel'];
    case 'paid':
      return ['accept', 'cancel'];
    case 'accepted':
      return preorder ? ['cancel'] : ['dispatch', 'cancel'];
    case 'ready_to_dispatch':
      return ['dispatch', 'cancel'];
    case 'dispatched':
      return ['deliver'];
    default:
      return [];
  }
}

export function nextStepOf(status: FulfilmentStatusValue, preorder: boolean, method: PaymentMethod): string | null {
  switch (status) {
    case 'awaiting_payment':
      return catalogued(method === 'bank' ? 'Mark it paid once the bank transfer is in' : 'Wait for the buyer’s payment');
    case 'paid':
      return catalogued('Accept the order');
    case 'accepted':
      return catalogued(preorder ? 'Dispatch when the harvest is in' : 'Dispatch the order');
    case 'ready_to_dispatch':
      return catalogued('Dispatch the order');
    case 'dispatched':
      return catalogued('Mark it delivered once the buyer has it');
    default:
      return null;
  }
}

/** Why a step is refused, for the state the part is in. */
export function wrongStep(action: SaleAction, status: FulfilmentStatusValue, preorder: boolean): ApiError {
  const terminal: Partial<Record<FulfilmentStatusValue, string>> = {
    cancelled: 'This order was cancelled',
    expired: 'This order expired before it was paid',
    delivered: 'This order has already been delivered',
  };
  const known = terminal[status];
  if (known !== undefined) return new ApiError(409, known);
  if (action === 'cancel') return new ApiError(409, 'This order has already been dispatched and can no longer be cancelled');
  if (action === 'mark-paid') return new ApiError(409, 'This order is already paid');
  if (status === 'awaiting_payment') return new ApiError(409, 'This order has not been paid yet');
  if (action === 'accept') return new ApiError(409, 'This order has already been accepted');
  if (action === 'dispatch' && preorder && (status === 'paid' || status === 'accepted'))
    return new ApiError(409, 'The harvest is not in yet');
  if (action === 'dispatch' && status === 'paid') return new ApiError(409, 'Accept the order before dispatching it');
  if (action === 'dispatch') return new ApiError(409, 'This order has already been dispatched');
  return new ApiError(409, 'This order has not been dispatched yet');
}

export const TARGET: Record<SaleAction, FulfilmentStatusValue> = {
  'mark-paid': 'paid',
  accept: 'accepted',
  dispatch: 'dispatched',
  deliver: 'delivered',
  cancel: 'cancelled',
};

export function allowed(action: SaleAction, status: FulfilmentStatusValue, preorder: boolean, method: PaymentMethod): boolean {
  return actionsOf(status, preorder, method).includes(action);
}
