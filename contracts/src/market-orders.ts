// Marketplace contract, orders: the checkout's request (built on the rules of checkout.ts) and the
// order answers. Money is integer KES everywhere.
import { z } from 'zod';
import { MAX_POSTAL_CODE_LENGTH, isCheckoutCounty } from './checkout';
import { boundedText, emailField, kenyanPhoneField, kesAmount, requiredText } from './fields';
import { orderPaymentSchema, paymentMethodSchema, paymentRequestSchema } from './payments';
import { MAX_PROMO_CODE_LENGTH, cartLineSchema, deliveryMethodSchema, orderItemSchema, orderStatusSchema } from './market';
import { fulfilmentSchema } from './market-seller';

// ---- Orders ----------------------------------------------------------------------------------

/**
 * The delivery address as a form holds it and as an order answers it. Kenyan deliveries find people by
 * town and landmark, not street and house number: `city` is the nearest town, `address` a landmark or
 * directions, and `pickupPoint` an optional shop, stage or office to collect from.
 */
export const shippingFormSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  /** County. */
  state: z.string(),
  postalCode: z.string().optional(),
  pickupPoint: z.string().optional(),
});
export type ShippingForm = z.infer<typeof shippingFormSchema>;

/** The checkout form's payment step: M-Pesa asks for the phone to prompt (prefilled from the profile). */
export const paymentFormSchema = z.object({
  method: paymentMethodSchema,
  phone: z.string().optional(),
});
export type PaymentForm = z.infer<typeof paymentFormSchema>;

/** The API's check of the delivery address: the checkout rules (checkout.ts) plus length limits. */
export const shippingRequestSchema = z.object(
  {
    firstName: requiredText(80),
    lastName: requiredText(80),
    email: emailField('must be a valid e-mail address such as wanjiku@example.co.ke'),
    phone: kenyanPhoneField(),
    address: requiredText(300),
    city: requiredText(100),
    // Text rather than z.enum, so a form's empty "choose a county" state has the same type.
    state: z
      .string({ error: 'must be one of the 47 counties' })
      .max(40, { abort: true, message: 'must be one of the 47 counties' })
      .refine(isCheckoutCounty, 'must be one of the 47 counties'),
    postalCode: z
      .string()
      .trim()
      .max(MAX_POSTAL_CODE_LENGTH, { abort: true, message: `must be at most ${MAX_POSTAL_CODE_LENGTH} characters` })
      .regex(/^\d*$/, 'must contain digits only')
      .optional()
      .transform((code) => (code === '' ? undefined : code)),
    pickupPoint: boundedText(120)
      .optional()
      .transform((place) => place || undefined),
  },
  { error: 'is required' },
);

/** Body of POST /v1/orders (header Idempotency-Key required). `items` = Buy Now; otherwise the cart. */
export const placeOrderRequestSchema = z.object(
  {
    shipping: shippingRequestSchema,
    delivery: deliveryMethodSchema.default('standard'),
    payment: paymentRequestSchema,
    promoCode: z.string().trim().max(MAX_PROMO_CODE_LENGTH, `must be at most ${MAX_PROMO_CODE_LENGTH} characters`).optional(),
    items: z
      .array(cartLineSchema, { error: 'must be a list' })
      .min(1, 'must have at least one item')
      .max(50, 'must have at most 50 items')
      .optional(),
    /** The buyer ticked that pre-order lines are paid now and delivered after the harvest; required when there are any. */
    preorderAgreed: z.boolean({ error: 'must be true or false' }).optional(),
  },
  { error: 'is required' },
);
export type PlaceOrderRequest = z.input<typeof placeOrderRequestSchema>;
/** What the API works with after parsing: trimmed, phone as +254…, delivery defaulted. */
export type PlaceOrderInput = z.output<typeof placeOrderRequestSchema>;

/** Header Idempotency-Key of POST /v1/orders. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,128}$/;

export const orderParamsSchema = z.object({ id: z.string() });

export const orderSchema = z.object({
  id: z.string(),
  /** e.g. "SS-000123". */
  number: z.string(),
  status: orderStatusSchema,
  items: z.array(orderItemSchema),
  subtotal: kesAmount(),
  discount: kesAmount(),
  deliveryFee: kesAmount(),
  total: kesAmount(),
  delivery: deliveryMethodSchema,
  shipping: shippingFormSchema,
  payment: orderPaymentSchema,
  promoCode: z.string().nullable(),
  /** ISO date-time. */
  createdAt: z.string(),
  /** ISO date-time: while pending payment, when the order expires unless paid; otherwise null. */
  paymentDueAt: z.string().nullable(),
  /** ISO date-time the order expired, or null. */
  expiredAt: z.string().nullable(),
  /** Why the order is in its status, for the buyer (e.g. "Not paid within 72 hours; …"), or null. */
  statusReason: z.string().nullable(),
  /** One per seller (issue 15): each moves on its own; the order's status follows them. */
  fulfilments: z.array(fulfilmentSchema),
});
export type Order = z.infer<typeof orderSchema>;

export const orderListSchema = z.array(orderSchema);
