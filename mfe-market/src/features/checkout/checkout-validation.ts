import { isValidEmail, type PaymentForm, type ShippingForm } from '@shambasoko/shared';

/** Spec section 9: the counties checkout delivers to. */
export const CHECKOUT_COUNTIES = ['Nairobi', 'Mombasa', 'Kisumu', 'Nakuru', 'Machakos', 'Kiambu'] as const;

export type FieldErrors<T> = Partial<Record<keyof T, string>>;

// Kenyan mobile and landline-style numbers with 0, 254 or +254 in front, as the API accepts them.
const KENYAN_PHONE = /^(?:\+?254|0)[17]\d{8}$/;

const blank = (v: string | undefined) => !v || v.trim() === '';

export function validateShipping(f: ShippingForm): FieldErrors<ShippingForm> {
  const e: FieldErrors<ShippingForm> = {};
  if (blank(f.firstName)) e.firstName = 'First name is required';
  if (blank(f.lastName)) e.lastName = 'Last name is required';
  if (blank(f.email)) e.email = 'Email is required';
  else if (!isValidEmail(f.email)) e.email = 'Enter a valid email address';
  if (blank(f.phone)) e.phone = 'Phone number is required';
  // Length first: no pattern runs on text longer than any phone number.
  else if (f.phone.length > 30 || !KENYAN_PHONE.test(f.phone.replace(/[\s\-()]/g, ''))) e.phone = 'Enter a Kenyan phone number such as 0712 345 678';
  if (blank(f.address)) e.address = 'Address is required';
  if (blank(f.city)) e.city = 'City is required';
  if (blank(f.state)) e.state = 'County is required';
  else if (!(CHECKOUT_COUNTIES as readonly string[]).includes(f.state)) e.state = 'Choose one of the listed counties';
  const postal = (f.postalCode ?? '').trim();
  if (postal && !/^\d{1,10}$/.test(postal)) e.postalCode = 'Postal code must be up to 10 digits';
  return e;
}

/** Luhn checksum, the check every card number carries; catches most typos before the server sees them. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

export function validatePayment(p: PaymentForm, now: Date = new Date()): FieldErrors<PaymentForm> {
  const e: FieldErrors<PaymentForm> = {};
  if (p.method === 'bank') return e;
  const digits = (p.cardNumber ?? '').replace(/[\s-]/g, '');
  if (blank(p.cardNumber)) e.cardNumber = 'Card number is required';
  else if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) e.cardNumber = 'Enter a valid card number';

  const expiry = (p.expiryDate ?? '').trim();
  const match = /^(\d{2})\/(\d{2})$/.exec(expiry);
  if (blank(expiry)) e.expiryDate = 'Expiry date is required';
  else if (!match || Number(match[1]) < 1 || Number(match[1]) > 12) e.expiryDate = 'Enter the expiry date as MM/YY';
  else {
    const month = Number(match[1]);
    const year = 2000 + Number(match[2]);
    // A card is valid to the end of its expiry month.
    if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) e.expiryDate = 'This card has expired';
  }

  if (blank(p.cvv)) e.cvv = 'CVV is required';
  else if (!/^\d{3,4}$/.test((p.cvv ?? '').trim())) e.cvv = 'CVV must be 3 or 4 digits';
  if (blank(p.cardName)) e.cardName = 'Name on card is required';
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
  if (/^4/.test(digits)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'Mastercard';
  if (/^3[47]/.test(digits)) return 'American Express';
  return 'Card';
}
