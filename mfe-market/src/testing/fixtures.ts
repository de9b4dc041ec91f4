import type { AdminPayment, Cart, CartItem, Order, OrderPayment, ProductSummary, PublicProduct } from '@shambasoko/contracts';
import {
  adminPaymentSchema,
  cartItemSchema,
  cartSchema,
  disputeSchema,
  fulfilmentSchema,
  partAftercareSchema,
  orderPaymentSchema,
  orderSchema,
  productSummarySchema,
  publicProductSchema,
  publicStorefrontSchema,
  saleSchema,
  sellerListingSchema,
  sellerProfileSchema,
  type Dispute,
  type Fulfilment,
  type FulfilmentEvent,
  type PartAftercare,
  type PublicStorefront,
  type Sale,
  type SellerListing,
  type SellerProfile,
} from '@shambasoko/contracts';

// Every fake is parsed with its contract schema, so one that drifts from the API fails at import.

export const maize: ProductSummary = productSummarySchema.parse({
  id: 'p-maize',
  name: 'Certified Maize Seed H614D',
  category: 'crops',
  price: 650,
  originalPrice: 750,
  discount: 13,
  location: 'Nakuru',
  seller: { id: 's1', name: 'Rift Agrovet', verified: true, rating: 4.6 },
  rating: 4.5,
  reviews: 12,
  image: '/static/products/maize.svg',
  inStock: true,
  stockQuantity: 5,
  featured: true,
  unit: 'per 2 kg bag',
} satisfies ProductSummary);

export const maizeDetail: PublicProduct = publicProductSchema.parse({
  ...maize,
  images: ['/static/products/maize.svg', '/static/products/maize-2.svg'],
  description: 'High-yield hybrid maize for medium altitudes.',
  specifications: [{ label: 'Weight', value: '2 kg' }],
  delivery: { standard: { price: 350, time: '5-7 business days' }, express: { price: 700, time: '2-3 business days' } },
  seller: {
    id: 's1',
    name: 'Rift Agrovet',
    rating: 4.6,
    reviews: 40,
    verified: true,
    memberSince: '2019',
    responseTime: 'Within 2 hours',
    avatar: null,
    county: 'Nakuru',
    phone: '+254712345678',
  },
  reviewsList: [],
  related: [],
} satisfies PublicProduct);

export const cartItem = (over: Partial<CartItem> = {}): CartItem =>
  cartItemSchema.parse({
    productId: maize.id,
    name: maize.name,
    price: 650,
    quantity: 2,
    seller: 'Rift Agrovet',
    location: 'Nakuru',
    rating: 4.5,
    image: maize.image,
    inStock: true,
    stockQuantity: 5,
    ...over,
  } satisfies CartItem);

export const cartOf = (items: CartItem[]): Cart =>
  cartSchema.parse({
    items,
    itemCount: items.reduce((n, i) => n + i.quantity, 0),
    subtotal: items.reduce((n, i) => n + i.price * i.quantity, 0),
  } satisfies Cart);

/** An order's payment: a bank transfer not yet paid unless told otherwise. */
export const paymentOf = (over: Partial<OrderPayment> = {}): OrderPayment =>
  orderPaymentSchema.parse({
    method: 'bank',
    status: 'unpaid',
    message: null,
    phone: null,
    receipt: null,
    paidAt: null,
    confirmedBy: null,
    brand: null,
    last4: null,
    redirectUrl: null,
    canRetry: false,
    // The whole of orderOf's order, still waiting.
    amountDue: 1650,
    bank: {
      bankName: 'Kenya Commercial Bank',
      accountName: 'ShambaSoko Ltd',
      accountNumber: '1234567890',
      paybill: '522522',
      reference: 'SS-000001',
    },
    ...over,
  } satisfies OrderPayment);

/** An M-Pesa payment whose PIN prompt is on the phone. */
export const mpesaPending = (over: Partial<OrderPayment> = {}): OrderPayment =>
  paymentOf({
    method: 'mpesa',
    status: 'pending',
    message: 'Check your phone and enter your M-Pesa PIN to pay Ksh\u00a01,650.',
    phone: '+254 7•• ••• 678',
    bank: null,
    ...over,
  });

