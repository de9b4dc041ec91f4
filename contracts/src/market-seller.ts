// Marketplace contract, the selling side (issue 15): seller profiles, listings and their photos,
// stock adjustments, each seller's part of an order (fulfilment) with its timeline, storefronts,
// service requests and pre-order listings of a crop's harvest. Money is integer KES.
import { z } from 'zod';
import { formatKES } from './money';
import { isKenyaCounty } from './counties';
import { boundedText, kenyanPhoneField, kesAmount, requiredText } from './fields';
import { date as calendarDate, id as recordId } from './farm-fields';
import { categorySchema, deliveryMethodSchema, orderItemSchema, productSummarySchema } from './market';
import { disputeSchema } from './disputes';
import { productKindSchema } from './market-prices';
import { LISTING_UNITS, SELLER_KINDS, STOCK_REASONS } from './market-seller-values';

// The values without zod live in market-seller-values.ts (a form page shows them before it checks anything).
export {
  LISTING_UNITS,
  LISTING_UNIT_LABELS,
  LISTING_UNIT_WEIGHT_KG,
  MAX_PHOTOS_PER_LISTING,
  MAX_PHOTO_BYTES,
  SELLER_KINDS,
  STOCK_REASONS,
  convertListingQuantity,
} from './market-seller-values';

// ---- Values ----------------------------------------------------------------------------------

export const sellerKindSchema = z.enum(SELLER_KINDS, { error: `must be one of ${SELLER_KINDS.join(', ')}` });
export type SellerKind = z.infer<typeof sellerKindSchema>;

export const listingUnitSchema = z.enum(LISTING_UNITS, { error: `must be one of ${LISTING_UNITS.join(', ')}` });
export type ListingUnit = z.infer<typeof listingUnitSchema>;

/** A seller sets active or paused; deleting is its own route. */
export const LISTING_STATUSES = ['active', 'paused'] as const;
export const listingStatusSchema = z.enum(LISTING_STATUSES, { error: 'must be active or paused' });
export type ListingStatus = z.infer<typeof listingStatusSchema>;
export const LISTING_TYPES = ['stock', 'preorder'] as const;
export type ListingType = (typeof LISTING_TYPES)[number];

export const stockReasonSchema = z.enum(STOCK_REASONS, { error: `must be one of ${STOCK_REASONS.join(', ')}` });
export type StockReason = z.infer<typeof stockReasonSchema>;

/**
 * One seller's part of an order. awaiting_payment → paid → accepted → dispatched → delivered; a
 * pre-order waits in paid/accepted until the crop is harvested, then is ready_to_dispatch.
 * The buyer cancels before dispatch; the seller cancels with a reason; unpaid ones expire.
 */
export const FULFILMENT_STATUSES = [
  'awaiting_payment',
  'paid',
  'accepted',
  'ready_to_dispatch',
  'dispatched',
  'delivered',
  'cancelled',
  'expired',
] as const;
export const fulfilmentStatusSchema = z.enum(FULFILMENT_STATUSES);
export type FulfilmentStatus = z.infer<typeof fulfilmentStatusSchema>;
export const FULFILMENT_STATUS_LABELS: Record<FulfilmentStatus, string> = {
  awaiting_payment: 'Awaiting payment',
  paid: 'Paid',
  accepted: 'Accepted',
  ready_to_dispatch: 'Ready to dispatch',
  dispatched: 'Dispatched',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  expired: 'Expired',
};
/** States a buyer may still cancel from. */
export const BUYER_CANCELLABLE: readonly FulfilmentStatus[] = ['awaiting_payment', 'paid', 'accepted', 'ready_to_dispatch'];
/** What a seller may do to a fulfilment: POST /v1/seller/sales/:id/<action>. */
export const SALE_ACTIONS = ['mark-paid', 'accept', 'dispatch', 'deliver', 'cancel'] as const;
export type SaleAction = (typeof SALE_ACTIONS)[number];

export const SERVICE_REQUEST_STATUSES = ['requested', 'accepted', 'declined', 'done', 'cancelled'] as const;
export const serviceRequestStatusSchema = z.enum(SERVICE_REQUEST_STATUSES);
export type ServiceRequestStatus = z.infer<typeof serviceRequestStatusSchema>;

