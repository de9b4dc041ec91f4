// Checkout rules, once: the API's order validation and the checkout form both call these and differ
// only in the words they show. Zod-free, so a form can use them without the schema library.
import { KENYA_COUNTIES, type KenyaCounty, isKenyaCounty } from './counties';
import { isValidEmail, normaliseKenyanPhone } from './fields-rules';

/** The checkout offers every county (issue 15); the delivery fee depends on it (counties.ts). */
export const CHECKOUT_COUNTIES = KENYA_COUNTIES;
export type CheckoutCounty = KenyaCounty;

export const CARD_BRANDS = ['Visa', 'Mastercard', 'American Express', 'Discover', 'JCB', 'UnionPay'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

export const MAX_POSTAL_CODE_LENGTH = 10;
/** Card fields are short: bounds before any pattern runs on them. */
export const CARD_FIELD_LIMITS = { cardNumber: 40, expiryDate: 10, cvv: 10, cardName: 100 } as const;

/** Luhn checksum, the check every card number carries; catches most typos. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The brand from the issuer prefix (IIN ranges), or null for one we do not know. */
export function cardBrand(digits: string): CardBrand | null {
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if (digits.startsWith('4')) return 'Visa';
  // Mastercard's 2-series is 2221-2720 only: 2200-2220 and 2721-2799 are not Mastercard.
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'Mastercard';
  if (two === 34 || two === 37) return 'American Express';
  if (digits.startsWith('6011') || two === 65 || (four >= 6440 && four <= 6499)) return 'Discover';
  if (four >= 3528 && four <= 3589) return 'JCB';
  if (two === 62) return 'UnionPay';
  return null;
}

/** Spaces and hyphens typed between groups are dropped. */
export const cardDigits = (cardNumber: string): string => cardNumber.replace(/[\s-]/g, '');

const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000;

/**
 * A card is good through the last day of its expiry month, judged in Nairobi time (UTC+3, no
 * daylight saving, so a fixed offset is exact). The server is the judge, and its answer must not
 * depend on the buyer's device clock zone; every buyer and seller here is in Kenya, so Nairobi's
 * month is the one they read on the card.
 */
export function expiryHasPassed(month: number, twoDigitYear: number, now: Date): boolean {
  const nairobi = new Date(now.getTime() + NAIROBI_OFFSET_MS);
  const year = 2000 + twoDigitYear;
  const currentYear = nairobi.getUTCFullYear();
  const currentMonth = nairobi.getUTCMonth() + 1;
  return year < currentYear || (year === currentYear && month < currentMonth);
}

const blank = (value: string | undefined | null) => value === undefined || value === null || value.trim() === '';

export type CardNumberProblem = 'required' | 'invalid';
export type ExpiryProblem = 'required' | 'format' | 'expired';
export type CvvProblem = 'required' | 'format';
export type TextProblem = 'required';

export interface PaymentFields {
  method: string;
  cardNumber?: string;
  expiryDate?: string;
  cvv?: string;
  cardName?: string;
}

export interface PaymentProblems {
  cardNumber?: CardNumberProblem;
  expiryDate?: ExpiryProblem;
  cvv?: CvvProblem;
  cardName?: TextProblem;
}

export function cardNumberProblem(cardNumber: string | undefined): CardNumberProblem | null {
  if (blank(cardNumber)) return 'required';
  const digits = cardDigits(cardNumber ?? '');
  // The length check runs first, so Luhn never loops over long text.
  return /^\d{12,19}$/.test(digits) && luhnValid(digits) ? null : 'invalid';
}

export function expiryProblem(expiryDate: string | undefined, now: Date): ExpiryProblem | null {
  const expiry = (expiryDate ?? '').trim();
  if (expiry === '') return 'required';
  const match = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(expiry);
  if (match === null) return 'format';
  return expiryHasPassed(Number(match[1]), Number(match[2]), now) ? 'expired' : null;
}

export function cvvProblem(cvv: string | undefined): CvvProblem | null {
  if (blank(cvv)) return 'required';
  return /^\d{3,4}$/.test((cvv ?? '').trim()) ? null : 'format';
}

/** A bank transfer needs no card fields; a card needs all four. */
export function paymentProblems(payment: PaymentFields, now: Date): PaymentProblems {
  if (payment.method !== 'card') return {};
  const problems: PaymentProblems = {};
  const number = cardNumberProblem(payment.cardNumber);
  if (number) problems.cardNumber = number;
  const expiry = expiryProblem(payment.expiryDate, now);
  if (expiry) problems.expiryDate = expiry;
  const cvv = cvvProblem(payment.cvv);
  if (cvv) problems.cvv = cvv;
  if (blank(payment.cardName)) problems.cardName = 'required';
  return problems;
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