/** An M-Pesa payment the callback confirmed. */
export const mpesaPaid = (): OrderPayment =>
  mpesaPending({ status: 'paid', message: 'Paid. M-Pesa receipt SKL3ABC12X.', receipt: 'SKL3ABC12X', paidAt: '2026-11-24T11:30:12.000Z' });

/** A flagged payment as the Admin's review lists it. */
export const flaggedPaymentOf = (over: Partial<AdminPayment> = {}): AdminPayment =>
  adminPaymentSchema.parse({
    id: 'pay-1',
    orderId: 'o1',
    orderNumber: 'SS-000001',
    method: 'mpesa',
    status: 'flagged',
    amount: 1650,
    reportedAmount: 10,
    receipt: 'SKL3ABC12X',
    phone: '+254 7•• ••• 678',
    flagReason: 'Callback reported Ksh\u00a010 for an order of Ksh\u00a01,650',
    createdAt: '2026-11-24T09:00:00.000Z',
    ledger: [
      {
        kind: 'request',
        providerRef: 'ws_CO_1',
        amount: 1650,
        resultCode: '0',
        summary: 'STK push sent to +254 7•• ••• 678 for Ksh\u00a01,650',
        createdAt: '2026-11-24T09:00:00.000Z',
      },
      {
        kind: 'callback',
        providerRef: 'ws_CO_1',
        amount: 10,
        resultCode: '0',
        summary: 'Callback: ResultCode 0, receipt SKL3ABC12X, Ksh\u00a010',
        createdAt: '2026-11-24T09:00:30.000Z',
      },
    ],
    ...over,
  } satisfies AdminPayment);

/** A placed order as GET/POST /v1/orders answers it. */
export const orderOf = (over: Partial<Order> = {}): Order =>
  orderSchema.parse({
    id: 'o1',
    number: 'SS-000001',
    status: 'pending_payment',
    items: [{ productId: maize.id, name: maize.name, price: 650, quantity: 2, image: maize.image }],
    subtotal: 1300,
    discount: 0,
    deliveryFee: 350,
    total: 1650,
    delivery: 'standard',
    shipping: {
      firstName: 'Wanjiku',
      lastName: 'Kamau',
      email: 'wanjiku@example.co.ke',
      phone: '+254712345678',
      address: 'Plot 12, Kiambu Road',
      city: 'Kiambu',
      state: 'Kiambu',
    },
    payment: paymentOf(),
    promoCode: null,
    createdAt: '2026-11-20T08:00:00.000Z',
    paymentDueAt: '2026-11-23T08:00:00.000Z',
    expiredAt: null,
    statusReason: null,
    fulfilments: [],
    ...over,
  } satisfies Order);

export const sellerProfileOf = (over: Partial<SellerProfile> = {}): SellerProfile =>
  sellerProfileSchema.parse({
    id: 's-9',
    businessName: 'Wanjiku Fresh Produce',
    kind: 'farmer',
    county: 'Kiambu',
    phone: '+254712345678',
    whatsapp: null,
    pickupLocation: 'Limuru market gate',
    description: '',
    verified: false,
    rating: 0,
    reviews: 0,
    memberSince: '2026',
    ...over,
  });

export const listingOf = (over: Partial<SellerListing> = {}): SellerListing =>
  sellerListingSchema.parse({
    id: 'l1',
    title: 'Sukuma wiki',
    category: 'crops',
    unit: 'kg',
    unitLabel: 'per kg',
    price: 1250,
    stock: 40,
    minOrder: 1,
    description: '',
    delivery: { pickup: true, delivery: true },
    weightKg: 1,
    status: 'active',
    listingType: 'stock',
    cropId: null,
    availableFrom: null,
    photos: [],
    reserved: 0,
    createdAt: '2026-11-24T08:00:00.000Z',
    updatedAt: '2026-11-24T08:00:00.000Z',
    ...over,
  });