/** Uploaded photo files as served: <hash>-<size>.webp. */
export const UPLOAD_FILE_PATTERN = /^[a-f0-9]{16,64}-(400|800)\.webp$/;
export const MAX_LISTING_STOCK = 1_000_000;

const county = () =>
  z
    .string({ error: 'is required' })
    .trim()
    .min(1, { abort: true, message: 'is required' })
    .max(40, { abort: true, message: 'must be one of the 47 counties' })
    .refine(isKenyaCounty, 'must be one of the 47 counties');

const wholeNumber = (min: number, max: number) =>
  z
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(min, `must be at least ${min.toLocaleString('en-US')}`)
    .max(max, `must be at most ${max.toLocaleString('en-US')}`);

// ---- Seller profile --------------------------------------------------------------------------

/** PUT /v1/seller/profile: becomes a seller (Farmer, Supplier or Retailer) or edits the profile. */
export const sellerProfileRequestSchema = z.object(
  {
    businessName: requiredText(120),
    kind: sellerKindSchema.default('farmer'),
    county: county(),
    phone: kenyanPhoneField(),
    /** Optional: an empty field means no WhatsApp. */
    whatsapp: z.preprocess(
      (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
      kenyanPhoneField().optional(),
    ),
    pickupLocation: requiredText(200),
    description: boundedText(1000).default(''),
  },
  { error: 'is required' },
);
export type SellerProfileRequest = z.input<typeof sellerProfileRequestSchema>;

/**
 * The seller on their public storefront (GET /v1/sellers/:id): what the profile form publishes. The
 * seller's own profile below extends it, so a field added there never shows here by itself.
 */
export const publicStorefrontSellerSchema = z.object({
  id: z.string(),
  businessName: z.string(),
  kind: sellerKindSchema,
  county: z.string(),
  /** The business phone, +254… */
  phone: z.string(),
  whatsapp: z.string().nullable(),
  pickupLocation: z.string(),
  description: z.string(),
  verified: z.boolean(),
  rating: z.number().min(0).max(5),
  reviews: z.number().int().min(0),
  /** Year, e.g. "2019". */
  memberSince: z.string(),
});
export type PublicStorefrontSeller = z.infer<typeof publicStorefrontSellerSchema>;

/**
 * The seller's own profile (GET/PUT /v1/seller/profile, Admin): never a public answer. Today it holds
 * what the storefront shows; fields only the seller may read go in this `extend`.
 */
export const sellerProfileSchema = publicStorefrontSellerSchema.extend({});
export type SellerProfile = z.infer<typeof sellerProfileSchema>;

/** GET /v1/seller/profile: null until the account becomes a seller. */
export const sellerProfileAnswerSchema = z.object({ profile: sellerProfileSchema.nullable() });
export type SellerProfileAnswer = z.infer<typeof sellerProfileAnswerSchema>;

/** GET /v1/sellers/:id and PUT /v1/admin/sellers/:id/verified. */
export const sellerParamsSchema = z.object({ id: z.string() });

/** PUT /v1/admin/sellers/:id/verified (Admin). */
export const sellerVerifiedRequestSchema = z.object({ verified: z.boolean({ error: 'must be true or false' }) }, { error: 'is required' });

// ---- Listings --------------------------------------------------------------------------------

export const deliveryChoicesSchema = z
  .object({ pickup: z.boolean({ error: 'must be true or false' }), delivery: z.boolean({ error: 'must be true or false' }) })
  .refine((d) => d.pickup || d.delivery, 'must offer pick-up, delivery or both');

const listingFields = {
  title: requiredText(200),
  /** Optional title in Kiswahili (issue 42), searched and shown to Kiswahili readers; empty = none. */
  titleSw: boundedText(200).nullable(),
  category: categorySchema,
  unit: listingUnitSchema,
  price: kesAmount().min(1, `must be at least ${formatKES(1)}`),
  stock: wholeNumber(0, MAX_LISTING_STOCK),
  minOrder: wholeNumber(1, MAX_LISTING_STOCK),
  description: boundedText(5000),
  delivery: deliveryChoicesSchema,
  /** One unit's weight in kg, for the delivery fee. */
  weightKg: z.number({ error: 'must be a number' }).min(0, 'must not be negative').max(10_000, 'must be at most 10,000 kg'),
  /** The product kind (maize, DAP, …) its prices are compared under; none for what fits no kind. */
  kind: productKindSchema.nullable(),
};

/** POST /v1/seller/products. */
export const createListingSchema = z.object(
  {
    ...listingFields,
    titleSw: listingFields.titleSw.default(null),
    minOrder: listingFields.minOrder.default(1),
    description: listingFields.description.default(''),
    delivery: listingFields.delivery.default({ pickup: true, delivery: true }),
    weightKg: listingFields.weightKg.default(1),
    kind: listingFields.kind.default(null),
    status: listingStatusSchema.default('active'),
  },
  { error: 'is required' },
);
export type CreateListingRequest = z.input<typeof createListingSchema>;

/** PATCH /v1/seller/products/:id: any of the fields, and pause/resume through status. */
export const updateListingSchema = z
  .object({ ...listingFields, status: listingStatusSchema }, { error: 'is required' })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'must change at least one field');
