import { type Kysely, sql } from 'kysely';

// Issue 38: reviews come from buyers. A seller could order their own listing, mark the sale paid and
// review it as a "verified" buyer; the API now refuses that, and this removes the ones already
// written (the reviews trigger recomputes each product's rating and count).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    delete from reviews r
    using products p, sellers s
    where p.id = r.product_id and s.id = p.seller_id and s.user_id = r.user_id
  `.execute(db);
}

// The removed reviews were never genuine; there is nothing to put back.
export async function down(): Promise<void> {}
