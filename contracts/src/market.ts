// Marketplace contract between core-api and mfe-market: one zod schema per
// request and response body (orders in market-orders.ts). The API validates requests with them, the remote's test fakes are parsed
// with the response schemas. Money is integer KES everywhere; display it with formatKES.
// Runtime code: import it from '@shambasoko/contracts' (the remotes behind routes and the API);
// '@shambasoko/shared' re-exports only the types.
import { z } from 'zod';
import { MAX_PAGE, kesAmount, kesQueryAmount } from './fields';

// ---- Enums -----------------------------------------------------------------------------------

import { PRODUCT_CATEGORIES } from './market-values';

export { PRODUCT_CATEGORIES } from './market-values';
export const categorySchema = z.enum(PRODUCT_CATEGORIES, { error: `must be one of ${PRODUCT_CATEGORIES.join(', ')}` });
export type Category = z.infer<typeof categorySchema>;

export const PRODUCT_SORTS = ['relevance', 'price_asc', 'price_desc', 'rating', 'newest'] as const;
export const productSortSchema = z.enum(PRODUCT_SORTS, { error: `must be one of ${PRODUCT_SORTS.join(', ')}` });
export type ProductSort = z.infer<typeof productSortSchema>;

export const DELIVERY_METHODS = ['standard', 'express'] as const;
export const deliveryMethodSchema = z.enum(DELIVERY_METHODS, { error: 'must be standard or express' });
export type DeliveryMethod = z.infer<typeof deliveryMethodSchema>;

export const PROMO_TYPES = ['percentage', 'fixed'] as const;
export const promoTypeSchema = z.enum(PROMO_TYPES);
export type PromoType = z.infer<typeof promoTypeSchema>;

/** `expired`: not paid within the payment method's window; its items went back to stock. */
export const ORDER_STATUSES = ['pending_payment', 'paid', 'shipped', 'delivered', 'cancelled', 'expired'] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

// ---- Limits ----------------------------------------------------------------------------------

export const MAX_LINE_QUANTITY = 999;
export const MAX_PAGE_SIZE = 48;
export const DEFAULT_PAGE_SIZE = 12;
export const MAX_PROMO_CODE_LENGTH = 40;
export const MAX_REVIEW_LENGTH = 2000;
/** Product pictures: lower-case names of SVG files, never a path. */
export const PRODUCT_FILE_PATTERN = /^[a-z0-9][a-z0-9-]*\.svg$/;

// ---- Catalog responses -----------------------------------------------------------------------

/**
 * A seller as anyone may see them (product page), declared on its own, never derived from the
 * seller's private profile. Only what the seller publishes on their profile form ("What buyers see
 * on your storefront"): the business phone and WhatsApp they chose; never the sign-in e-mail or the
 * account's own phone. The API serialises public answers through these schemas, so a column a
 * query starts reading stays off the wire until it is added here (issue 38).
 */
export const publicSellerSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** 0-5, one decimal place. */
  rating: z.number().min(0).max(5),
  reviews: z.number().int().min(0),
  verified: z.boolean(),
  /** Year as text, e.g. "2019". */
  memberSince: z.string(),
  /** Free text, e.g. "Within 2 hours". */
  responseTime: z.string(),
  avatar: z.string().nullable(),
  county: z.string(),
  /** The business phone of the seller profile, +254… */
  phone: z.string(),
  /** +254…, for a wa.me link; null or absent when the seller has none (issue 15). */
  whatsapp: z.string().nullable().optional(),
});
export type PublicSeller = z.infer<typeof publicSellerSchema>;

export const sellerSummarySchema = publicSellerSchema.pick({ id: true, name: true, verified: true, rating: true });
export type SellerSummary = z.infer<typeof sellerSummarySchema>;

export const productSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The seller's Kiswahili title, if any: shown instead of `name` to a Kiswahili reader. */
  titleSw: z.string().nullable().optional(),
  category: categorySchema,
  /** KES, whole shillings. */
  price: kesAmount(),
  originalPrice: kesAmount().nullable(),
  /** Percent off originalPrice, whole number; 0 when there is no discount. */
  discount: z.number().int().min(0).max(100),
  /** County. */
  location: z.string(),
  seller: sellerSummarySchema,
  rating: z.number().min(0).max(5),
  reviews: z.number().int().min(0),
  /** URL of the main image. */
  image: z.string(),
  inStock: z.boolean(),
  stockQuantity: z.number().int().min(0),
  featured: z.boolean(),
  /** e.g. "per 2 kg bag", "per acre". */
  unit: z.string(),
  /** YYYY-MM-DD when the listing is a pre-order of a harvest still to come (delivery after it); null for stock on hand. */
  harvestExpected: z.string().nullable().optional(),
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

