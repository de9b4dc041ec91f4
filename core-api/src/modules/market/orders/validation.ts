import { z } from 'zod';
import { MAX_EMAIL_LENGTH } from '../../../http/fields';
import { quantitySchema } from '../cart/routes';

/** Spec section 9: the counties the checkout offers. */
export const CHECKOUT_COUNTIES = ['Nairobi', 'Mombasa', 'Kisumu', 'Nakuru', 'Machakos', 'Kiambu'] as const;

/** 07xx / 01xx numbers, with 0, 254 or +254 in front; spaces, hyphens and brackets are ignored. */
const KENYAN_PHONE = /^(?:\+?254|0)[17]\d{8}$/;

// Length is checked first and stops the run (abort), so no refinement or pattern sees longer text.
const required = (max = 200) =>
  z.string({ error: 'is required' }).trim().min(1, { abort: true, message: 'is required' }).max(max, { abort: true, message: `must be at most ${max} characters` });

/** Optional card fields are short: a bound before the superRefine's patterns below. */
const cardField = (max: number) => z.string().max(max, { abort: true, message: `must be at most ${max} characters` }).optional();

/** Stored as +2547XXXXXXXX whatever way it was typed. */
export function normaliseKenyanPhone(phone: string): string | null {
  const compact = phone.replace(/[\s\-()]/g, '');
  if (!KENYAN_PHONE.test(compact)) return null;
  return `+254${compact.slice(-9)}`;
}

export function luhnValid(digits: string): boolean {
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

export function cardBrand(digits: string): string | null {
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if (digits.startsWith('4')) return 'Visa';
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'Mastercard';
  if (two === 34 || two === 37) return 'American Express';
  if (digits.startsWith('6011') || two === 65 || (four >= 6440 && four <= 6499)) return 'Discover';
  if (four >= 3528 && four <= 3589) return 'JCB';
  if (two === 62) return 'UnionPay';
  return null;
}

/** A card is good through the last day of its expiry month (Kenyan time). */
export function expiryHasPassed(month: number, twoDigitYear: number, now: Date): boolean {
  const nairobi = new Date(now.getTime() + 3 * 60 * 60 * 1000);
  const year = 2000 + twoDigitYear;
  const currentYear = nairobi.getUTCFullYear();
  const currentMonth = nairobi.getUTCMonth() + 1;
  return year < currentYear || (year === currentYear && month < currentMonth);
}

export const shippingSchema = z.object(
  {
    firstName: required(80),
    lastName: required(80),
    email: required(MAX_EMAIL_LENGTH).pipe(z.email({ error: 'must be a valid e-mail address such as wanjiku@example.co.ke' })),
    phone: required(30)
      .refine((phone) => normaliseKenyanPhone(phone) !== null, 'must be a Kenyan phone number such as 0712 345 678 or +254 712 345 678')
      .transform((phone) => normaliseKenyanPhone(phone) ?? phone),
    address: required(300),
    city: required(100),
    state: z.enum(CHECKOUT_COUNTIES, { error: `must be one of ${CHECKOUT_COUNTIES.join(', ')}` }),
    postalCode: z
      .string()
      .trim()
      .max(10, { abort: true, message: 'must be at most 10 characters' })
      .regex(/^\d*$/, 'must contain digits only')
      .optional()
      .transform((code) => (code === '' ? undefined : code)),
  },
  { error: 'is required' },
);

export const paymentSchema = z
  .object(
    {
      method: z.enum(['card', 'bank'], { error: 'must be card or bank' }),
      cardNumber: cardField(40),
      expiryDate: cardField(10),
      cvv: cardField(10),
      cardName: cardField(100),
    },
    { error: 'is required' },
  )
  .superRefine((payment, ctx) => {
    if (payment.method !== 'card') return;
    const issue = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: [field], message });

    const number = (payment.cardNumber ?? '').replace(/[\s-]/g, '');
    if (number === '') issue('cardNumber', 'is required');
    else if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) issue('cardNumber', 'must be a valid card number');

    const expiry = (payment.expiryDate ?? '').trim();
    const match = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(expiry);
    if (expiry === '') issue('expiryDate', 'is required');
    else if (match === null) issue('expiryDate', 'must be in MM/YY format');
    else if (expiryHasPassed(Number(match[1]), Number(match[2]), new Date())) issue('expiryDate', 'has passed: this card has expired');

    const cvv = (payment.cvv ?? '').trim();
    if (cvv === '') issue('cvv', 'is required');
    else if (!/^\d{3,4}$/.test(cvv)) issue('cvv', 'must be 3 or 4 digits');

    if ((payment.cardName ?? '').trim() === '') issue('cardName', 'is required');
  });

export const placeOrderBody = z.object(
  {
    shipping: shippingSchema,
    delivery: z.enum(['standard', 'express'], { error: 'must be standard or express' }).default('standard'),
    payment: paymentSchema,
    promoCode: z.string().trim().max(40, 'must be at most 40 characters').optional(),
    items: z
      .array(z.object({ productId: z.string({ error: 'is required' }).min(1, 'is required').max(64), quantity: quantitySchema }), {
        error: 'must be a list',
      })
      .min(1, 'must have at least one item')
      .max(50, 'must have at most 50 items')
      .optional(),
  },
  { error: 'is required' },
);

export type PlaceOrderInput = z.output<typeof placeOrderBody>;

export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,128}$/;
