// Prices from real sales (issue 42): median and middle range of the price per base unit (kg, litre of
// milk, tray of eggs) of a product kind in a county, from paid order lines and live listings.
import { z } from 'zod';
import { isKenyaCounty } from './counties';
import { PRODUCT_KIND_IDS } from './product-kinds';

/** Below this many sales (or listings) a figure is not shown: no one's own price can be read off it. */
export const PRICE_MIN_SALES = 5;
/** The seller's hint and the product page look this far back. */
export const PRICE_RECENT_DAYS = 30;
/** The chart's months, this one included. */
export const PRICE_SERIES_MONTHS = 12;

export const productKindSchema = z.enum(PRODUCT_KIND_IDS, { error: 'must be one of the product kinds' });

const countyQuery = z
  .string({ error: 'must be one of the 47 counties' })
  .trim()
  .max(40, { abort: true, message: 'must be one of the 47 counties' })
  .refine(isKenyaCounty, 'must be one of the 47 counties');

/** GET /v1/market/prices?kind&county and /v1/market/prices/series?kind&county. No county: all of Kenya. */
export const priceQuerySchema = z.object({
  kind: productKindSchema,
  county: countyQuery.optional(),
});
export type PriceQuery = z.input<typeof priceQuerySchema>;

/** Shillings per base unit, rounded; `count` is how many sales or listings the figure rests on. */
export const priceFigureSchema = z.object({
  median: z.number().int().min(0),
  low: z.number().int().min(0),
  high: z.number().int().min(0),
  count: z.number().int().min(PRICE_MIN_SALES),
});
export type PriceFigure = z.infer<typeof priceFigureSchema>;

const baseUnitSchema = z.enum(['kg', 'litre', 'tray']);

/** GET /v1/market/prices: the last PRICE_RECENT_DAYS days. Null figures: fewer than PRICE_MIN_SALES. */
export const priceSummarySchema = z.object({
  kind: productKindSchema,
  county: z.string().nullable(),
  baseUnit: baseUnitSchema,
  days: z.number().int(),
  /** Paid order lines. */
  sold: priceFigureSchema.nullable(),
  /** Live listings' asking prices today. */
  asking: priceFigureSchema.nullable(),
});
export type PriceSummary = z.infer<typeof priceSummarySchema>;

/** GET /v1/market/prices/series: one row per month (YYYY-MM, Nairobi), oldest first. */
export const priceSeriesSchema = z.object({
  kind: productKindSchema,
  county: z.string().nullable(),
  baseUnit: baseUnitSchema,
  months: z.array(z.object({ month: z.string(), sold: priceFigureSchema.nullable() })),
});
export type PriceSeries = z.infer<typeof priceSeriesSchema>;

export const productPriceParamsSchema = z.object({ id: z.string().max(64, 'must be a product id') });

/** GET /v1/market/prices/products/:id: the listing's own price per base unit beside what is typical in its county. */
export const productPriceSchema = z.object({
  kind: productKindSchema.nullable(),
  county: z.string(),
  baseUnit: baseUnitSchema.nullable(),
  /** The listing's price per base unit; null without a kind or a weight to convert by. */
  perBaseUnit: z.number().int().min(0).nullable(),
  typical: priceFigureSchema.nullable(),
});
export type ProductPrice = z.infer<typeof productPriceSchema>;