export const productSpecificationSchema = z.object({ label: z.string(), value: z.string() });
export type ProductSpecification = z.infer<typeof productSpecificationSchema>;

export const deliveryOptionSchema = z.object({ price: kesAmount(), time: z.string() });
export type DeliveryOption = z.infer<typeof deliveryOptionSchema>;

export const deliveryOptionsSchema = z.object({ standard: deliveryOptionSchema, express: deliveryOptionSchema });
export type DeliveryOptions = z.infer<typeof deliveryOptionsSchema>;

export const reviewSchema = z.object({
  id: z.string(),
  /** Display name of the reviewer. */
  user: z.string(),
  /** 1-5. */
  rating: z.number().int().min(1).max(5),
  /** ISO date-time. */
  date: z.string(),
  comment: z.string(),
  /** True when the reviewer bought the product. */
  verified: z.boolean(),
});
export type Review = z.infer<typeof reviewSchema>;

/** GET /v1/products/:id: public, the same answer for everyone (cached and shared). */
export const publicProductSchema = productSummarySchema.extend({
  images: z.array(z.string()),
  description: z.string(),
  specifications: z.array(productSpecificationSchema),
  delivery: deliveryOptionsSchema,
  seller: publicSellerSchema,
  reviewsList: z.array(reviewSchema),
  related: z.array(productSummarySchema),
});
export type PublicProduct = z.infer<typeof publicProductSchema>;

export const categoryFacetsSchema = z.object({
  all: z.number().int().min(0),
  crops: z.number().int().min(0),
  equipment: z.number().int().min(0),
  supplies: z.number().int().min(0),
  services: z.number().int().min(0),
});
export type CategoryFacets = z.infer<typeof categoryFacetsSchema>;

export const productSearchResultSchema = z.object({
  items: z.array(productSummarySchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE),
  facets: categoryFacetsSchema,
});
export type ProductSearchResult = z.infer<typeof productSearchResultSchema>;

export const featuredProductsSchema = z.array(productSummarySchema);
export const countiesSchema = z.array(z.string());

// ---- Search as you type (GET /v1/search/suggest) ----------------------------------------------

/** At least two characters (after trimming): one letter suggests half the catalog. */
export const SUGGEST_MIN_CHARS = 2;
export const searchSuggestQuerySchema = z.object({
  q: z
    .string()
    .max(100, { abort: true, message: 'must be at most 100 characters' })
    .refine((q) => q.trim().length >= SUGGEST_MIN_CHARS, { message: 'must be at least 2 characters' }),
});
export type SearchSuggestQuery = z.infer<typeof searchSuggestQuerySchema>;

/**
 * What the header search offers while typing. A kind is a word of the synonym list in both languages
 * (`words`: "maize" with "mahindi", "corn"); `search` is the text a pick searches for.
 */
export const searchSuggestionsSchema = z.object({
  kinds: z.array(z.object({ search: z.string(), words: z.array(z.string()) })),
  products: z.array(z.object({ id: z.string(), name: z.string(), titleSw: z.string().nullable() })),
  sellers: z.array(z.object({ id: z.string(), name: z.string() })),
  counties: z.array(z.string()),
});
export type SearchSuggestions = z.infer<typeof searchSuggestionsSchema>;

// ---- Catalog requests ------------------------------------------------------------------------

/** Query of GET /v1/products as a client builds it; every field optional. */
export const productSearchParamsSchema = z.object({
  q: z.string().optional(),
  category: categorySchema.optional(),
  minPrice: z.number().optional(),
  maxPrice: z.number().optional(),
  county: z.string().optional(),
  inStock: z.boolean().optional(),
  minRating: z.number().optional(),
  sort: productSortSchema.optional(),
  page: z.number().optional(),
  /** Default 12. */
  pageSize: z.number().optional(),
});
export type ProductSearchParams = z.infer<typeof productSearchParamsSchema>;

/**
 * Forms and URL builders send "minPrice=" for an empty field and "category=all" for the All tab:
 * both mean "no filter" (and an empty string must not coerce to 0).
 */
function withoutEmptyFilters(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null) return raw;
  return Object.fromEntries(Object.entries(raw).filter(([key, value]) => !(value === '' || (key === 'category' && value === 'all'))));
}

