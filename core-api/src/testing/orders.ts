import type { Kysely } from 'kysely';
import type { PlaceOrderRequest } from '@shambasoko/contracts';
import type { Database } from '../db/schema';

/** A valid checkout (Kiambu address, standard delivery, bank transfer) for order tests; override what a test is about. */
export function testCheckout(overrides: Partial<PlaceOrderRequest> = {}): PlaceOrderRequest {
  return {
    shipping: {
      firstName: 'Wanjiku',
      lastName: 'Mwangi',
      email: 'wanjiku@example.co.ke',
      phone: '0712 345 678',
      address: 'Plot 12, Kiambu Road',
      city: 'Kiambu',
      state: 'Kiambu',
      postalCode: '00900',
    },
    delivery: 'standard',
    payment: { method: 'bank' },
    ...overrides,
  };
}

/**
 * Seeded products any buyer can order by the unit, first by id: goods (a service is booked, and an
 * order for one is refused with 400), on sale, no minimum order above one, at least `minStock` in stock.
 */
export async function orderableProducts(
  db: Kysely<Database>,
  { count = 1, minStock = 1 }: { count?: number; minStock?: number } = {},
): Promise<Array<{ id: string; stock: number }>> {
  const rows = await db
    .selectFrom('products')
    .select(['id', 'stock_quantity'])
    .where('category', '<>', 'services')
    .where('status', '=', 'active')
    .where('min_order', '<=', 1)
    .where('stock_quantity', '>=', minStock)
    .orderBy('id')
    .limit(count)
    .execute();
  return rows.map((r) => ({ id: r.id, stock: r.stock_quantity }));
}
