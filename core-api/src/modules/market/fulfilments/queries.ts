import type { Kysely } from 'kysely';
import { BUYER_CANCELLABLE, type Dispute, type Fulfilment, type OrderItem, type Sale, type SalesPage } from '@shambasoko/contracts';
import type { Database, FulfilmentStatusValue } from '../../../db/schema';
import { ApiError } from '../../../http/envelope';
import { isUuid } from '../../../db/ids';
import { imageUrl } from '../catalog/service';
import { timestampFromJson } from '../../../db/json-dates';
import { disputeFromJson, disputesOfParts } from '../disputes/shape';
import { orderNumber } from '../orders/status';
import { findSellerByUser } from '../seller/repository';
import {
  type EventRow,
  type FulfilmentRow,
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

async function salesOf(db: Kysely<Database>, rows: readonly FulfilmentRow[]): Promise<Sale[]> {
  if (rows.length === 0) return [];
  const orderIds = [...new Set(rows.map((r) => r.order_id))];
  const orders = await db
    .selectFrom('orders')
    .select(['id', 'number', 'shipping', 'delivery', 'payment_method'])
    .where('id', 'in', orderIds)
    .execute();
  return salesWithOrders(
    db,
    rows.map((row) => {
      const order = orders.find((o) => o.id === row.order_id);
      if (order === undefined) throw new ApiError(404, SALE_NOT_FOUND);
      return {
        ...row,
        order_number: order.number,
        payment_method: order.payment_method,
        shipping: order.shipping,
        delivery: order.delivery,
      };
    }),
  );
}

/** Sales from parts read with their order's columns: their items, timelines and disputes, three statements side by side. */
async function salesWithOrders(db: Kysely<Database>, rows: ReadonlyArray<FulfilmentRow & SaleOrderColumns>): Promise<Sale[]> {
  if (rows.length === 0) return [];
  const orderIds = [...new Set(rows.map((r) => r.order_id))];
  const partIds = rows.map((r) => r.id);
  // Every sale's dispute rides along in one statement: the Sales page used to ask once per delivered sale.
  const [lines, events, disputes] = await Promise.all([
    db
      .selectFrom('order_items')
      .select(['order_id', 'seller_id', 'product_id', 'name', 'unit_price', 'quantity', 'image_path'])
      .where('order_id', 'in', orderIds)
      .orderBy('name')
      .execute(),
    findEvents(db, partIds),
    disputesOfParts(db, partIds),
  ]);
  return rows.map((row) => {
    const items = lines
      .filter((l) => l.order_id === row.order_id && l.seller_id === row.seller_id)
      .map((l) => ({ productId: l.product_id, name: l.name, price: l.unit_price, quantity: l.quantity, image: imageUrl(l.image_path) }));
    return toSale(
      row,
      items,
      events.filter((e) => e.fulfilment_id === row.id),
      disputes.get(row.id) ?? null,
    );
  });
}

export async function listSales(
  db: Kysely<Database>,
  userId: string,
  query: { status: 'open' | 'all' | FulfilmentStatusValue; page: number },
): Promise<SalesPage> {
  const statuses = query.status === 'all' ? null : query.status === 'open' ? OPEN_STATUSES : [query.status];
  // Someone who runs no shop has no sales: an empty page, as before.
  const { rows, total } = await findSalesPage(db, userId, statuses, query.page, SALES_PAGE_SIZE);
  const items = rows.map(({ lines, events, dispute, ...row }) =>
    toSale(
      row,
      lines.map(([productId, name, price, quantity, imagePath]) => ({ productId, name, price, quantity, image: imageUrl(imagePath) })),
      events.map(([status, note, by, at]) => ({ fulfilment_id: row.id, status, note, by, created_at: timestampFromJson(at) })),
      dispute === null ? null : disputeFromJson(dispute),
    ),
  );
  return { items, total, page: query.page, pageSize: SALES_PAGE_SIZE };
}

export async function ownSale(db: Kysely<Database>, userId: string, saleId: string): Promise<FulfilmentRow> {
  const sellerId = isUuid(saleId) ? await sellerIdOf(db, userId) : null;
  const row = sellerId === null ? undefined : await findSale(db, sellerId, saleId);
  if (row === undefined) throw new ApiError(404, SALE_NOT_FOUND);
  return row;
}

export async function getSale(db: Kysely<Database>, userId: string, saleId: string): Promise<Sale> {
  const [sale] = await salesOf(db, [await ownSale(db, userId, saleId)]);
  if (sale === undefined) throw new ApiError(404, SALE_NOT_FOUND);
  return sale;
}

/** Order numbers of the seller's paid parts not yet delivered: what a closing shop still owes its buyers. */
export async function paidSalesToFinish(db: Kysely<Database>, sellerId: string): Promise<string[]> {
  return (await findPaidUndelivered(db, sellerId)).map((row) => orderNumber(row.number));
}
