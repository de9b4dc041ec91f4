import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  paymentFormSchema,
  paymentProblems,
  shippingFormSchema,
  shippingProblems,
  type PaymentProblems,
  type ShippingProblems,
} from '@shambasoko/contracts';
import { t, type CheckoutKey } from '../../lib/i18n-checkout';
import { MPESA_PHONE_MESSAGES } from '../../lib/mpesa-phone';

// The form schemas are the contract's (contracts/src): the same shapes and the same rules the
// API applies (shippingProblems, paymentProblems); only the words are the form's, in the page's language
// at the moment the form is checked.

type Messages<P, W> = { [K in keyof P]-?: Partial<Record<NonNullable<P[K]> & string, W>> };

const SHIPPING_MESSAGES: Messages<ShippingProblems, CheckoutKey> = {
  firstName: { required: 'validation.firstName' },
  lastName: { required: 'validation.lastName' },
  email: { required: 'validation.emailRequired', invalid: 'validation.emailInvalid' },
  phone: { required: 'validation.phoneRequired', invalid: 'validation.phoneInvalid' },
  address: { required: 'validation.address' },
  city: { required: 'validation.city' },
  state: { required: 'validation.countyRequired', invalid: 'validation.countyInvalid' },
  postalCode: { invalid: 'validation.postalCode' },
  pickupPoint: {},
};

/** Each problem the contract finds, as an issue on its field in the form's words. */
function report<P extends object>(
  problems: P,
  words: (field: keyof P & string, problem: string) => string | undefined,
  ctx: z.RefinementCtx,
) {
  for (const [field, problem] of Object.entries(problems) as [keyof P & string, string][]) {
    ctx.addIssue({ code: 'custom', path: [field], message: words(field, problem) ?? t('validation.checkField') });
  }
}

const shippingWords = (field: keyof ShippingProblems, problem: string) => {
  const key = (SHIPPING_MESSAGES[field] as Partial<Record<string, CheckoutKey>>)[problem];
  return key ? t(key) : undefined;
};
const paymentWords = (field: keyof PaymentProblems, problem: string) =>
  field === 'phone' ? (MPESA_PHONE_MESSAGES as Partial<Record<string, string>>)[problem] : undefined;

export const shippingSchema = shippingFormSchema.superRefine((shipping, ctx) => report(shippingProblems(shipping), shippingWords, ctx));

/** M-Pesa needs a Kenyan number for the PIN prompt; card and bank need nothing on this form. */
export const paymentSchema = paymentFormSchema.superRefine((payment, ctx) => report(paymentProblems(payment), paymentWords, ctx));

// Loaded on first use by the checkout page (lib/lazy-resolver.ts), with zod and the schemas.
export const shippingResolver = zodResolver(shippingSchema);
export const paymentResolver = zodResolver(paymentSchema);
