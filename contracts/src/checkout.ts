// Checkout rules, once: the API's order validation and the checkout form both call these and differ
// only in the words they show. Zod-free, so a form can use them without the schema library.
import { KENYA_COUNTIES, type KenyaCounty, isKenyaCounty } from './counties';
import { isValidEmail, normaliseKenyanPhone } from './fields-rules';

/** The checkout offers every county (issue 15); the delivery fee depends on it (counties.ts). */
export const CHECKOUT_COUNTIES = KENYA_COUNTIES;
export type CheckoutCounty = KenyaCounty;

export const MAX_POSTAL_CODE_LENGTH = 10;

const blank = (value: string | undefined | null) => value === undefined || value === null || value.trim() === '';

export interface PaymentFields {
  method: string;
  /** M-Pesa: the number to prompt. */
  phone?: string;
}

export type PaymentProblems = Partial<Record<'phone', FieldProblem>>;

/** M-Pesa needs a Kenyan number to send the PIN prompt to; card and bank need nothing here (the card is typed on the provider's page). */
export function paymentProblems(payment: PaymentFields): PaymentProblems {
  if (payment.method !== 'mpesa') return {};
  if (blank(payment.phone)) return { phone: 'required' };
  return normaliseKenyanPhone(payment.phone ?? '') === null ? { phone: 'invalid' } : {};
}

export type FieldProblem = 'required' | 'invalid';

export interface ShippingFields {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  postalCode?: string;
  pickupPoint?: string;
}

export type ShippingProblems = Partial<Record<keyof ShippingFields, FieldProblem>>;

export const isCheckoutCounty = isKenyaCounty;
export const isPostalCode = (code: string): boolean => code.length <= MAX_POSTAL_CODE_LENGTH && /^\d*$/.test(code);

/** The delivery address's rules; the API adds its length limits on top. */
export function shippingProblems(shipping: ShippingFields): ShippingProblems {
  const problems: ShippingProblems = {};
  for (const field of ['firstName', 'lastName', 'address', 'city'] as const) {
    if (blank(shipping[field])) problems[field] = 'required';
  }
  if (blank(shipping.email)) problems.email = 'required';
  else if (!isValidEmail(shipping.email)) problems.email = 'invalid';
  if (blank(shipping.phone)) problems.phone = 'required';
  else if (normaliseKenyanPhone(shipping.phone) === null) problems.phone = 'invalid';
  if (blank(shipping.state)) problems.state = 'required';
  else if (!isCheckoutCounty(shipping.state)) problems.state = 'invalid';
  if (!isPostalCode((shipping.postalCode ?? '').trim())) problems.postalCode = 'invalid';
  return problems;
}
