import type { APIRequestContext } from '@playwright/test';
import { createAccount, uniqueEmail, type TestAccount } from './auth';

/** A call to the core API as `who`, answering the envelope's body. */
export async function call<T>(
  request: APIRequestContext,
  who: TestAccount,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  data?: object,
): Promise<T> {
  const res = await request.fetch(url, { method, data, headers: { authorization: `Bearer ${who.accessToken}` } });
  const text = await res.text();
  if (!res.ok()) throw new Error(`${method} ${url} → ${res.status()} ${text}`);
  return (JSON.parse(text) as { body: T }).body;
}

export interface Shop {
  account: TestAccount;
  name: string;
  sellerId: string;
}

/** A fresh Farmer who becomes a seller through the API, as the seller pages do. */
export async function newSeller(request: APIRequestContext, name: string, county: string): Promise<Shop> {
  const account = await createAccount(request, { email: uniqueEmail('seller'), firstName: 'Juma', lastName: 'Otieno' });
  const profile = await call<{ id: string }>(request, account, 'PUT', '/v1/seller/profile', {
    businessName: name,
    kind: 'farmer',
    county,
    phone: '0712 345 678',
    whatsapp: '0733 000 111',
    pickupLocation: `${county} town market, stall 4`,
    description: `Fresh from ${county}.`,
  });
  return { account, name, sellerId: profile.id };
}

/** A listing of `shop`'s (crops by the kg unless `listing` says otherwise); answers its id. */
export async function list(request: APIRequestContext, shop: Shop, listing: Record<string, unknown>): Promise<string> {
  const created = await call<{ id: string }>(request, shop.account, 'POST', '/v1/seller/products', {
    category: 'crops',
    unit: 'kg',
    weightKg: 1,
    description: 'Graded and clean.',
    ...listing,
  });
  return created.id;
}

/** `shop`'s part of the order, as its Sales list answers it. */
export async function saleOf(request: APIRequestContext, shop: Shop, orderId: string): Promise<{ id: string; status: string }> {
  const sales = await call<{ items: Array<{ id: string; orderId: string; status: string }> }>(
    request,
    shop.account,
    'GET',
    '/v1/seller/sales?status=all',
  );
  const sale = sales.items.find((s) => s.orderId === orderId);
  if (!sale) throw new Error(`${shop.name} has no sale for order ${orderId}`);
  return sale;
}
