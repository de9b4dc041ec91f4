import type { z } from 'zod';
import {
  paymentFormSchema,
  paymentProblems,
  shippingFormSchema,
  shippingProblems,
  type PaymentProblems,
  type ShippingProblems,
} from '@shambasoko/shared/contracts';
import { MPESA_PHONE_MESSAGES } from '../../lib/mpesa-phone';

// The form schemas are the contract's (shared/src/contracts): the same shapes and the same rules the
// API applies (shippingProblems, paymentProblems); only the words are the form's.

type Messages<P> = { [K in keyof P]-?: Partial<Record<NonNullable<P[K]> & string, string>> };

const SHIPPING_MESSAGES: Messages<ShippingProblems> = {
  firstName: { required: 'First name is required' },
  lastName: { required: 'Last name is required' },
  email: { required: 'Email is required', invalid: 'Enter a valid email address' },
  phone: { required: 'Phone number is required', invalid: 'Enter a Kenyan phone number such as 0712 345 678' },
  address: { required: 'Add a landmark or directions' },
  city: { required: 'Nearest town is required' },
  state: { required: 'County is required', invalid: 'Choose one of the listed counties' },
  postalCode: { invalid: 'Postal code must be up to 10 digits' },
  pickupPoint: {},
};

const PAYMENT_MESSAGES: Messages<PaymentProblems> = { phone: MPESA_PHONE_MESSAGES };

/** Each problem the contract finds, as an issue on its field in the form's words. */
function report<P extends object>(problems: P, messages: Messages<P>, ctx: z.RefinementCtx) {
  for (const [field, problem] of Object.entries(problems) as [keyof P & string, string][]) {
    const words: Partial<Record<string, string>> = messages[field];
    ctx.addIssue({ code: 'custom', path: [field], message: words[problem] ?? 'Check this field' });
  }
}

export const shippingSchema = shippingFormSchema.superRefine((shipping, ctx) => report(shippingProblems(shipping), SHIPPING_MESSAGES, ctx));

/** M-Pesa needs a Kenyan number for the PIN prompt; card and bank need nothing on this form. */
export const paymentSchema = paymentFormSchema.superRefine((payment, ctx) => report(paymentProblems(payment), PAYMENT_MESSAGES, ctx));
