import type { DeliveryMethod, PaymentMethod, ShippingForm } from '@shambasoko/contracts';

export const CHECKOUT_DRAFT_KEY = 'checkoutDraft';

/**
 * What checkout keeps in this tab until the order is placed, so a reload or an outage loses no typing.
 * There are no card fields to store: cards are typed on the payment partner's page.
 */
export interface CheckoutDraft {
  /** The shopper it belongs to (useShopper's userKey): another account in this tab starts afresh. */
  owner: string;
  shipping: ShippingForm;
  delivery: DeliveryMethod;
  paymentMethod: PaymentMethod;
  /** The M-Pesa number to prompt, as typed. */
  paymentPhone?: string;
  /**
   * The Idempotency-Key of a placement whose outcome is unknown (no answer, or a 5xx), with what it
   * bought ('cart' or the Buy Now product id). Sending it again returns the order if the first try
   * did reach the server, instead of placing a second one.
   */
  attempt: { key: string; source: string } | null;
}

const SHIPPING_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'address', 'city', 'state', 'postalCode'] as const;

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null; // storage blocked by the browser
  }
}

function readShipping(value: unknown): ShippingForm | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const shipping: ShippingForm = { firstName: '', lastName: '', email: '', phone: '', address: '', city: '', state: '', postalCode: '' };
  for (const field of SHIPPING_FIELDS) {
    const v = record[field];
    if (v !== undefined && typeof v !== 'string') return null;
    shipping[field] = v ?? '';
  }
  return shipping;
}

/** The draft of `owner`, or null when there is none (or it is someone else's, or unreadable). */
export function loadCheckoutDraft(owner: string): CheckoutDraft | null {
  let raw: unknown;
  try {
    raw = JSON.parse(storage()?.getItem(CHECKOUT_DRAFT_KEY) ?? 'null');
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null) return null;
  const draft = raw as Record<string, unknown>;
  const shipping = readShipping(draft.shipping);
  if (draft.owner !== owner || !shipping) return null;
  const attempt = draft.attempt as { key?: unknown; source?: unknown } | null | undefined;
  return {
    owner,
    shipping,
    delivery: draft.delivery === 'express' ? 'express' : 'standard',
    paymentMethod: draft.paymentMethod === 'bank' || draft.paymentMethod === 'card' ? draft.paymentMethod : 'mpesa',
    paymentPhone: typeof draft.paymentPhone === 'string' ? draft.paymentPhone : undefined,
    attempt:
      attempt && typeof attempt.key === 'string' && typeof attempt.source === 'string'
        ? { key: attempt.key, source: attempt.source }
        : null,
  };
}

export function saveCheckoutDraft(draft: CheckoutDraft): void {
  try {
    storage()?.setItem(CHECKOUT_DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Full or blocked storage: checkout still works, only without the safety net.
  }
}

export function clearCheckoutDraft(): void {
  try {
    storage()?.removeItem(CHECKOUT_DRAFT_KEY);
  } catch {
    // As above.
  }
}
