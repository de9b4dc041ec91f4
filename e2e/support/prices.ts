import type { APIRequestContext } from '@playwright/test';
import { createAccount, uniqueEmail } from './auth';
import { partOf, placeOrder, sellerMoves } from './orders';
import { list, newSeller, type Shop } from './sellers';

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
  const order = await placeOrder(
    request,
    buyer,
    productIds.map((productId) => ({ productId, quantity: 1 })),
  );
  await sellerMoves(request, shop, partOf(order, shop).id, ['mark-paid']);
  return { shop, productIds };
}