export type UpdateListingRequest = z.input<typeof updateListingSchema>;

export const listingPhotoSchema = z.object({
  id: z.string(),
  /** 400 px square-ish WebP, as cards use it. */
  url: z.string(),
  /** 800 px WebP, for the product page. */
  largeUrl: z.string(),
});
export type ListingPhoto = z.infer<typeof listingPhotoSchema>;

export const sellerListingSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** The Kiswahili title, or null; absent on answers older than issue 42. */
  titleSw: z.string().nullable().optional(),
  category: categorySchema,
  /** Null for seeded products listed before units were a choice. */
  unit: listingUnitSchema.nullable(),
  /** "per 90 kg bag". */
  unitLabel: z.string(),
  price: kesAmount(),
  stock: z.number().int().min(0),
  minOrder: z.number().int().min(1),
  description: z.string(),
  delivery: z.object({ pickup: z.boolean(), delivery: z.boolean() }),
  weightKg: z.number().min(0),
  kind: productKindSchema.nullable().optional(),
  status: listingStatusSchema,
  listingType: z.enum(LISTING_TYPES),
  /** The crop whose harvest a pre-order listing sells. */
  cropId: z.string().nullable(),
  /** YYYY-MM-DD: when a pre-order's harvest is expected. */
  availableFrom: z.string().nullable(),
  /** Photos, first = main; seeded products answer their picture here too. */
  photos: z.array(listingPhotoSchema),
  /** Units in orders that are not yet dispatched or cancelled. */
  reserved: z.number().int().min(0),
  /** Set while an administrator has it taken down: the seller sees why and cannot publish it. */
  takenDown: z.object({ at: z.string(), reason: z.string() }).nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SellerListing = z.infer<typeof sellerListingSchema>;

/** GET /v1/seller/products?q&status&stock&page. */
export const sellerListingQuerySchema = z.object({
  q: z.string().max(100, { abort: true, message: 'must be at most 100 characters' }).optional(),
  status: z.enum(['all', 'active', 'paused'], { error: 'must be all, active or paused' }).default('all'),
  /** low = at most 10 left. */
  stock: z.enum(['all', 'in', 'low', 'out'], { error: 'must be all, in, low or out' }).default('all'),
  page: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be 1 or more').max(10_000).default(1),
});
export type SellerListingQuery = z.input<typeof sellerListingQuerySchema>;

