import { randomUUID } from 'node:crypto';
import type { TestApp } from '../../../testing/test-app';

/** A seller profile for an account, written straight to the table (the profile routes are another module's). */
export async function makeSeller(t: TestApp, userId: string, county = 'Nakuru'): Promise<string> {
  const slug = `shop-${randomUUID().slice(0, 8)}`;
  const row = await t.db
    .insertInto('sellers')
    .values({
      slug,
      name: `Shop ${slug}`,
      county,
      phone: '+254712345678',
      email: `${slug}@example.co.ke`,
      member_since: 2026,
      user_id: userId,
      rating: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
