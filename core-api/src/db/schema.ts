import { type PaymentMethod } from '@shambasoko/contracts';
import type { ColumnType, Generated, Insertable } from 'kysely';

/** Set by the database on insert (default now()); the `set_updated_at` trigger keeps updated_at current. */
type Timestamp = ColumnType<Date, never, never>;

interface AppMetaTable {
  key: string;
  value: string;
  updated_at: Timestamp;
}

export interface UsersTable {
  id: Generated<string>;
  firebase_uid: string;
  /** Stored lowercased (a check constraint enforces it) so the unique index is case-insensitive. */
  email: string;
  username: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  full_name: Generated<string>;
  msisdn: string | null;
  avatar: string | null;
  terms_accepted: Generated<boolean>;
  terms_version: string | null;
  privacy_policy_accepted: Generated<boolean>;
  privacy_policy_version: string | null;
  cookie_policy_accepted: Generated<boolean>;
  cookie_policy_version: string | null;
  /** The ID token's email_verified at the last sign-in: invitations and Add User link only verified addresses. */
  email_verified: Generated<boolean>;
  /** The provider's linked sign-in methods at the last sign-in, sorted, comma-separated (014). */
  identity_providers: string | null;
  /** Migration 034: an Admin's suspension; sign-in answers 403 while it is set. */
  suspended_at: Date | null;
  suspended_by: string | null;
  suspension_reason: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface HeroImagesTable {
  id: Generated<number>;
  title: string;
  /** Relative to core-api/static, e.g. "hero/tea-terraces.svg"; served under /static/. */
  image_path: string;
  alt: Generated<string>;
  is_active: Generated<boolean>;
  sort_order: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface NotificationsTable {
  id: Generated<string>;
  user_id: string;
  /** order_placed, activity_assigned, farm_member_added, … */
  type: string;
  title: string;
  body: Generated<string>;
  /** An in-app path to open, e.g. /orders/… */
  link: string | null;
  read_at: Date | null;
  created_at: Timestamp;
}

// Marketplace (migration 005_market). numeric columns arrive as strings from pg: select them as ::float8.
type Numeric = ColumnType<string, number | string | undefined, number | string>;
/** Written by the database only (generated column or trigger). */
type DbManaged<T> = ColumnType<T, never, never>;

export type MarketCategory = 'crops' | 'equipment' | 'supplies' | 'services';

interface SellersTable {
  id: Generated<string>;
  slug: string;
  name: string;
  kind: Generated<string>;
  rating: Numeric;
  review_count: Generated<number>;
  verified: Generated<boolean>;
  member_since: number;
  response_time: Generated<string>;
  avatar: string | null;
  county: string;
  phone: string;
  email: string;
  /** Migration 020: the account that runs the shop. */
  user_id: string | null;
  whatsapp: string | null;
  pickup_location: Generated<string>;
  description: Generated<string>;
  verified_at: Date | null;
  verified_by: string | null;
  /** Migration 030: when the account that ran the shop was erased; a closed shop has no contact details. */
  closed_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

type ListingStatusValue = 'active' | 'paused' | 'deleted';
type ListingUnitValue = 'kg' | 'bag_90kg' | 'crate' | 'litre' | 'piece' | 'acre';

export interface ProductSpecRow {
  label: string;
  value: string;
}

interface ProductsTable {
  id: Generated<string>;
  slug: string;
  seller_id: string;
  name: string;
  category: MarketCategory;
  description: Generated<string>;
  price: number;
  original_price: number | null;
  county: string;
  stock_quantity: Generated<number>;
  unit: Generated<string>;
  specifications: ColumnType<ProductSpecRow[], string | undefined, string>;
  featured: Generated<boolean>;
  /** Kept current by a trigger on reviews. */
  rating: DbManaged<string>;
  review_count: DbManaged<number>;
  search_vector: DbManaged<string | null>;
  /** Migration 052: an optional Kiswahili title, searched and shown to Kiswahili readers. */
  title_sw: string | null;
  /** Migration 020: only active listings are in the catalog. */
  status: Generated<ListingStatusValue>;
  deleted_at: Date | null;
  unit_code: ListingUnitValue | null;
  min_order: Generated<number>;
  /** numeric(10,2): one unit's weight, for the delivery fee. */
  weight_kg: Numeric;
  offers_pickup: Generated<boolean>;
  offers_delivery: Generated<boolean>;
  listing_type: Generated<'stock' | 'preorder'>;
  crop_id: string | null;
  available_from: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 035: an Admin's take-down; the listing is paused too, and its seller cannot re-publish it. */
  taken_down_at: Date | null;
  taken_down_by: string | null;
  take_down_reason: string | null;
  status_before_take_down: ListingStatusValue | null;
  /** Migration 051: a product kind id of contracts/src/product-kinds.ts, for price figures. */
  kind: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: Timestamp;
}

interface StockAdjustmentsTable {
  id: Generated<string>;
  product_id: string;
  seller_id: string;
  delta: number;
  reason: 'restock' | 'correction' | 'damaged' | 'lost' | 'returned' | 'harvest';
  note: Generated<string>;
  stock_after: number;
  created_by: string | null;
  created_at: Timestamp;
}

export type FulfilmentStatusValue =
  'awaiting_payment' | 'paid' | 'accepted' | 'ready_to_dispatch' | 'dispatched' | 'delivered' | 'cancelled' | 'expired';

/** Migration 020: one seller's part of an order. */
interface OrderFulfilmentsTable {
  id: Generated<string>;
  order_id: string;
  seller_id: string;
  status: Generated<FulfilmentStatusValue>;
  subtotal: number;
  delivery_fee: Generated<number>;
  /** Migration 029: this part's share of the order's discount; subtotal − discount + delivery_fee is its amount. */
  discount: Generated<number>;
  preorder: Generated<boolean>;
  paid_at: Date | null;
  paid_by: string | null;
  accepted_at: Date | null;
  ready_at: Date | null;
  dispatched_at: Date | null;
  dispatch_note: string | null;
  delivered_at: Date | null;
  cancelled_at: Date | null;
  cancelled_by: string | null;
  cancel_reason: string | null;
  /** Migration 042: the buyer confirmed delivery (who, when); released_at: its earnings left seller:pending. */
  confirmed_at: Date | null;
  confirmed_by: string | null;
  released_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type DisputeReasonValue = 'not_received' | 'not_as_described' | 'damaged';
export type DisputeStatusValue = 'open' | 'refunded' | 'released';

/** Migration 042: a buyer's problem with a delivered part, the seller's answer, an Admin's decision. */
interface DisputesTable {
  id: Generated<string>;
  order_id: string;
  fulfilment_id: string;
  seller_id: string;
  buyer_id: string | null;
  reason: DisputeReasonValue;
  note: string;
  photos: Generated<string[]>;
  seller_note: string | null;
  seller_photos: Generated<string[]>;
  seller_answered_at: Date | null;
  status: Generated<DisputeStatusValue>;
  refund_amount: number | null;
  decision_reason: string | null;
  decided_by: string | null;
  decided_at: Date | null;
  created_at: Generated<Date>;
}

interface FulfilmentEventsTable {
  id: DbManaged<number>;
  fulfilment_id: string;
  status: string;
  note: string | null;
  actor_id: string | null;
  created_at: Timestamp;
}

interface ServiceRequestsTable {
  id: Generated<string>;
  product_id: string;
  seller_id: string;
  user_id: string | null;
  requested_date: ColumnType<string, string, string>;
  place: string;
  note: Generated<string>;
  status: Generated<'requested' | 'accepted' | 'declined' | 'done' | 'cancelled'>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface ProductImagesTable {
  id: Generated<number>;
  product_id: string;
  /** Relative to core-api/static, e.g. "products/maize-cob.svg". */
  path: string;
  alt: Generated<string>;
  sort_order: Generated<number>;
}

interface ReviewsTable {
  id: Generated<string>;
  product_id: string;
  user_id: string | null;
  reviewer_name: string;
  rating: number;
  comment: Generated<string>;
  verified: Generated<boolean>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

interface CartsTable {
  id: Generated<string>;
  user_id: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface CartItemsTable {
  cart_id: string;
  product_id: string;
  quantity: number;
  added_at: Timestamp;
}

interface PromosTable {
  code: string;
  type: 'percentage' | 'fixed';
  value: number;
  min_order: Generated<number>;
  expires_at: Date | null;
  active: Generated<boolean>;
  description: Generated<string>;
  /** Redemptions allowed in all (migration 015); null = no limit. */
  max_uses: number | null;
  /** Redemptions allowed per buyer (migration 015); null = no limit. */
  max_uses_per_user: number | null;
  created_at: Timestamp;
}

/** One promo used on one order (migration 015); deleted when the order expires. */
interface PromoRedemptionsTable {
  order_id: string;
  promo_code: string;
  user_id: string;
  created_at: Timestamp;
}

export type OrderStatusValue = 'pending_payment' | 'paid' | 'shipped' | 'delivered' | 'cancelled' | 'expired';

export interface OrderShippingRow {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  postalCode?: string;
  /** Optional (issue 17): a shop, stage or office where the buyer can collect. */
  pickupPoint?: string;
}

interface OrdersTable {
  id: Generated<string>;
  number: DbManaged<number>;
  /** Null once the buyer deleted their account (migration 016): the order stays for the seller's books. */
  user_id: string | null;
  status: Generated<OrderStatusValue>;
  /** Money columns are int8 since migration 013 (read as numbers: database.ts parses int8). */
  subtotal: number;
  discount: Generated<number>;
  delivery_fee: number;
  total: number;
  delivery: 'standard' | 'express';
  shipping: ColumnType<OrderShippingRow, string, string>;
  payment_method: PaymentMethod;
  card_brand: string | null;
  card_last4: string | null;
  promo_code: string | null;
  /** Migration 015: when an unpaid order expires; null once it no longer waits for payment. */
  payment_due_at: Date | null;
  expired_at: Date | null;
  /** Why the order is in its status, for the buyer. */
  status_reason: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type PaymentStatusValue = 'pending' | 'paid' | 'declined' | 'timed_out' | 'failed' | 'flagged';

/** Migration 021: one attempt to pay an order. */
interface PaymentsTable {
  id: Generated<string>;
  order_id: string;
  method: PaymentMethod;
  status: Generated<PaymentStatusValue>;
  amount: number;
  reported_amount: number | null;
  phone: string | null;
  provider_ref: string | null;
  merchant_ref: string | null;
  receipt: string | null;
  result_code: string | null;
  result_desc: string | null;
  redirect_url: string | null;
  card_brand: string | null;
  card_last4: string | null;
  flag_reason: string | null;
  created_by: string | null;
  confirmed_by: string | null;
  confirmed_role: string | null;
  settled_at: Date | null;
  last_query_at: Date | null;
  query_count: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** Migration 029: the one part a seller's bank confirmation paid; null when it paid every part waiting. */
  fulfilment_id: string | null;
}

export type PaymentEventKind =
  'request' | 'response' | 'callback' | 'query' | 'notification' | 'confirmation' | 'manual' | 'flag' | 'error';

/** Migration 021: the payments ledger, one row per thing said about a payment. */
interface PaymentEventsTable {
  id: DbManaged<number>;
  payment_id: string | null;
  order_id: string | null;
  kind: PaymentEventKind;
  provider_ref: string | null;
  amount: number | null;
  result_code: string | null;
  detail: ColumnType<Record<string, unknown>, string | undefined, string>;
  dedupe_key: string | null;
  created_at: Generated<Date>;
}

type LedgerAccount =
  | 'cash:mpesa'
  | 'cash:card'
  | 'cash:bank'
  | 'seller:pending'
  | 'seller:available'
  | 'seller:paying'
  | 'platform:commission'
  | 'buyer:refund_due'
  | 'buyer:refunding';
type LedgerKind =
  | 'payment'
  | 'commission'
  | 'earning'
  | 'delivery'
  | 'refund'
  | 'release'
  | 'payout'
  | 'payout_reversed'
  | 'refund_paid'
  | 'refund_reversed'
  | 'adjustment';

/** Migration 039: double-entry lines; each txn_id's lines sum to zero (checked by a trigger), never changed. */
interface LedgerEntriesTable {
  id: DbManaged<number>;
  txn_id: string;
  kind: LedgerKind;
  account: LedgerAccount;
  /** Shillings; positive is a debit, negative a credit. */
  amount: number;
  seller_id: string | null;
  order_id: string | null;
  fulfilment_id: string | null;
  payment_id: string | null;
  created_at: Generated<Date>;
  /** Migration 041: the payout or refund a line of money out belongs to. */
  disbursement_id: string | null;
}

type DisbursementPurpose = 'payout' | 'refund';
type DisbursementStatus = 'pending' | 'sent' | 'paid' | 'failed';

/** Migration 041: money out by M-Pesa B2C, a payout to a seller or a refund to a buyer. */
interface DisbursementsTable {
  id: Generated<string>;
  purpose: DisbursementPurpose;
  seller_id: string | null;
  order_id: string | null;
  fulfilment_id: string | null;
  user_id: string | null;
  phone: string;
  amount: number;
  status: Generated<DisbursementStatus>;
  originator_id: string;
  request_key: string | null;
  conversation_id: string | null;
  transaction_id: string | null;
  receipt: string | null;
  result_code: string | null;
  result_desc: string | null;
  attempts: Generated<number>;
  last_error: string | null;
  last_query_at: Date | null;
  sent_at: Date | null;
  settled_at: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** Migration 041: where and how a seller is paid out. */
interface SellerPayoutSettingsTable {
  seller_id: string;
  phone: string | null;
  automatic: Generated<boolean>;
  /** The Nairobi day of the last automatic payout, so the job pays once a day. */
  last_automatic_day: string | null;
  updated_at: Generated<Date>;
}

/** Migration 044: a bank or card refund an Admin paid by hand, once per part. */
interface ManualRefundsTable {
  fulfilment_id: string;
  order_id: string;
  method: 'bank' | 'card';
  amount: number;
  reference: string;
  note: Generated<string>;
  settled_by: string | null;
  settled_at: Generated<Date>;
}

/** Migration 043: a receipt or statement shared by link; only the token's SHA-256 is kept. */
interface ShareLinksTable {
  id: Generated<string>;
  /** Hex SHA-256 of the token. */
  token_hash: string;
  user_id: string;
  kind: 'receipt' | 'statement' | 'farm_report';
  order_id: string | null;
  /** YYYY-MM, Nairobi time. */
  month: string | null;
  /** Migration 055: a farm report's farm, and its seasons and parts (comma-separated). */
  farm_id: string | null;
  report_seasons: string | null;
  report_include: string | null;
  expires_at: Date;
  created_at: Generated<Date>;
}

/** Migration 039: the commission on goods per category, in basis points (500 = 5 %). */
interface CommissionRatesTable {
  category: MarketCategory;
  rate_bp: number;
  updated_by: string | null;
  updated_at: Generated<Date>;
}

interface OrderItemsTable {
  order_id: string;
  product_id: string;
  name: string;
  unit_price: number;
  quantity: number;
  image_path: string | null;
  /** Migration 020: whose part of the order this line is. */
  seller_id: string;
}

// Messages (migration 045).
interface ConversationsTable {
  id: Generated<string>;
  kind: 'product' | 'order' | 'storefront' | 'farm';
  buyer_id: string | null;
  /** The shop (sellers.id); seller_user_id: the account that runs it. */
  seller_id: string | null;
  seller_user_id: string | null;
  product_id: string | null;
  order_id: string | null;
  farm_id: string | null;
  subject_title: Generated<string>;
  subject_photo: string | null;
  created_at: Timestamp;
  /** The last message's time: the inbox's order. */
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

interface ConversationReadsTable {
  conversation_id: string;
  user_id: string;
  last_read_at: Date;
}

interface MessagesTable {
  id: Generated<string>;
  conversation_id: string;
  sender_id: string;
  text: string;
  photos: ColumnType<string[], string[] | undefined, string[]>;
  client_key: string | null;
  created_at: Timestamp;
}

interface UserBlocksTable {
  blocker_id: string;
  blocked_id: string;
  created_at: Timestamp;
}

interface MessageReportsTable {
  id: Generated<string>;
  conversation_id: string;
  reporter_id: string | null;
  reason: 'spam' | 'abuse' | 'fraud' | 'other';
  note: Generated<string>;
  status: Generated<'open' | 'resolved'>;
  resolved_by: string | null;
  resolved_at: Date | null;
  resolution: string | null;
  created_at: Timestamp;
}

interface MessageStreamTicketsTable {
  token_hash: string;
  user_id: string;
  session_family: string;
  expires_at: Date;
}

interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  fingerprint: string;
  order_id: string | null;
  created_at: Timestamp;
}

/** Migration 047: an Admin's announcement (roles, counties) or a seller's (seller_id: to followers). */
interface AnnouncementsTable {
  id: Generated<string>;
  author_id: string | null;
  seller_id: string | null;
  title_en: string;
  body_en: string;
  title_sw: string;
  body_sw: string;
  roles: ColumnType<string[], string[] | undefined, string[]>;
  counties: ColumnType<string[], string[] | undefined, string[]>;
  publish_at: ColumnType<Date, Date | undefined, Date>;
  /** The last recipient (by user id) notified; delivery goes on after it. */
  delivered_through: string | null;
  delivered_at: Date | null;
  reach: Generated<number>;
  created_at: Timestamp;
}

interface FavouritesTable {
  user_id: string;
  product_id: string;
  created_at: Timestamp;
}

// Farm management (migration 004_farm). Dates (`date` columns) are read as text (`col::text`) by the
// farm repository, so the API never sees a time-zone-shifted JS Date for a calendar day.
type CalendarDate = ColumnType<string, string | undefined, string>;

interface FarmsTable {
  id: Generated<string>;
  name: string;
  location: Generated<string>;
  total_size: Generated<number>;
  owner_name: Generated<string>;
  established: Generated<string>;
  status: Generated<string>;
  description: Generated<string>;
  icon: Generated<string>;
  /** One of Kenya's 47 counties (migration 024); null on an old farm whose text named none. */
  county: string | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Generated column (migrations 010, 024): name, location, owner and county lowercased, for the list search. */
  search_text: DbManaged<string | null>;
}

interface FarmMembersTable {
  id: Generated<string>;
  farm_id: string;
  /** Null while the invitation is pending. */
  user_id: string | null;
  name: Generated<string>;
  email: string;
  phone: Generated<string>;
  role: string;
  field_id: string | null;
  season_id: string | null;
  crop_id: string | null;
  status: Generated<string>;
  added_at: ColumnType<Date, Date | undefined, Date>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface FieldsTable {
  id: Generated<string>;
  farm_id: string;
  name: string;
  size: number;
  unit: Generated<string>;
  crop_type: Generated<string>;
  planting_date: CalendarDate;
  status: Generated<string>;
  location: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface SeasonsTable {
  id: Generated<string>;
  farm_id: string;
  field_id: string | null;
  name: string;
  crop_type: Generated<string>;
  start_date: ColumnType<string, string, string>;
  end_date: ColumnType<string, string, string>;
  status: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface CropsTable {
  id: Generated<string>;
  farm_id: string;
  field_id: string;
  season_id: string;
  name: string;
  area: number;
  planted_date: ColumnType<string, string, string>;
  expected_harvest: ColumnType<string, string, string>;
  yield_per_hectare: number | null;
  status: Generated<string>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface ActivitiesTable {
  id: Generated<string>;
  farm_id: string;
  field_id: string;
  season_id: string | null;
  crop_id: string | null;
  name: string;
  assignee_id: string | null;
  status: Generated<string>;
  due_date: ColumnType<string | null, string | null | undefined, string | null>;
  notes: Generated<string>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Generated (migration 011): name and notes lowercased, joined by a newline; read-only. */
  search_text: ColumnType<string | null, never, never>;
}

/** Migration 050: one harvest of a crop, in its own unit; kg_per_unit turns it into kilograms. */
interface HarvestsTable {
  id: Generated<string>;
  farm_id: string;
  crop_id: string;
  harvest_date: ColumnType<string, string, string>;
  quantity: number;
  unit: string;
  kg_per_unit: number;
  grade: Generated<string>;
  destination: string;
  notes: Generated<string>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Migration 050: a sale of a crop made off the platform; money in whole KES. */
interface CropIncomeTable {
  id: Generated<string>;
  farm_id: string;
  crop_id: string;
  sale_date: ColumnType<string, string, string>;
  buyer: Generated<string>;
  quantity: number;
  unit: string;
  price_per_unit: number;
  total: number;
  payment_method: string;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface CostsTable {
  id: Generated<string>;
  farm_id: string;
  field_id: string | null;
  season_id: string | null;
  crop_id: string | null;
  /** Defaults to 'Other' (migration 022). */
  activity_type: Generated<string>;
  category: string;
  description: Generated<string>;
  /** Whole KES, int8 (migration 013), at most 10 billion. */
  amount: number;
  cost_date: CalendarDate;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Generated (migration 011): description, category and activity type lowercased, joined by newlines; read-only. */
  search_text: ColumnType<string | null, never, never>;
}

interface BudgetsTable {
  id: Generated<string>;
  farm_id: string;
  season_id: string | null;
  category: string;
  /** Whole KES, int8 (migration 013), at most 10 billion. */
  planned: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface AuthSessionsTable {
  id: Generated<string>;
  user_id: string;
  provider: 'password' | 'google';
  device: ColumnType<Record<string, unknown>, string | undefined, string>;
  revoked_at: Date | null;
  revoked_reason: string | null;
  created_at: Timestamp;
  /** Absolute end of the sign-in (014): rotation never extends it. */
  expires_at: Date;
  /** When refresh last confirmed the provider account exists and is enabled (014). */
  provider_checked_at: Date | null;
}

/** One row per user once they save preferences (023); no row means the defaults. */
interface UserPreferencesTable {
  user_id: string;
  language: Generated<'en' | 'sw'>;
  area_unit: Generated<'acres' | 'hectares'>;
  notify_order_updates: Generated<boolean>;
  notify_task_assignments: Generated<boolean>;
  notify_payment_updates: Generated<boolean>;
  /** Migration 046: per-kind and per-channel switches, and quiet hours (21:00–07:00 Nairobi). */
  notify_invitations: Generated<boolean>;
  notify_messages: Generated<boolean>;
  notify_announcements: Generated<boolean>;
  sms_enabled: Generated<boolean>;
  email_enabled: Generated<boolean>;
  quiet_hours: Generated<boolean>;
  /** Migration 048: web push, for the browsers the person subscribed. */
  push_enabled: Generated<boolean>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** Migration 046: SMS and e-mails waiting to go out, written with the event they tell of. */
interface NoticeOutboxTable {
  id: Generated<string>;
  user_id: string | null;
  channel: 'sms' | 'email' | 'push';
  /** A phone number, an address, or (push) a push_subscriptions id. */
  recipient: string;
  subject: Generated<string>;
  body: string;
  html: string | null;
  status: Generated<'pending' | 'sending' | 'sent' | 'delivered' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  provider_id: string | null;
  last_error: string | null;
  created_at: Generated<Date>;
  sent_at: Date | null;
  delivered_at: Date | null;
  /** Migration 048: the page a push notice opens. */
  url: string | null;
}

/** Migration 048: a browser's push subscription (endpoint and keys as PushSubscription.toJSON gives them). */
interface PushSubscriptionsTable {
  id: Generated<string>;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_agent: Generated<string>;
  created_at: Generated<Date>;
  last_success_at: Date | null;
  failures: Generated<number>;
}

interface RefreshTokensTable {
  token_hash: string;
  session_id: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: Timestamp;
}

/**
 * Farm counters kept by triggers (migration 007_farm_summaries): one farm's contribution per key,
 * and its sum over each user's active farms. `n` counts the rows behind a key; numeric arrives as text.
 */
interface FarmStatsTable {
  farm_id: string;
  key: string;
  label: string;
  n: number;
  amount: string;
}

interface UserFarmStatsTable {
  user_id: string;
  key: string;
  label: string;
  n: number;
  amount: string;
}

/** When each scheduled job last ran (migration 012). */
interface ScheduledJobsTable {
  name: string;
  last_run_at: Date;
  /** Runs so far, all processes together. */
  run_count: Generated<number>;
}

/** One fixed window per key, shared by every API process (see http/rate-limit-store.ts). */
interface RateLimitsTable {
  key: string;
  count: number;
  reset_at: Date;
}

/** The first answer to a farm write sent with an Idempotency-Key (see http/write-replays.ts). */
interface WriteReplaysTable {
  user_id: string;
  key: string;
  method: string;
  route: string;
  /** sha256 of the body as canonical JSON; null on rows kept from before migration 032. */
  request_hash: string | null;
  /** The concrete path (the record's id in it); null on rows kept from before migration 032. */
  path: string | null;
  /** Null while the first request runs. */
  status_code: number | null;
  response: string | null;
  created_at: Generated<Date>;
  expires_at: Date;
}

interface AccountRolesTable {
  user_id: string;
  role: string;
  granted_by: string | null;
  granted_at: Generated<Date>;
}

/** jsonb written as JSON text, read back parsed. */
type Json<T> = ColumnType<T, string, string>;

/** Migration 034: every Admin action, written in the action's own transaction. */
interface AdminActionsTable {
  id: Generated<string>;
  actor_id: string | null;
  action: string;
  subject_kind: 'account' | 'product' | 'seller' | 'refund' | 'api_key' | 'webhook';
  subject_id: string;
  before: Json<Record<string, unknown>>;
  after: Json<Record<string, unknown>>;
  reason: string | null;
  created_at: Generated<Date>;
}

interface RemotesTable {
  name: string;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  roles: Json<string[]>;
  live_version: string | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  /** JSON text of the actor ({ id, name }), null for the seed. */
  updated_by: string | null;
}

interface RemoteVersionsTable {
  remote: string;
  version: string;
  entry: string;
  built_at: ColumnType<Date, Date, never>;
  size_bytes: ColumnType<number, number, never>;
  requires: Json<Record<string, string>>;
  mounts: Json<Array<{ path: string; layout: 'public' | 'dashboard'; offline?: boolean }>>;
  menu: Json<Array<{ group: string; label: string; to: string; roles?: string[] }>>;
  /** { en, sw } from the remote's remote.json (migration 037); null for older versions. */
  title: ColumnType<{ en: string; sw: string } | null, string | null | undefined, string | null>;
  description: ColumnType<{ en: string; sw: string } | null, string | null | undefined, string | null>;
  registered_at: Generated<Date>;
  registered_by: string | null;
}

interface RemoteLiveHistoryTable {
  id: Generated<number>;
  remote: string;
  version: string;
  at: Generated<Date>;
}

interface RemoteRolloutsTable {
  remote: string;
  version: string;
  role: string;
  percent: number;
}

interface ShellBuildsTable {
  version: string;
  provides: Json<Record<string, string>>;
  registered_at: Generated<Date>;
}

interface RemoteAuditTable {
  id: Generated<number>;
  remote: string;
  action: string;
  actor_id: string | null;
  actor_name: string;
  at: Generated<Date>;
  before: ColumnType<unknown, string | null, never> | null;
  after: ColumnType<unknown, string | null, never> | null;
}

interface RegistryRevisionTable {
  id: number;
  revision: number;
}

/** Migration 057: a partner's API key; the secret itself is never stored, only its SHA-256 (hex). */
interface ApiKeysTable {
  id: Generated<string>;
  org_kind: 'shop' | 'farm' | 'partner';
  /** The shop's or farm's id; null for a named partner. */
  org_id: string | null;
  org_name: string;
  name: string;
  prefix: string;
  secret_hash: string;
  scopes: ColumnType<string[], string[], string[]>;
  created_by: string | null;
  created_at: Generated<Date>;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

/** Migration 057: where an organisation's events are POSTed, signed with `secret`. */
interface WebhookEndpointsTable {
  id: Generated<string>;
  org_kind: 'shop' | 'farm' | 'partner';
  org_id: string | null;
  org_name: string;
  url: string;
  events: ColumnType<string[], string[], string[]>;
  secret: string;
  created_by: string | null;
  created_at: Generated<Date>;
  disabled_at: Date | null;
}

/** Migration 057: one event to one endpoint: the outbox row and its delivery log. */
interface WebhookDeliveriesTable {
  id: Generated<string>;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  payload: Json<Record<string, unknown>>;
  status: Generated<'pending' | 'sending' | 'delivered' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  last_status: number | null;
  last_error: string | null;
  created_at: Generated<Date>;
  delivered_at: Date | null;
}

export interface Database {
  app_meta: AppMetaTable;
  users: UsersTable;
  announcements: AnnouncementsTable;
  hero_images: HeroImagesTable;
  notifications: NotificationsTable;
  auth_sessions: AuthSessionsTable;
  refresh_tokens: RefreshTokensTable;
  user_preferences: UserPreferencesTable;
  notice_outbox: NoticeOutboxTable;
  push_subscriptions: PushSubscriptionsTable;
  sellers: SellersTable;
  products: ProductsTable;
  product_images: ProductImagesTable;
  reviews: ReviewsTable;
  carts: CartsTable;
  cart_items: CartItemsTable;
  promos: PromosTable;
  promo_redemptions: PromoRedemptionsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
  ledger_entries: LedgerEntriesTable;
  manual_refunds: ManualRefundsTable;
  commission_rates: CommissionRatesTable;
  share_links: ShareLinksTable;
  conversations: ConversationsTable;
  conversation_reads: ConversationReadsTable;
  messages: MessagesTable;
  user_blocks: UserBlocksTable;
  message_stream_tickets: MessageStreamTicketsTable;
  message_reports: MessageReportsTable;

  disbursements: DisbursementsTable;
  seller_payout_settings: SellerPayoutSettingsTable;
  order_fulfilments: OrderFulfilmentsTable;
  disputes: DisputesTable;
  fulfilment_events: FulfilmentEventsTable;
  stock_adjustments: StockAdjustmentsTable;
  service_requests: ServiceRequestsTable;
  idempotency_keys: IdempotencyKeysTable;
  favourites: FavouritesTable;
  farms: FarmsTable;
  farm_members: FarmMembersTable;
  fields: FieldsTable;
  seasons: SeasonsTable;
  crops: CropsTable;
  activities: ActivitiesTable;
  costs: CostsTable;
  harvests: HarvestsTable;
  crop_income: CropIncomeTable;
  budgets: BudgetsTable;
  farm_stats: FarmStatsTable;
  user_farm_stats: UserFarmStatsTable;
  scheduled_jobs: ScheduledJobsTable;
  rate_limits: RateLimitsTable;
  write_replays: WriteReplaysTable;
  account_roles: AccountRolesTable;
  admin_actions: AdminActionsTable;
  remotes: RemotesTable;
  remote_versions: RemoteVersionsTable;
  remote_live_history: RemoteLiveHistoryTable;
  remote_rollouts: RemoteRolloutsTable;
  shell_builds: ShellBuildsTable;
  remote_audit: RemoteAuditTable;
  registry_revision: RegistryRevisionTable;
  api_keys: ApiKeysTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
}

export type NewHeroImage = Insertable<HeroImagesTable>;