/** The same query as it arrives in a URL: text, coerced and bounded. */
export const productSearchQuerySchema = z.preprocess(
  withoutEmptyFilters,
  z
    .object({
      q: z.string().max(100, { abort: true, message: 'must be at most 100 characters' }).optional(),
      category: categorySchema.optional(),
      minPrice: kesQueryAmount().optional(),
      maxPrice: kesQueryAmount().optional(),
      county: z.string().max(60).optional(),
      inStock: z
        .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
        .transform((v) => v === 'true' || v === '1')
        .optional(),
      minRating: z.coerce
        .number({ error: 'must be a number' })
        .min(0, 'must be between 0 and 5')
        .max(5, 'must be between 0 and 5')
        .optional(),
      sort: productSortSchema.default('relevance'),
      page: z.coerce
        .number({ error: 'must be a number' })
        .int('must be a whole number')
        .min(1, 'must be 1 or more')
        .max(MAX_PAGE)
        .default(1),
      pageSize: z.coerce
        .number({ error: 'must be a number' })
        .int('must be a whole number')
        .min(1, `must be between 1 and ${MAX_PAGE_SIZE}`)
        .max(MAX_PAGE_SIZE, `must be between 1 and ${MAX_PAGE_SIZE}`)
        .default(DEFAULT_PAGE_SIZE),
    })
    .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
      path: ['maxPrice'],
      message: 'must not be below minPrice',
    }),
);
export type ProductSearchQuery = z.output<typeof productSearchQuerySchema>;

export const productParamsSchema = z.object({ id: z.string() });
export const productImageParamsSchema = z.object({
  file: z
    .string()
    .max(100, { abort: true, message: 'must be at most 100 characters' })
    .regex(PRODUCT_FILE_PATTERN, 'must be an image file name such as maize-cob.svg'),
});

// ---- Order lines ------------------------------------------------------------------------------

export const orderItemSchema = z.object({
  productId: z.string(),
  name: z.string(),
  price: kesAmount(),
  quantity: z.number().int().min(1),
  image: z.string(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

// ---- Reviews ---------------------------------------------------------------------------------

export const newReviewSchema = z.object({
  rating: z
    .number({ error: 'must be a number from 1 to 5' })
    .int('must be a whole number from 1 to 5')
    .min(1, 'must be from 1 to 5')
    .max(5, 'must be from 1 to 5'),
  comment: z.string({ error: 'is required' }).trim().min(1, 'is required').max(MAX_REVIEW_LENGTH, 'must be at most 2,000 characters'),
});
export type NewReview = z.input<typeof newReviewSchema>;

// ---- Cart ------------------------------------------------------------------------------------

export const quantitySchema = z
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(MAX_LINE_QUANTITY, `must be at most ${MAX_LINE_QUANTITY}`);

export const productIdSchema = z.string({ error: 'is required' }).min(1, 'is required').max(64);

export const cartLineSchema = z.object({ productId: productIdSchema, quantity: quantitySchema });
export type CartLine = z.infer<typeof cartLineSchema>;

export const addToCartSchema = z.object({ productId: productIdSchema, quantity: quantitySchema.default(1) });
export type AddToCartRequest = z.input<typeof addToCartSchema>;
export const updateCartItemSchema = z.object({ quantity: quantitySchema });
export type UpdateCartItemRequest = z.infer<typeof updateCartItemSchema>;
export const cartItemParamsSchema = z.object({ productId: z.string() });

export const cartMergeRequestSchema = z.object({
  items: z.array(cartLineSchema, { error: 'must be a list' }).max(100, 'must have at most 100 lines'),
});
export type CartMergeRequest = z.infer<typeof cartMergeRequestSchema>;

export const cartItemSchema = z.object({
  productId: z.string(),
  name: z.string(),
  price: kesAmount(),
  quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
  /** Seller name. */
  seller: z.string(),
  location: z.string(),
  rating: z.number().min(0).max(5),
  image: z.string(),
  inStock: z.boolean(),
  stockQuantity: z.number().int().min(0),
  /** YYYY-MM-DD of a pre-order's expected harvest; null for stock on hand. */
  harvestExpected: z.string().nullable().optional(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const cartSchema = z.object({
  items: z.array(cartItemSchema),
  /** Sum of quantities (the header badge). */
  itemCount: z.number().int().min(0),
  subtotal: kesAmount(),
});
export type Cart = z.infer<typeof cartSchema>;

// ---- Favourites ------------------------------------------------------------------------------

export const favouriteParamsSchema = z.object({ productId: z.string() });
export const favouritesListSchema = z.object({ productIds: z.array(z.string()) });
export type FavouritesList = z.infer<typeof favouritesListSchema>;

// ---- Promos ----------------------------------------------------------------------------------

export const promoValidationRequestSchema = z.object({
  code: z
    .string({ error: 'is required' })
    .max(MAX_PROMO_CODE_LENGTH, { abort: true, message: `must be at most ${MAX_PROMO_CODE_LENGTH} characters` }),
  subtotal: kesAmount(),
});
export type PromoValidationRequest = z.infer<typeof promoValidationRequestSchema>;

export const promoValidationSchema = z.object({
  code: z.string(),
  type: promoTypeSchema,
  value: z.number().min(0),
  /** KES taken off the given subtotal. */
  discount: kesAmount(),
});
export type PromoValidation = z.infer<typeof promoValidationSchema>;
