import type { z } from 'zod';
import {
  cardBrand as brandOf,
  paymentFormSchema,
  paymentProblems,
  shippingFormSchema,
  shippingProblems,
  type PaymentProblems,
  type ShippingProblems,
} from '@shambasoko/shared/contracts';

// The form schemas are the contract's (shared/src/contracts): the same shapes and the same rules the
// API applies (shippingProblems, paymentProblems); only the words are the form's.

type Messages<P> = { [K in keyof P]-?: Partial<Record<NonNullable<P[K]> & string, string>> };

const SHIPPING_MESSAGES: Messages<ShippingProblems> = {
  firstName: { required: 'First name is required' },
  lastName: { required: 'Last name is required' },
  email: { required: 'Email is required', invalid: 'Enter a valid email address' },
  phone: { required: 'Phone number is required', invalid: 'Enter a Kenyan phone number such as 0712 345 678' },
  address: { required: 'Address is required' },
  city: { required: 'City is required' },
  state: { required: 'County is required', invalid: 'Choose one of the listed counties' },
  postalCode: { invalid: 'Postal code must be up to 10 digits' },
};

const PAYMENT_MESSAGES: Messages<PaymentProblems> = {
  cardNumber: { required: 'Card number is required', invalid: 'Enter a valid card number' },
  expiryDate: { required: 'Expiry date is required', format: 'Enter the expiry date as MM/YY', expired: 'This card has expired' },
  cvv: { required: 'CVV is required', format: 'CVV must be 3 or 4 digits' },
  cardName: { required: 'Name on card is required' },
};

/** Each problem the contract finds, as an issue on its field in the form's words. */
function report<P extends object>(problems: P, messages: Messages<P>, ctx: z.RefinementCtx) {
  for (const [field, problem] of Object.entries(problems) as [keyof P & string, string][]) {
    const words: Partial<Record<string, string>> = messages[field];
    ctx.addIssue({ code: 'custom', path: [field], message: words[problem] ?? 'Check this field' });
  }
}

export const shippingSchema = shippingFormSchema.superRefine((shipping, ctx) => report(shippingProblems(shipping), SHIPPING_MESSAGES, ctx));

/** `now` decides whether a card has expired (Nairobi time, as the API judges it). */
export const paymentSchemaAt = (now: () => Date = () => new Date()) =>
  paymentFormSchema.superRefine((payment, ctx) => report(paymentProblems(payment, now()), PAYMENT_MESSAGES, ctx));

/** "4242424242424242" → "4242 4242 4242 4242" as the user types. */
export function formatCardNumber(raw: string): string {
  return raw
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1228" → "12/28" as the user types. */
export function formatExpiry(raw: string): string {
  const d = raw.replace(/\D/g, '').slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
}

/** "Visa •••• 4242" for the review step; the full number never leaves this form except to the API. */
export function cardBrand(digits: string): string {
  return brandOf(digits) ?? 'Card';
}
