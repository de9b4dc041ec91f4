import { todayInNairobi } from '@shambasoko/contracts/time';
import type { Kysely } from 'kysely';
import type { ServiceRequest, ServiceRequestBody } from '@shambasoko/contracts';
import type { Database } from '../../../db/schema';
import { ApiError } from '../../../http/envelope';
import { notify } from '../../notifications';
import { isUuid } from '../../../db/ids';
import { PRODUCT_NOT_FOUND } from '../catalog/service';
import { findSellerByUser } from '../seller/repository';
import * as repo from './repository';

type Db = Kysely<Database>;

const REQUEST_NOT_FOUND = 'Service request not found';
/** The requester's notice, whole sentences so each language orders its own words. */
const ANSWER_TITLES = {
  accepted: '{seller} accepted your request',
  declined: '{seller} declined your request',
  done: '{seller} marked your request done',
} as const;

export async function requestService(
  db: Db,
  userId: string,
  productId: string,
  body: Required<ServiceRequestBody>,
): Promise<ServiceRequest> {
  const product = isUuid(productId) ? await repo.findServiceProduct(db, productId) : undefined;
  if (product === undefined || product.status !== 'active') throw new ApiError(404, PRODUCT_NOT_FOUND);
  if (product.category !== 'services')
    throw new ApiError(400, 'Only services are requested with a date; add this product to your cart instead');
  // By Nairobi's calendar: a booking for an earlier day is refused.
  if (body.date < todayInNairobi()) throw new ApiError(400, 'date must be today or later');
  const id = await db.transaction().execute(async (trx) => {
    const created = await repo.insertServiceRequest(trx, { productId, sellerId: product.sellerId, userId, ...body });
    if (product.sellerUserId !== null) {
      await notify(trx, {
        userId: product.sellerUserId,
        type: 'service_request',
        title: 'New request: {product}',
        body: 'For {date} at {place}',
        values: { product: product.name, date: body.date, place: body.place },
        link: '/seller/sales',
      });
    }
    return created;
  });
  const found = await repo.getRequest(db, id, { userId });
  if (found === undefined) throw new ApiError(404, REQUEST_NOT_FOUND);
  return found.request;
}

export const myServiceRequests = (db: Db, userId: string): Promise<ServiceRequest[]> => repo.listForUser(db, userId);

/** The caller's seller id; an account without a seller profile has no requests to see (404). */
async function callerSeller(db: Db, userId: string): Promise<string> {
  const seller = await findSellerByUser(db, userId);
  if (seller === undefined) throw new ApiError(404, 'Create your seller profile first');
  return seller.id;
}

export async function sellerServiceRequests(db: Db, userId: string): Promise<ServiceRequest[]> {
  return repo.listForSeller(db, await callerSeller(db, userId));
}

/** Tells the requester the seller's answer, in the requester's language. */
async function tellRequester(db: Db, found: { request: ServiceRequest; userId: string | null }, status: keyof typeof ANSWER_TITLES) {
  if (found.userId === null) return;
  await notify(db, {
    userId: found.userId,
    type: 'service_request',
    title: ANSWER_TITLES[status],
    body: '{product} on {date}',
    values: { seller: found.request.sellerName, product: found.request.productName, date: found.request.date },
    link: `/market/product/${found.request.productId}`,
  });
}

export async function answerServiceRequest(
  db: Db,
  userId: string,
  id: string,
  status: 'accepted' | 'declined' | 'done',
): Promise<ServiceRequest> {
  const sellerId = await callerSeller(db, userId);
  const found = isUuid(id) ? await repo.getRequest(db, id, { sellerId }) : undefined;
  if (found === undefined) throw new ApiError(404, REQUEST_NOT_FOUND);
  await db.transaction().execute(async (trx) => {
    await repo.setStatus(trx, id, status);
    await tellRequester(trx, found, status);
  });
  return { ...found.request, status };
}

/** A shop closing (its account erased): requests still open are declined, each requester told. */
export async function declineOpenRequests(trx: Db, sellerId: string): Promise<void> {
  for (const found of await repo.findOpenForSeller(trx, sellerId)) {
    await repo.setStatus(trx, found.request.id, 'declined');
    await tellRequester(trx, found, 'declined');
  }
}