export const saleOf = (over: Partial<Sale> = {}): Sale =>
  saleSchema.parse({
    id: 'f1',
    orderId: 'o1',
    orderNumber: 'SS-000042',
    seller: { id: 's-9', name: 'Wanjiku Fresh Produce', county: 'Kiambu', phone: '+254712345678', whatsapp: null },
    status: 'paid',
    items: [{ productId: 'l1', name: 'Sukuma wiki', price: 1250, quantity: 2, image: '/static/products/maize.svg' }],
    subtotal: 2500,
    deliveryFee: 350,
    preorder: false,
    dispatchNote: null,
    cancelReason: null,
    events: [],
    buyerCanCancel: true,
    buyer: {
      name: 'Otieno Ouma',
      phone: '+254722000111',
      county: 'Nairobi',
      address: 'Kilimani Rd 4',
      city: 'Nairobi',
      pickupPoint: 'Yaya Centre, ground floor',
    },
    delivery: 'standard',
    createdAt: '2026-11-24T09:00:00.000Z',
    actions: ['accept', 'cancel'],
    nextStep: 'Accept the order',
    dispute: null,
    ...over,
  });

/** A service (combine hire): booked for a day and a place, never put in the cart. */
export const combineHire: PublicProduct = publicProductSchema.parse({
  ...maizeDetail,
  id: 'p-combine',
  name: 'Combine Harvester Hire',
  category: 'services',
  price: 3500,
  originalPrice: null,
  discount: 0,
  unit: 'per acre',
  stockQuantity: 0,
  inStock: false,
  related: [],
} satisfies PublicProduct);

export const storefront: PublicStorefront = publicStorefrontSchema.parse({
  seller: {
    id: 's1',
    businessName: 'Rift Agrovet',
    kind: 'agrovet',
    county: 'Nakuru',
    phone: '+254712345678',
    whatsapp: '+254 733 000 111',
    pickupLocation: 'Kenyatta Avenue, Nakuru town',
    description: 'Certified seed and fertiliser since 2019.',
    verified: true,
    rating: 4.6,
    reviews: 40,
    memberSince: '2019',
  },
  products: [maize],
} satisfies PublicStorefront);

export const fulfilmentEvent = (
  status: FulfilmentEvent['status'],
  at: string,
  by: string | null = null,
  note: string | null = null,
): FulfilmentEvent => ({
  status,
  note,
  by,
  at,
});

/** One seller's part of an order. */
export const fulfilmentOf = (over: Partial<Fulfilment> = {}): Fulfilment =>
  fulfilmentSchema.parse({
    id: 'f1',
    seller: { id: 's1', name: 'Rift Agrovet', county: 'Nakuru', phone: '+254712345678', whatsapp: null },
    status: 'awaiting_payment',
    items: [{ productId: maize.id, name: maize.name, price: 650, quantity: 2, image: maize.image }],
    subtotal: 1300,
    deliveryFee: 500,
    preorder: false,
    dispatchNote: null,
    cancelReason: null,
    events: [fulfilmentEvent('awaiting_payment', '2026-11-20T08:00:00.000Z')],
    buyerCanCancel: true,
    ...over,
  } satisfies Fulfilment);

/** A part's dispute (open, reported by the buyer, not answered yet). */
export const disputeOf = (over: Partial<Dispute> = {}): Dispute =>
  disputeSchema.parse({
    id: 'd1',
    orderId: 'o1',
    orderNumber: 'SS-000042',
    fulfilmentId: 'f1',
    sellerName: 'Rift Agrovet',
    buyerName: 'Otieno Ouma',
    status: 'open',
    reason: 'damaged',
    note: 'Two bags were torn',
    photos: [],
    sellerNote: null,
    sellerPhotos: [],
    sellerAnsweredAt: null,
    partAmount: 850,
    refundAmount: null,
    decisionReason: null,
    decidedAt: null,
    createdAt: '2026-11-22T09:00:00.000Z',
    ...over,
  });

/** What the buyer may do with one delivered part. */
export const aftercareOf = (over: Partial<PartAftercare> = {}): PartAftercare =>
  partAftercareSchema.parse({
    fulfilmentId: 'f1',
    deliveredAt: '2026-11-21T09:00:00.000Z',
    confirmedAt: null,
    released: false,
    canConfirm: true,
    disputeUntil: '2026-11-28T09:00:00.000Z',
    canDispute: true,
    dispute: null,
    ...over,
  });
