// Marketplace contract between core-api and mfe-market (notes/MARKET-API.md). Type-only on purpose:
// the remote imports it without pulling any runtime code into the shared singleton.
// Money is integer KES everywhere; display it with formatKES.

export type Category = 'crops' | 'equipment' | 'supplies' | 'services';

export type ProductSort = 'relevance' | 'price_asc' | 'price_desc' | 'rating' | 'newest';

export interface Seller {
  id: string;
  name: string;
  /** 0-5, one decimal place. */
  rating: number;
  reviews: number;
  verified: boolean;
  /** Year as text, e.g. "2019". */
  memberSince: string;
  /** Free text, e.g. "Within 2 hours". */
  responseTime: string;
  avatar: string | null;
  county: string;
  phone: string;
  email: string;
}

export interface SellerSummary {
  id: string;
  name: string;
  verified: boolean;
  rating: number;
}

export interface ProductSummary {
  id: string;
  name: string;
  category: Category;
  /** KES, whole shillings. */
  price: number;
  originalPrice: number | null;
  /** Percent off originalPrice, whole number; 0 when there is no discount. */
  discount: number;
  /** County. */
  location: string;
  seller: SellerSummary;
  rating: number;
  reviews: number;
  /** URL of the main image. */
  image: string;
  inStock: boolean;
  stockQuantity: number;
  featured: boolean;
  /** e.g. "per 2 kg bag", "per acre". */
  unit: string;
}

export interface ProductSpecification {
  label: string;
  value: string;
}

export interface DeliveryOption {
  price: number;
  time: string;
}

export interface DeliveryOptions {
  standard: DeliveryOption;
  express: DeliveryOption;
}

export interface Review {
  id: string;
  /** Display name of the reviewer. */
  user: string;
  /** 1-5. */
  rating: number;
  /** ISO date-time. */
  date: string;
  comment: string;
  /** True when the reviewer bought the product. */
  verified: boolean;
}

export interface Product extends Omit<ProductSummary, 'seller'> {
  images: string[];
  description: string;
  specifications: ProductSpecification[];
  delivery: DeliveryOptions;
  seller: Seller;
  reviewsList: Review[];
  related: ProductSummary[];
}

export interface CategoryFacets {
  all: number;
  crops: number;
  equipment: number;
  supplies: number;
  services: number;
}

/** Query of GET /v1/products; every field optional. */
export interface ProductSearchParams {
  q?: string;
  category?: Category;
  minPrice?: number;
  maxPrice?: number;
  county?: string;
  inStock?: boolean;
  minRating?: number;
  sort?: ProductSort;
  page?: number;
  /** Default 12. */
  pageSize?: number;
}

export interface ProductSearchResult {
  items: ProductSummary[];
  total: number;
  page: number;
  pageSize: number;
  facets: CategoryFacets;
}

export interface NewReview {
  rating: number;
  comment: string;
}

export interface CartItem {
  productId: string;
  name: string;
  price: number;
  quantity: number;
  /** Seller name. */
  seller: string;
  location: string;
  rating: number;
  image: string;
  inStock: boolean;
  stockQuantity: number;
}

export interface Cart {
  items: CartItem[];
  /** Sum of quantities (the header badge). */
  itemCount: number;
  subtotal: number;
}

export interface CartLine {
  productId: string;
  quantity: number;
}

export interface CartMergeRequest {
  items: CartLine[];
}

export interface ShippingForm {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  /** County. */
  state: string;
  postalCode?: string;
}

export type PaymentMethod = 'card' | 'bank';

export interface PaymentForm {
  method: PaymentMethod;
  cardNumber?: string;
  /** MM/YY. */
  expiryDate?: string;
  cvv?: string;
  cardName?: string;
}

export type DeliveryMethod = 'standard' | 'express';

export type PromoType = 'percentage' | 'fixed';

export interface PromoValidationRequest {
  code: string;
  subtotal: number;
}

export interface PromoValidation {
  code: string;
  type: PromoType;
  value: number;
  /** KES taken off the given subtotal. */
  discount: number;
}

/** `expired`: not paid within the payment method's window; its items went back to stock. */
export type OrderStatus = 'pending_payment' | 'paid' | 'shipped' | 'delivered' | 'cancelled' | 'expired';

export interface OrderItem {
  productId: string;
  name: string;
  price: number;
  quantity: number;
  image: string;
}

export interface OrderPayment {
  method: PaymentMethod;
  brand: string | null;
  last4: string | null;
}

export interface Order {
  id: string;
  /** e.g. "SS-000123". */
  number: string;
  status: OrderStatus;
  items: OrderItem[];
  subtotal: number;
  discount: number;
  deliveryFee: number;
  total: number;
  delivery: DeliveryMethod;
  shipping: ShippingForm;
  payment: OrderPayment;
  promoCode: string | null;
  /** ISO date-time. */
  createdAt: string;
  /** ISO date-time: while pending payment, when the order expires unless paid; otherwise null. */
  paymentDueAt: string | null;
  /** ISO date-time the order expired, or null. */
  expiredAt: string | null;
  /** Why the order is in its status, for the buyer (e.g. "Not paid within 72 hours; …"), or null. */
  statusReason: string | null;
}

/** Body of POST /v1/orders (header Idempotency-Key required). `items` = Buy Now; otherwise the cart. */
export interface PlaceOrderRequest {
  shipping: ShippingForm;
  delivery: DeliveryMethod;
  payment: PaymentForm;
  promoCode?: string;
  items?: CartLine[];
}

export interface FavouritesList {
  productIds: string[];
}
