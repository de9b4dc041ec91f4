import type { Kysely } from 'kysely';
import { BUYER_CANCELLABLE, type Dispute, type Fulfilment, type OrderItem, type Sale, type SalesPage } from '@shambasoko/contracts';
import type { Database, FulfilmentStatusValue } from '../../../db/schema';
import { ApiError } from '../../../http/envelope';
import { isUuid } from '../../../db/ids';
import { imageUrl } from '../catalog/service';
import { timestampFromJson } from '../../../db/json-dates';
import { disputeFromJson } from '../disputes/shape';
import { orderNumber } from '../orders/status';
import { findSellerByUser } from '../seller/repository';
import {
  type EventRow,
  type FulfilmentRow,
  type PartJson,
  type SaleEventJson,
  type SalePageRow,
  type SaleOrderColumns,
  findSale,
  findSalesPage,
  findPaidUndelivered,
} from './repository';
import { OPEN_STATUSES, actionsOf, nextStepOf } from './state-machine';

// Reading parts and sales: a buyer's order parts and a seller's sales, as the contracts shape them.

const SALE_NOT_FOUND = 'Sale not found';
const SALES_PAGE_SIZE = 20;

/** The columns of a part (and its seller) that its answer shows. */
type PartColumns = Pick<
  FulfilmentRow,
  | 'id'
  | 'seller_id'
  | 'status'
  | 'subtotal'
  | 'delivery_fee'
  | 'preorder'
  | 'dispatch_note'
  | 'cancel_reason'
  | 'seller_name'
  | 'seller_county'
  | 'seller_phone'
  | 'seller_whatsapp'
>;

function toFulfilment(row: PartColumns, items: readonly OrderItem[], events: readonly EventRow[]): Fulfilment {
  return {
    id: row.id,
    seller: { id: row.seller_id, name: row.seller_name, county: row.seller_county, phone: row.seller_phone, whatsapp: row.seller_whatsapp },
    status: row.status,
    items: [...items],
    subtotal: row.subtotal,
    deliveryFee: row.delivery_fee,
    preorder: row.preorder,
    dispatchNote: row.dispatch_note,
    cancelReason: row.cancel_reason,
    events: events.map((e) => ({ status: e.status, note: e.note, by: e.by, at: e.created_at.toISOString() })),
    buyerCanCancel: BUYER_CANCELLABLE.includes(row.status),
  };
}

/** A part's timeline as its statement's JSON gives it (`eventsJson`), read back into event rows. */
const eventsFromJson = (fulfilmentId: string, events: readonly SaleEventJson[]): EventRow[] =>
  events.map(([status, note, by, at]) => ({ fulfilment_id: fulfilmentId, status, note, by, created_at: timestampFromJson(at) }));

/**
 * An order's parts from its statement's JSON (`orderPartsJson`), each with its own lines of the order's
 * (`items`, each tagged with its seller).
 */
export function fulfilmentsFromJson(parts: readonly PartJson[], items: readonly (OrderItem & { sellerId: string })[]): Fulfilment[] {
  return parts.map(
    ([id, sellerId, status, subtotal, deliveryFee, preorder, dispatchNote, cancelReason, name, county, phone, whatsapp, events]) =>
      toFulfilment(
        {
          id,
          seller_id: sellerId,
          status,
          subtotal,
          delivery_fee: deliveryFee,
          preorder,
          dispatch_note: dispatchNote,
          cancel_reason: cancelReason,
          seller_name: name,
          seller_county: county,
          seller_phone: phone,
          seller_whatsapp: whatsapp,
        },
        items
          .filter((i) => i.sellerId === sellerId)
          .map(({ productId, name: itemName, price, quantity, image }) => ({ productId, name: itemName, price, quantity, image })),
        eventsFromJson(id, events),
      ),
  );
}

// ---- Seller ------------------------------------------------------------------------------------

async function sellerIdOf(db: Kysely<Database>, userId: string): Promise<string | null> {
  return (await findSellerByUser(db, userId))?.id ?? null;
}

function toSale(
  row: FulfilmentRow & SaleOrderColumns,
  items: readonly OrderItem[],
  events: readonly EventRow[],
  dispute: Dispute | null,
): Sale {
  const shipping = row.shipping;
  return {
    ...toFulfilment(row, items, events),
    orderId: row.order_id,
    orderNumber: orderNumber(row.order_number),
    buyer: {
      name: `${shipping.firstName} ${shipping.lastName}`.trim(),
      phone: shipping.phone,
      county: shipping.state,
      address: shipping.address,
      city: shipping.city,
      pickupPoint: shipping.pickupPoint ?? null,
    },
    delivery: row.delivery,
    createdAt: row.created_at.toISOString(),
    actions: actionsOf(row.status, row.preorder, row.payment_method),
    nextStep: nextStepOf(row.status, row.preorder, row.payment_method),
    dispute,
  };
}

export async function listSales(
  db: Kysely<Database>,
  userId: string,
  query: { status: 'open' | 'all' | FulfilmentStatusValue; page: number },
): Promise<SalesPage> {
  const statuses = query.status === 'all' ? null : query.status === 'open' ? OPEN_STATUSES : [query.status];
  // Someone who runs no shop has no sales: an empty page, as before.
  const { rows, total } = await findSalesPage(db, userId, statuses, query.page, SALES_PAGE_SIZE);
  return { items: rows.map(saleOfRow), total, page: query.page, pageSize: SALES_PAGE_SIZE };
}

/** A sale from its row of findSalesPage: its lines, timeline and dispute came along as JSON. */
function saleOfRow({ lines, events, dispute, ...row }: SalePageRow): Sale {
  return toSale(
    row,
    lines.map(([productId, name, price, quantity, imagePath]) => ({ productId, name, price, quantity, image: imageUrl(imagePath) })),
    eventsFromJson(row.id, events),
    dispute === null ? null : disputeFromJson(dispute),
  );
}

export async function ownSale(db: Kysely<Database>, userId: string, saleId: string): Promise<FulfilmentRow> {
  const sellerId = isUuid(saleId) ? await sellerIdOf(db, userId) : null;
  const row = sellerId === null ? undefined : await findSale(db, sellerId, saleId);
  if (row === undefined) throw new ApiError(404, SALE_NOT_FOUND);
  return row;
}

/** One sale of the caller's shop, read as the Sales list reads each of its own (one statement). */
export async function getSale(db: Kysely<Database>, userId: string, saleId: string): Promise<Sale> {
  const row = isUuid(saleId) ? (await findSalesPage(db, userId, null, 1, 1, saleId)).rows[0] : undefined;
  if (row === undefined) throw new ApiError(404, SALE_NOT_FOUND);
  return saleOfRow(row);
}

/** Order numbers of the seller's paid parts not yet delivered: what a closing shop still owes its buyers. */
export async function paidSalesToFinish(db: Kysely<Database>, sellerId: string): Promise<string[]> {
  return (await findPaidUndelivered(db, sellerId)).map((row) => orderNumber(row.number));
}