export const sellerListingPageSchema = z.object({
  items: z.array(sellerListingSchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type SellerListingPage = z.infer<typeof sellerListingPageSchema>;

export const listingParamsSchema = z.object({ id: z.string() });
export const listingPhotoParamsSchema = z.object({ id: z.string(), photoId: z.string() });
export const uploadFileParamsSchema = z.object({
  file: z
    .string()
    .max(100, { abort: true, message: 'must be at most 100 characters' })
    .regex(UPLOAD_FILE_PATTERN, 'must be an uploaded photo'),
});

// ---- Inventory -------------------------------------------------------------------------------

/** POST /v1/seller/products/:id/stock-adjustments. */
export const stockAdjustmentRequestSchema = z.object(
  {
    /** Units added (positive) or taken away (negative); never 0. */
    delta: wholeNumber(-MAX_LISTING_STOCK, MAX_LISTING_STOCK).refine((d) => d !== 0, 'must not be 0'),
    reason: stockReasonSchema,
    note: boundedText(300).default(''),
  },
  { error: 'is required' },
);
export type StockAdjustmentRequest = z.input<typeof stockAdjustmentRequestSchema>;

export const stockAdjustmentSchema = z.object({
  id: z.string(),
  productId: z.string(),
  productTitle: z.string(),
  delta: z.number().int(),
  reason: stockReasonSchema,
  note: z.string(),
  stockAfter: z.number().int().min(0),
  /** Who made it (display name), or null. */
  by: z.string().nullable(),
  createdAt: z.string(),
});
export type StockAdjustment = z.infer<typeof stockAdjustmentSchema>;

/** GET /v1/seller/inventory?productId&page: the history, newest first. */
export const inventoryQuerySchema = z.object({
  productId: z.string().max(64).optional(),
  page: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be 1 or more').max(10_000).default(1),
});
export const inventoryPageSchema = z.object({
  items: z.array(stockAdjustmentSchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type InventoryPage = z.infer<typeof inventoryPageSchema>;

// ---- Fulfilments (each seller's part of an order) ---------------------------------------------

export const fulfilmentEventSchema = z.object({
  status: fulfilmentStatusSchema,
  /** Dispatch note or cancel reason. */
  note: z.string().nullable(),
  /** Display name of who took the step, or null (system, e.g. expiry or harvest). */
  by: z.string().nullable(),
  at: z.string(),
});
export type FulfilmentEvent = z.infer<typeof fulfilmentEventSchema>;

export const fulfilmentSellerSchema = z.object({
  id: z.string(),
  name: z.string(),
  county: z.string(),
  phone: z.string(),
  whatsapp: z.string().nullable(),
});

export const fulfilmentSchema = z.object({
  id: z.string(),
  seller: fulfilmentSellerSchema,
  status: fulfilmentStatusSchema,
  items: z.array(orderItemSchema),
  subtotal: kesAmount(),
  deliveryFee: kesAmount(),
  preorder: z.boolean(),
  dispatchNote: z.string().nullable(),
  cancelReason: z.string().nullable(),
  /** The timeline, oldest first. */
  events: z.array(fulfilmentEventSchema),
  /** True while the buyer may still cancel this part. */
  buyerCanCancel: z.boolean(),
});
export type Fulfilment = z.infer<typeof fulfilmentSchema>;

/** A fulfilment as its seller sees it in Sales. */
export const saleSchema = fulfilmentSchema.extend({
  orderId: z.string(),
  /** SS-000123 */
  orderNumber: z.string(),
  buyer: z.object({
    name: z.string(),
    phone: z.string(),
    county: z.string(),
    address: z.string(),
    city: z.string(),
    pickupPoint: z.string().nullable(),
  }),
  delivery: deliveryMethodSchema,
  createdAt: z.string(),
  /** What the seller may do now, in order of likelihood. */
  actions: z.array(z.enum(SALE_ACTIONS)),
  /** The next step in words, e.g. "Accept the order", "Dispatch when the harvest is in". */
  nextStep: z.string().nullable(),
  /** The part's latest dispute (open or decided), null when its buyer reported no problem: the list carries it, no call per sale. */
  dispute: disputeSchema.nullable(),
});
export type Sale = z.infer<typeof saleSchema>;

/** GET /v1/seller/sales?status&page: newest first. status=open hides delivered/cancelled/expired. */
export const salesQuerySchema = z.object({
  status: z.enum(['open', 'all', ...FULFILMENT_STATUSES], { error: 'must be open, all or a fulfilment status' }).default('open'),
  page: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be 1 or more').max(10_000).default(1),
});
export const salesPageSchema = z.object({
  items: z.array(saleSchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type SalesPage = z.infer<typeof salesPageSchema>;

export const saleParamsSchema = z.object({ id: z.string() });
/** POST /v1/seller/sales/:id/dispatch. */
export const dispatchRequestSchema = z.object({ note: boundedText(500).default('') }, { error: 'is required' });
/** POST /v1/seller/sales/:id/cancel: a seller always says why. */
export const sellerCancelRequestSchema = z.object({ reason: requiredText(500) }, { error: 'is required' });
/** POST /v1/orders/:id/cancel (every part the buyer may still cancel) or …/fulfilments/:fulfilmentId/cancel. */
export const buyerCancelRequestSchema = z.object({ reason: boundedText(500).default('') }, { error: 'is required' });
export const orderFulfilmentParamsSchema = z.object({ id: z.string(), fulfilmentId: z.string() });

// ---- Checkout quote --------------------------------------------------------------------------

/** POST /v1/orders/quote: the checkout's delivery fee per seller before placing the order. */
export const orderQuoteRequestSchema = z.object(
  {
    county: county(),
    delivery: deliveryMethodSchema.default('standard'),
    /** Buy Now; otherwise the signed-in buyer's cart. */
    items: z
      .array(z.object({ productId: z.string().min(1).max(64), quantity: wholeNumber(1, 999) }), { error: 'must be a list' })
      .min(1, 'must have at least one item')
      .max(50, 'must have at most 50 items')
      .optional(),
  },
  { error: 'is required' },
);
export type OrderQuoteRequest = z.input<typeof orderQuoteRequestSchema>;
export const orderQuoteSchema = z.object({
  sellers: z.array(
    z.object({
      sellerId: z.string(),
      sellerName: z.string(),
      county: z.string(),
      subtotal: kesAmount(),
      deliveryFee: kesAmount(),
      weightKg: z.number(),
    }),
  ),
  subtotal: kesAmount(),
  deliveryFee: kesAmount(),
});
export type OrderQuote = z.infer<typeof orderQuoteSchema>;

// ---- Storefront ------------------------------------------------------------------------------

/** GET /v1/sellers/:id: public. */
export const publicStorefrontSchema = z.object({
  seller: publicStorefrontSellerSchema,
  products: z.array(productSummarySchema),
});
export type PublicStorefront = z.infer<typeof publicStorefrontSchema>;

// ---- Services --------------------------------------------------------------------------------

/** POST /v1/products/:id/service-requests: a service is booked for a day and a place. */
export const serviceRequestBodySchema = z.object(
  {
    date: calendarDate(),
    place: requiredText(200),
    note: boundedText(1000).default(''),
  },
  { error: 'is required' },
);
export type ServiceRequestBody = z.input<typeof serviceRequestBodySchema>;
export const serviceRequestSchema = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  sellerName: z.string(),
  date: z.string(),
  place: z.string(),
  note: z.string(),
  status: serviceRequestStatusSchema,
  /** The requester's name and phone, shown to the seller only. */
  requester: z.object({ name: z.string(), phone: z.string().nullable() }).nullable(),
  createdAt: z.string(),
});
export type ServiceRequest = z.infer<typeof serviceRequestSchema>;
export const serviceRequestListSchema = z.array(serviceRequestSchema);
/** PATCH /v1/seller/service-requests/:id. */
export const serviceRequestUpdateSchema = z.object(
  { status: z.enum(['accepted', 'declined', 'done'], { error: 'must be accepted, declined or done' }) },
  { error: 'is required' },
);

// ---- Sell your harvest -----------------------------------------------------------------------

/** GET /v1/crops/:cropId/harvest-listing: the prefilled form, and the listing if there is one. */
export const harvestListingDraftSchema = z.object({
  cropId: z.string(),
  cropName: z.string(),
  /** area (ha) × expected yield per hectare, in kg; null without a yield. */
  expectedQuantity: z.number().int().min(0).nullable(),
  expectedHarvest: z.string(),
  suggestedTitle: z.string(),
  /** County of the farm, or of the seller profile. */
  county: z.string().nullable(),
  listing: sellerListingSchema.nullable(),
  /** False until the account has a seller profile: the form asks for one first. */
  hasSellerProfile: z.boolean(),
});
export type HarvestListingDraft = z.infer<typeof harvestListingDraftSchema>;

/** POST /v1/crops/:cropId/harvest-listing: a pre-order listing of the expected harvest. */
export const harvestListingRequestSchema = z.object(
  {
    title: requiredText(200),
    quantity: wholeNumber(1, MAX_LISTING_STOCK),
    unit: listingUnitSchema.default('kg'),
    price: kesAmount().min(1, `must be at least ${formatKES(1)}`),
    availableFrom: calendarDate(),
    description: boundedText(5000).default(''),
  },
  { error: 'is required' },
);
export type HarvestListingRequest = z.input<typeof harvestListingRequestSchema>;
/** A crop id is a uuid, as on the farm routes: anything else is a 400, never a query. */
export const cropParamsSchema = z.object({ cropId: recordId() });
