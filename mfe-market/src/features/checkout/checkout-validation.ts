import type { PaymentForm, ShippingForm } from '@shambasoko/shared';
import {
  type PaymentProblems,
  type ShippingProblems,
  cardBrand as brandOf,
  paymentProblems,
  shippingProblems,
} from '@shambasoko/shared/contracts';

// The rules are the contract's (shared/src/contracts/checkout.ts), the same the API applies;
// only the words are the form's.

export type FieldErrors<T> = Partial<Record<keyof T, string>>;

const SHIPPING_MESSAGES: Record<keyof ShippingForm, Partial<Record<'required' | 'invalid', string>>> = {
  firstName: { required: 'First name is required' },
  lastName: { required: 'Last name is required' },
  email: { required: 'Email is required', invalid: 'Enter a valid email address' },
  phone: { required: 'Phone number is required', invalid: 'Enter a Kenyan phone number such as 0712 345 678' },
  address: { required: 'Address is required' },
  city: { required: 'City is required' },
  state: { required: 'County is required', invalid: 'Choose one of the listed counties' },
  postalCode: { invalid: 'Postal code must be up to 10 digits' },
};

const PAYMENT_MESSAGES: { [K in keyof PaymentProblems]-?: Record<NonNullable<PaymentProblems[K]>, string> } = {
  cardNumber: { required: 'Card number is required', invalid: 'Enter a valid card number' },
  expiryDate: { required: 'Expiry date is required', format: 'Enter the expiry date as MM/YY', expired: 'This card has expired' },
  cvv: { required: 'CVV is required', format: 'CVV must be 3 or 4 digits' },
  cardName: { required: 'Name on card is required' },
};

export function validateShipping(f: ShippingForm): FieldErrors<ShippingForm> {
  const problems: ShippingProblems = shippingProblems(f);
  const e: FieldErrors<ShippingForm> = {};
  for (const [field, problem] of Object.entries(problems) as [keyof ShippingForm, 'required' | 'invalid'][]) {
    e[field] = SHIPPING_MESSAGES[field][problem] ?? 'Check this field';
  }
  return e;
}

export function validatePayment(p: PaymentForm, now: Date = new Date()): FieldErrors<PaymentForm> {
  const problems = paymentProblems(p, now);
  const e: FieldErrors<PaymentForm> = {};
  if (problems.cardNumber) e.cardNumber = PAYMENT_MESSAGES.cardNumber[problems.cardNumber];
  if (problems.expiryDate) e.expiryDate = PAYMENT_MESSAGES.expiryDate[problems.expiryDate];
  if (problems.cvv) e.cvv = PAYMENT_MESSAGES.cvv[problems.cvv];
  if (problems.cardName) e.cardName = PAYMENT_MESSAGES.cardName[problems.cardName];
  return e;
}

export const hasErrors = (e: object) => Object.values(e).some(Boolean);

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
