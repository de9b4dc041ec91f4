import { type OrderPayment, formatKES, type PaymentMethod, type ProviderPaymentMethod } from '@shambasoko/contracts';
import type { PaymentsConfig } from '../../config';
import type { OrderStatusValue } from '../../db/schema';
import { timestampFromJson } from '../../db/json-dates';
import type { PaymentJson, PaymentRow } from './repository';

/** The result code of an attempt the push limits kept from being sent (its result_desc says why). */
export const PUSH_LIMITED_CODE = 'limited';

/** +254712345678 → +254 7•• ••• 678: enough to recognise one's own number, not to read it. */
export function maskPhone(phone: string | null): string | null {
  if (phone === null) return null;
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 12) return null;
  return `+${digits.slice(0, 3)} ${digits[3]}•• ••• ${digits.slice(-3)}`;
}

const MPESA_WORDS: Record<PaymentRow['status'], (p: PaymentRow) => string> = {
  pending: (p) => `Check your phone and enter your M-Pesa PIN to pay ${formatKES(p.amount)}.`,
  paid: (p) =>
    p.receipt === null ? 'Paid. M-Pesa confirmed the payment; the receipt number follows.' : `Paid. M-Pesa receipt ${p.receipt}.`,
  declined: () => 'The M-Pesa request was declined or cancelled. Try again when you are ready.',
  timed_out: () => 'The M-Pesa request timed out before a PIN was entered. Try again.',
  failed: () => 'M-Pesa is not reachable right now. Your order is saved; try again in a minute.',
  flagged: () => 'We received a payment that does not match this order. Our team will contact you.',
};

const CARD_WORDS: Record<PaymentRow['status'], (p: PaymentRow) => string> = {
  pending: (p) => `Finish paying ${formatKES(p.amount)} on our card partner’s secure page.`,
  paid: (p) => (p.receipt === null ? 'Paid by card.' : `Paid by card. Confirmation ${p.receipt}.`),
  declined: () => 'The card payment was declined. Try again, or choose another card.',
  timed_out: () => 'The card payment was not finished in time. Try again.',
  failed: () => 'The card payment page is not reachable right now. Your order is saved; try again in a minute.',
  flagged: () => 'We received a payment that does not match this order. Our team will contact you.',
};

const RETRYABLE: ReadonlyArray<PaymentRow['status']> = ['declined', 'timed_out', 'failed'];

let bankDetails: PaymentsConfig['bank'] | null = null;

/** Set once the app knows its configuration (payments routes' registration). */
export function useBankDetails(bank: PaymentsConfig['bank']): void {
  bankDetails = bank;
}

export interface OrderForPayment {
  id: string;
  number: string;
  status: OrderStatusValue;
  total: number;
  payment_method: PaymentMethod;
  card_brand: string | null;
  card_last4: string | null;
}

const STALE_WORDS: Record<ProviderPaymentMethod, (due: number) => string> = {
  mpesa: (due) =>
    `Part of this order changed: it now comes to ${formatKES(due)}. Do not pay the earlier M-Pesa request; try again to be asked for the new amount.`,
  card: (due) => `Part of this order changed: it now comes to ${formatKES(due)}. Try again to pay that amount by card.`,
};

/**
 * The order's `payment`, from its latest attempt (or, with none, from the order itself). `due` is what
 * its parts awaiting payment cost now (fulfilments' `findAmountsDue`).
 */
export function orderPaymentOf(order: OrderForPayment, attempts: readonly PaymentRow[], due: number): OrderPayment {
  // A payment of the whole order (not one seller's part) settles it. Seen paid while the order still
  // reads as waiting, the two rows were read either side of its commit: the order is paid.
  const settled = attempts.some((a) => a.status === 'paid' && a.fulfilment_id === null);
  const waiting = order.status === 'pending_payment' && !settled;
  const amountDue = waiting ? due : 0;
  // While the order waits, a paid attempt paid one seller's part only (paying what waited leaves nothing waiting).
  const paidSoFar = waiting ? attempts.filter((a) => a.status === 'paid').reduce((sum, a) => sum + a.amount, 0) : 0;
  const latest = waiting ? attempts.find((a) => a.status !== 'paid') : (attempts.find((a) => a.status === 'paid') ?? attempts[0]);
  const method = latest?.method ?? order.payment_method;
  const bank =
    method === 'bank' && bankDetails !== null
      ? {
          bankName: bankDetails.bankName,
          accountName: bankDetails.accountName,
          accountNumber: bankDetails.accountNumber,
          paybill: bankDetails.paybill,
          reference: order.number,
        }
      : null;
  const base = { method, phone: null, receipt: null, paidAt: null, confirmedBy: null, redirectUrl: null, bank, amountDue };
  if (latest === undefined) {
    // Orders from before the ledger (or not yet attempted): the order's own status tells.
    const paid = ['paid', 'shipped', 'delivered'].includes(order.status);
    return {
      ...base,
      status: paid ? 'paid' : 'unpaid',
      message:
        method === 'bank' && waiting
          ? paidSoFar > 0
            ? `${formatKES(paidSoFar)} of this order is confirmed paid. Transfer the remaining ${formatKES(amountDue)} quoting ${order.number}; each seller confirms their part when it arrives.`
            : `Transfer ${formatKES(amountDue)} quoting ${order.number}; the seller confirms when it arrives.`
          : null,
      brand: order.card_brand,
      last4: order.card_last4,
      canRetry: waiting && method !== 'bank',
    };
  }
  const words = method === 'card' ? CARD_WORDS : MPESA_WORDS;
  // A request for more (or less) than what is due now: a part was cancelled or paid meanwhile.
  const stale = waiting && latest.status === 'pending' && latest.method !== 'bank' && latest.amount !== amountDue;
  const limited = latest.status === 'failed' && latest.result_code === PUSH_LIMITED_CODE && latest.result_desc !== null;
  return {
    ...base,
    status: latest.status,
    message:
      method === 'bank'
        ? latest.status === 'paid'
          ? `Paid by bank transfer, confirmed by the ${latest.confirmed_role ?? 'seller'}.`
          : null
        : stale
          ? STALE_WORDS[method](amountDue)
          : limited
            ? latest.result_desc
            : words[latest.status](latest),
    phone: maskPhone(latest.phone),
    receipt: latest.receipt,
    paidAt: latest.status === 'paid' ? (latest.settled_at ?? latest.created_at).toISOString() : null,
    confirmedBy: latest.method === 'bank' ? latest.confirmed_role : null,
    brand: latest.card_brand ?? order.card_brand,
    last4: latest.card_last4 ?? order.card_last4,
    redirectUrl: waiting && !stale && latest.method === 'card' && latest.status === 'pending' ? latest.redirect_url : null,
    canRetry:
      waiting &&
      method !== 'bank' &&
      (stale || RETRYABLE.includes(latest.status) || (latest.method === 'card' && latest.status === 'pending')),
  };
}

/** The attempts `orderPaymentsJson` wrote, as the columns read directly give them. */
export function paymentsFromJson(json: readonly PaymentJson[]): PaymentRow[] {
  const at = (text: string | null) => (text === null ? null : timestampFromJson(text));
  return json.map((a) => ({
    ...a,
    settled_at: at(a.settled_at),
    last_query_at: at(a.last_query_at),
    created_at: timestampFromJson(a.created_at),
  }));
}
