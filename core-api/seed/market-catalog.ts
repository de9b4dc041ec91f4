import { type Kysely, sql } from 'kysely';
import type { Database } from '../src/db/schema';
import { SEED_PRODUCTS } from './market/products';
import { SEED_PROMOS } from './market/promos';
import { REVIEWER_NAMES, REVIEW_POOLS } from './market/reviews';
import { SEED_SELLERS } from './market/sellers';

/** Raise when the data in seed/market changes, so existing databases receive it once. */
const MARKET_SEED_VERSION = '4';
const SEED_KEY = 'seed.market_catalog';
const DAY_MS = 24 * 60 * 60 * 1000;

/** Path under core-api/static of a product picture. */
export const productImagePath = (key: string): string => `products/${key}.svg`;

/**
 * Runs at every start but writes only when the seed version changes. Catalog text, prices and
 * pictures follow the seed; stock does not once a product exists, since orders move it.
 */
export async function seedMarketCatalog(db: Kysely<Database>, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const applied = await trx.selectFrom('app_meta').select('value').where('key', '=', SEED_KEY).executeTakeFirst();
    if (applied?.value === MARKET_SEED_VERSION) return;

    const sellers = await trx
      .insertInto('sellers')
      .values(
        SEED_SELLERS.map((s) => ({
          slug: s.slug,
          name: s.name,
          kind: s.kind,
          rating: s.rating,
          review_count: s.reviews,
          verified: s.verified,
          member_since: s.memberSince,
          response_time: s.responseTime,
          avatar: null,
          county: s.county,
          phone: s.phone,
          email: s.email,
        })),
      )
      .onConflict((oc) =>
        oc.column('slug').doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          kind: eb.ref('excluded.kind'),
          rating: eb.ref('excluded.rating'),
          review_count: eb.ref('excluded.review_count'),
          verified: eb.ref('excluded.verified'),
          member_since: eb.ref('excluded.member_since'),
          response_time: eb.ref('excluded.response_time'),
          county: eb.ref('excluded.county'),
          phone: eb.ref('excluded.phone'),
          email: eb.ref('excluded.email'),
        })),
      )
      .returning(['id', 'slug', 'county'])
      .execute();
    const sellerBySlug = new Map(sellers.map((s) => [s.slug, s]));

    const products = await trx
      .insertInto('products')
      .values(
        SEED_PRODUCTS.map((p, index) => {
          const seller = sellerBySlug.get(p.seller);
          if (seller === undefined) throw new Error(`Seed product ${p.slug} names an unknown seller ${p.seller}`);
          return {
            slug: p.slug,
            seller_id: seller.id,
            name: p.name,
            category: p.category,
            kind: p.kind ?? null,
            description: p.description,
            price: p.price,
            original_price: p.originalPrice ?? null,
            county: p.county ?? seller.county,
            stock_quantity: p.stock,
            unit: p.unit,
            specifications: JSON.stringify(p.specs.map(([label, value]) => ({ label, value }))),
            featured: p.featured ?? false,
            // Staggered so "newest" has a meaningful order: the first listed is the newest.
            created_at: new Date(now.getTime() - index * DAY_MS),
          };
        }),
      )
      .onConflict((oc) =>
        oc.column('slug').doUpdateSet((eb) => ({
          seller_id: eb.ref('excluded.seller_id'),
          name: eb.ref('excluded.name'),
          category: eb.ref('excluded.category'),
          kind: eb.ref('excluded.kind'),
          description: eb.ref('excluded.description'),
          price: eb.ref('excluded.price'),
          original_price: eb.ref('excluded.original_price'),
          county: eb.ref('excluded.county'),
          unit: eb.ref('excluded.unit'),
          specifications: eb.ref('excluded.specifications'),
          featured: eb.ref('excluded.featured'),
        })),
      )
      .returning(['id', 'slug'])
      .execute();
    const productIdBySlug = new Map(products.map((p) => [p.slug, p.id]));
    const productIds = products.map((p) => p.id);

    await trx.deleteFrom('product_images').where('product_id', 'in', productIds).execute();
    await trx
      .insertInto('product_images')
      .values(
        SEED_PRODUCTS.flatMap((p) =>
          p.images.map((key, order) => ({
            product_id: productIdBySlug.get(p.slug)!,
            path: productImagePath(key),
            alt: order === 0 ? p.name : `${p.name}: ${key.replaceAll('-', ' ')}`,
            sort_order: order,
          })),
        ),
      )
      .execute();

    // Catalog reviews have no user; buyers' own reviews (user_id set) are never touched.
    await trx.deleteFrom('reviews').where('product_id', 'in', productIds).where('user_id', 'is', null).execute();
    await trx
      .insertInto('reviews')
      .values(
        SEED_PRODUCTS.flatMap((p, index) => {
          const pool = REVIEW_POOLS[p.reviews];
          const count = 2 + (index % 4);
          return Array.from({ length: count }, (_, j) => {
            const [rating, comment] = pool[(index + j) % pool.length]!;
            return {
              product_id: productIdBySlug.get(p.slug)!,
              user_id: null,
              reviewer_name: REVIEWER_NAMES[(index * 5 + j * 7) % REVIEWER_NAMES.length]!,
              rating,
              comment,
              verified: j % 3 !== 2,
              created_at: new Date(now.getTime() - (((index * 3 + j * 11) % 150) + 1) * DAY_MS),
            };
          });
        }),
      )
      .execute();

    await trx
      .insertInto('promos')
      .values(
        SEED_PROMOS.map((p) => ({
          code: p.code,
          type: p.type,
          value: p.value,
          min_order: p.minOrder,
          expires_at: p.expiresInDays === null ? null : new Date(now.getTime() + p.expiresInDays * DAY_MS),
          description: p.description,
          max_uses: p.maxUses,
          max_uses_per_user: p.maxUsesPerUser,
        })),
      )
      .onConflict((oc) =>
        oc.column('code').doUpdateSet((eb) => ({
          type: eb.ref('excluded.type'),
          value: eb.ref('excluded.value'),
          min_order: eb.ref('excluded.min_order'),
          expires_at: eb.ref('excluded.expires_at'),
          description: eb.ref('excluded.description'),
          max_uses: eb.ref('excluded.max_uses'),
          max_uses_per_user: eb.ref('excluded.max_uses_per_user'),
        })),
      )
      .execute();

    await trx
      .insertInto('app_meta')
      .values({ key: SEED_KEY, value: MARKET_SEED_VERSION })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: MARKET_SEED_VERSION }))
      .execute();
    // The planner needs row counts after a bulk load (PGlite runs no autovacuum).
    await sql`analyze products`.execute(trx);
  });
}
