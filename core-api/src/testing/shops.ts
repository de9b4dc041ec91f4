import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { createTestUser, type TestUser } from './auth';

export interface TestShop {
  user: TestUser;
  sellerId: string;
  productId: string;
}

/** A seller account with a shop in `county` and one product (crops, 1 kg a unit, Ksh 1,000 unless told). */
export async function createShop(
  db: Kysely<Database>,
  secret: string,
  { name, county = 'Kiambu', price = 1000, stock = 50 }: { name: string; county?: string; price?: number; stock?: number },
): Promise<TestShop> {
  const user = await createTestUser(db, secret, { firstName: name, lastName: 'Seller', roles: ['Farmer'] });
  const slug = `${name.toLowerCase()}-${randomUUID().slice(0, 8)}`;
  const seller = await db
    .insertInto('sellers')
    .values({ slug, name: `${name} Farm`, member_since: 2020, county, phone: '0711 000 111', email: user.email, user_id: user.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const product = await db
    .insertInto('products')
    .values({
      slug: `${slug}-maize`,
      seller_id: seller.id,
      name: `${name} maize`,
      category: 'crops',
      price,
      county,
      stock_quantity: stock,
      weight_kg: 1,
      specifications: '[]',
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return { user, sellerId: seller.id, productId: product.id };
}
