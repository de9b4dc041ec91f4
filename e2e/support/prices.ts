import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { createAccount, uniqueEmail } from './auth';
import { call, list, newSeller, type Shop } from './sellers';

export interface SeededSales {
  shop: Shop;
  /** One listing per sale, in the order of `prices`. */
  productIds: string[];
}

/**
 * Paid sales for the price figures (issue 42): a shop in `county` lists one `kind` listing per price
 * (Ksh a kg, sold by the kg), another account buys one kg of each in one bank-transfer order, and the
 * shop marks it paid. Each order line is a sale; a seller's own purchase would not count.
 */
export async function seedSales(
  request: APIRequestContext,
  { county, kind, prices, title }: { county: string; kind: string; prices: number[]; title: string },
): Promise<SeededSales> {
  const shop = await newSeller(request, `${title} Growers ${Date.now().toString(36)}`, county);
  const productIds: string[] = [];
  for (const [i, price] of prices.entries()) {
    productIds.push(await list(request, shop, { title: `${title} lot ${i + 1}`, kind, price, stock: 50 }));
  }
  const buyer = await createAccount(request, { email: uniqueEmail('buyer'), firstName: 'Wairimu', lastName: 'Kamau', roles: ['Buyer'] });
  const res = await request.post('/v1/orders', {
    headers: { authorization: `Bearer ${buyer.accessToken}`, 'idempotency-key': randomUUID() },
    data: {
      shipping: {
        firstName: buyer.firstName,
        lastName: buyer.lastName,
        email: buyer.email,
        phone: '0712 345 678',
        address: 'Plot 4, Kiambu Road',
        city: 'Kiambu',
        state: 'Kiambu',
        postalCode: '00900',
      },
      delivery: 'standard',
      payment: { method: 'bank' },
      items: productIds.map((productId) => ({ productId, quantity: 1 })),
    },
  });
  if (res.status() !== 201) throw new Error(`POST /v1/orders → ${res.status()} ${await res.text()}`);
  const order = ((await res.json()) as { body: { fulfilments: Array<{ id: string; seller: { id: string } }> } }).body;
  const part = order.fulfilments.find((f) => f.seller.id === shop.sellerId)!;
  await call(request, shop.account, 'POST', `/v1/seller/sales/${part.id}/mark-paid`, {});
  return { shop, productIds };
}
