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
  type SalePageRow,
  type SaleOrderColumns,
  findEvents,
  findFulfilments,
  findSale,
  findSalesPage,
  findPaidUndelivered,
} from './repository';
import { OPEN_STATUSES, actionsOf, nextStepOf } from './state-machine';

// Reading parts and sales: a buyer's order parts and a seller's sales, as the contracts shape them.

const SALE_NOT_FOUND = 'Sale not found';
const SALES_PAGE_SIZE = 20;

function toFulfilment(row: FulfilmentRow, items: readonly OrderItem[], events: readonly EventRow[]): Fulfilment {
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

interface ItemWithSeller extends OrderItem {
  sellerId: string;
  orderId: string;
}

/** Every order's parts, with their items (from the lines the order answer already read) and timelines. */
export async function fulfilmentsOf(db: Kysely<Database>, orderIds: readonly string[], items: readonly ItemWithSeller[]) {
  const rows = await findFulfilments(db, orderIds);
  const events = await findEvents(
    db,
    rows.map((r) => r.id),
  );
  const byOrder = new Map<string, Fulfilment[]>();
  for (const row of rows) {
    const own = items
      .filter((i) => i.orderId === row.order_id && i.sellerId === row.seller_id)
      .map(({ productId, name, price, quantity, image }) => ({ productId, name, price, quantity, image }));
    const list = byOrder.get(row.order_id) ?? [];
    list.push(
      toFulfilment(
        row,
        own,
        events.filter((e) => e.fulfilment_id === row.id),
      ),
    );
    byOrder.set(row.order_id, list);
  }
  return byOrder;
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
    events.map(([status, note, by, at]) => ({ fulfilment_id: row.id, status, note, by, created_at: timestampFromJson(at) })),
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
