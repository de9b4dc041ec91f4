import { z } from 'zod';
import { orderStatusSchema } from './market';

// The role homes (issue 39): what a buyer and a seller see first, each read from the caller's own data.

/** A sum of shillings over many orders: whole, never negative, not bounded by one amount's limit. */
const kesSum = () => z.number().int().min(0);

/**
 * What the buyer does (or waits for) next on an order in flight: pay; wait for the sellers to accept
 * and dispatch; wait for a harvest (pre-order); wait for a dispatched part to arrive.
 */
export const BUYER_NEXT_STEPS = ['pay', 'wait_for_dispatch', 'wait_for_harvest', 'wait_for_delivery'] as const;
export const buyerNextStepSchema = z.enum(BUYER_NEXT_STEPS);
export type BuyerNextStep = z.infer<typeof buyerNextStepSchema>;

export const buyerHomeOrderSchema = z.object({
  id: z.string(),
  /** SS-000123 */
  number: z.string(),
  status: orderStatusSchema,
  total: kesSum(),
  itemCount: z.number().int().min(0),
  /** The first line's product name, to tell orders apart. */
  firstItem: z.string(),
  createdAt: z.string(),
  /** ISO date-time the order expires unless paid, or null. */
  paymentDueAt: z.string().nullable(),
  nextStep: buyerNextStepSchema,
});
export type BuyerHomeOrder = z.infer<typeof buyerHomeOrderSchema>;

export const reorderLineSchema = z.object({
  productId: z.string(),
  name: z.string(),
  quantity: z.number().int().min(1),
  /** Today's price of one unit. */
  price: kesSum(),
  /** On sale with enough in stock for the quantity ordered last time. */
  available: z.boolean(),
});
export type ReorderLine = z.infer<typeof reorderLineSchema>;

export const pastOrderSchema = z.object({
  id: z.string(),
  number: z.string(),
  createdAt: z.string(),
  total: kesSum(),
  lines: z.array(reorderLineSchema),
});
export type PastOrder = z.infer<typeof pastOrderSchema>;

export const backInStockSchema = z.object({
  productId: z.string(),
  name: z.string(),
  price: kesSum(),
  unit: z.string(),
  stock: z.number().int().min(0),
});

/** GET /v1/buyer/home */
export const buyerHomeSchema = z.object({
  /** Newest first: every order not yet delivered, cancelled or expired. */
  inFlight: z.array(buyerHomeOrderSchema),
  paymentsWaiting: z.object({ count: z.number().int().min(0), total: kesSum() }),
  /** Parts dispatched to the buyer and not yet delivered. */
  deliveriesOnTheWay: z.number().int().min(0),
  /** The latest paid orders, with each line's availability today. */
  recent: z.array(pastOrderSchema),
  /** Favourites restocked in the last 30 days and on sale now. */
  favouritesBackInStock: z.array(backInStockSchema),
});
export type BuyerHome = z.infer<typeof buyerHomeSchema>;

export const homeSaleSchema = z.object({
  /** The sale (order part) id: /seller/sales shows it. */
  id: z.string(),
  orderNumber: z.string(),
  buyerName: z.string(),
  /** What the buyer pays for this part: items less their discount share, plus its delivery fee. */
  amount: kesSum(),
  itemCount: z.number().int().min(0),
  preorder: z.boolean(),
  createdAt: z.string(),
});
export type HomeSale = z.infer<typeof homeSaleSchema>;

export const salesFigureSchema = z.object({ total: kesSum(), count: z.number().int().min(0) });

/** GET /v1/seller/home: the signed-in seller's shop. `shop` is null until a seller profile exists. */
export const sellerHomeSchema = z.object({
  shop: z
    .object({
      id: z.string(),
      name: z.string(),
      rating: z.number().min(0).max(5),
      reviewCount: z.number().int().min(0),
    })
    .nullable(),
  /** Paid parts waiting for the seller to accept, oldest first. */
  toAccept: z.array(homeSaleSchema),
  /** Accepted parts ready to go out (a pre-order once its harvest is in), oldest first. */
  toDispatch: z.array(homeSaleSchema),
  /** Paid sales of the last 7 days in Nairobi, today included. */
  week: salesFigureSchema,
  /** Paid sales of this calendar month in Nairobi. */
  month: salesFigureSchema,
  /** The last 30 days in Nairobi, oldest first, one entry a day (zero days included). */
  daily: z.array(salesFigureSchema.extend({ date: z.string() })),
  /** Active stock listings with at most 10 left, fewest first. */
  /** `unit` as counted: "kg", "crate" (not "per kg"). */
  lowStock: z.array(z.object({ id: z.string(), name: z.string(), stock: z.number().int(), unit: z.string() })),
  /** Active pre-order (harvest) listings by harvest date, with what buyers have ordered of each. */
  preorders: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      availableFrom: z.string().nullable(),
      stock: z.number().int(),
      unit: z.string(),
      openOrders: z.number().int().min(0),
    }),
  ),
  latestReviews: z.array(
    z.object({
      productId: z.string(),
      productName: z.string(),
      reviewerName: z.string(),
      rating: z.number().int().min(1).max(5),
      comment: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type SellerHome = z.infer<typeof sellerHomeSchema>;

/** GET /v1/buyer/suppliers: the sellers this account bought from, latest order first. */
export const supplierSchema = z.object({
  sellerId: z.string(),
  name: z.string(),
  county: z.string(),
  lastOrder: z.object({ id: z.string(), number: z.string(), createdAt: z.string() }),
  orderCount: z.number().int().min(0),
  /** What this account paid this seller (paid parts only). */
  totalSpent: kesSum(),
  /** The seller's lines of the last order, with today's availability: Reorder puts the available ones in the cart. */
  lastLines: z.array(reorderLineSchema),
});
export type Supplier = z.infer<typeof supplierSchema>;
export const supplierListSchema = z.array(supplierSchema);
