import { type Kysely, type RawBuilder, sql } from 'kysely';
import { genericPlan } from '../../../db/database';
import type { Database, MarketCategory, ProductSpecRow } from '../../../db/schema';
import { expandSearch } from './synonyms';
import type { IndexedProductRow } from './text-index';

/** One product as every list shows it (cards, related products, cart lines). */
export interface ProductSummaryRow {
  id: string;
  name: string;
  title_sw: string | null;
  category: MarketCategory;
  price: number;
  original_price: number | null;
  county: string;
  stock_quantity: number;
  featured: boolean;
  unit: string;
  rating: number;
  review_count: number;
  seller_id: string;
  seller_name: string;
  seller_verified: boolean;
  seller_rating: number;
  image_path: string | null;
  harvest_expected: string | null;
}

export interface ProductDetailRow extends ProductSummaryRow {
  description: string;
  specifications: ProductSpecRow[];
}

/** What a product page shows of its seller: the public profile, never the sign-in e-mail. */
export interface SellerRow {
  id: string;
  name: string;
  rating: number;
  review_count: number;
  verified: boolean;
  member_since: number;
  response_time: string;
  avatar: string | null;
  county: string;
  phone: string;
  whatsapp: string | null;
}

export interface ReviewRow {
  id: string;
  reviewer_name: string;
  rating: number;
  comment: string;
  verified: boolean;
  created_at: Date;
}

export type SearchSort = 'relevance' | 'price_asc' | 'price_desc' | 'rating' | 'newest';

export interface SearchFilters {
  q?: string | undefined;
  category?: MarketCategory | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  county?: string | undefined;
  inStock?: boolean | undefined;
  minRating?: number | undefined;
  /** Whether `q` also matches by trigram similarity (decided per search text, see textMatch). */
  typos?: boolean | undefined;
}

/** Only active listings are public: paused and deleted ones are in no catalog answer. */
const ACTIVE = sql<boolean>`p.status = 'active'`;

const SUMMARY_COLUMNS = sql`
  p.id, p.name, p.title_sw, p.category, p.price, p.original_price, p.county, p.stock_quantity, p.featured, p.unit,
  p.rating::float8 as rating, p.review_count,
  s.id as seller_id, s.name as seller_name, s.verified as seller_verified, s.rating::float8 as seller_rating,
  (select i.path from product_images i where i.product_id = p.id order by i.sort_order, i.id limit 1) as image_path,
  case when p.listing_type = 'preorder' then to_char(p.available_from, 'YYYY-MM-DD') end as harvest_expected
`;

/** Escapes LIKE wildcards so a search for "50%" means the characters, not a pattern. */
function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The words as full text: as typed, or with their synonyms (see synonyms.ts) when any are listed. */
function textQuery(q: string, typos: boolean): RawBuilder<unknown> {
  const expanded = expandSearch(q, typos);
  if (expanded === undefined) return sql`websearch_to_tsquery('english', ${q})`;
  const anyOf = (texts: string[]) =>
    sql`(${sql.join(
      texts.map((text) => sql`websearch_to_tsquery('english', ${text})`),
      sql` || `,
    )})`;
  return sql`(${sql.join(expanded.map(anyOf), sql` && `)})`;
}

/** Full-text (stemmed, so "tomatoes" finds "tomato") or a plain substring of the name (the spec's substring search). */
function exactMatch(q: string): RawBuilder<boolean> {
  return sql<boolean>`(
    p.search_vector @@ ${textQuery(q, false)}
    or p.name ilike ${likeContains(q)}
  )`;
}

/**
 * Text match. With `typos`, trigram word similarity on the name joins in ("maiz", "tomatoe",
 * "fertilizer"). Each part has its GIN index, but a word-similarity match is re-checked row by row
 * (~10 µs): "dap fertiliser" fuzzily matches 6,000 names (every "… Fertiliser") in 78 ms, exactly
 * 2,000 in 6 ms. So typo tolerance is for words that find (almost) nothing as typed: see `typos`.
 * Written `name %> q`, the form its index condition takes: as `q <% name` the planner also kept it
 * as a filter, computing the similarity of every candidate twice.
 */
function textMatch(q: string, typos: boolean): RawBuilder<boolean> {
  return typos
    ? sql<boolean>`(
        p.search_vector @@ ${textQuery(q, true)}
        or p.name %> ${q}
        or p.name ilike ${likeContains(q)}
      )`
    : exactMatch(q);
}

/**
 * A name that contains the words scores 1.5 on top of the full-text rank. Only typo searches pay for
 * word_similarity on the other rows (~5 µs a row: half of "organic"'s 10,000 matches, 25 of its 40 ms
 * of ranking); as typed, those rows are full-text matches that ts_rank already orders.
 */
function relevance(q: string, typos: boolean): RawBuilder<number> {
  const other = typos ? sql`word_similarity(${q}, p.name)` : sql`0::real`;
  // With synonyms, the words as typed come first ("mbolea" in a Kiswahili title before "fertiliser"),
  // then their synonyms, then near misses of the name.
  const words = textQuery(q, typos);
  const expanded =
    expandSearch(q, typos) === undefined
      ? sql``
      : sql`when p.search_vector @@ websearch_to_tsquery('english', ${q}) then 1.2::real when p.search_vector @@ ${words} then 1::real `;
  return sql<number>`(
    ts_rank(p.search_vector, ${words})
    + case when p.name ilike ${likeContains(q)} then 1.5::real ${expanded}else ${other} end
  )`;
}

function whereClause(filters: SearchFilters, withCategory: boolean): RawBuilder<boolean> {
  const conditions: RawBuilder<unknown>[] = [ACTIVE];
  if (filters.q) conditions.push(textMatch(filters.q, filters.typos === true));
  if (withCategory && filters.category) conditions.push(sql`p.category = ${filters.category}`);
  if (filters.minPrice !== undefined) conditions.push(sql`p.price >= ${filters.minPrice}`);
  if (filters.maxPrice !== undefined) conditions.push(sql`p.price <= ${filters.maxPrice}`);
  if (filters.county) conditions.push(sql`lower(p.county) = lower(${filters.county})`);
  if (filters.inStock) conditions.push(sql`p.stock_quantity > 0`);
  if (filters.minRating !== undefined) conditions.push(sql`p.rating >= ${filters.minRating}`);
  return sql<boolean>`${sql.join(conditions, sql` and `)}`;
}

/** Every sort puts what can be bought now first: out-of-stock listings rank after in-stock ones. */
function orderBy(sort: SearchSort, filters: SearchFilters): RawBuilder<unknown> {
  return sql`(p.stock_quantity > 0) desc, ${sortOrder(sort, filters)}`;
}

function sortOrder(sort: SearchSort, { q, typos }: SearchFilters): RawBuilder<unknown> {
  switch (sort) {
    case 'price_asc':
      return sql`p.price asc, p.id`;
    case 'price_desc':
      return sql`p.price desc, p.id`;
    case 'rating':
      return sql`p.rating desc, p.review_count desc, p.id`;
    case 'newest':
      return sql`p.created_at desc, p.id`;
    case 'relevance':
      // Without words to match, "relevant" means what the shop puts forward: featured, then well rated.
      return q
        ? sql`${relevance(q, typos === true)} desc, p.rating desc, p.id`
        : sql`p.featured desc, p.rating desc, p.review_count desc, p.id`;
  }
}

export async function searchProducts(
  db: Kysely<Database>,
  filters: SearchFilters,
  sort: SearchSort,
  limit: number,
  offset: number,
): Promise<ProductSummaryRow[]> {
  const { rows } = await sql<ProductSummaryRow>`
    select ${SUMMARY_COLUMNS}
    from products p join sellers s on s.id = p.seller_id
    where ${whereClause(filters, true)}
    order by ${orderBy(sort, filters)}
    limit ${limit} offset ${offset}
  `.execute(db);
  return rows;
}

/** Matches per category under every filter but the category (the tabs' counts). */
export async function countByCategory(db: Kysely<Database>, filters: SearchFilters): Promise<Map<MarketCategory, number>> {
  const { rows } = await sql<{ category: MarketCategory; n: number }>`
    select p.category, count(*)::int as n
    from products p
    where ${whereClause(filters, false)}
    group by p.category
  `.execute(db);
  return new Map(rows.map((r) => [r.category, r.n]));
}

/** The first places of a search and its matches per category (under every filter but the category). */
export interface SearchRanking {
  ids: string[];
  counts: Map<MarketCategory, number>;
}

/**
 * One scan serves both: the per-category counts come from window aggregates over the rows the
 * ranking reads anyway (a second, counting scan cost as much again). The category filter becomes
 * "this category first", so a tab's places are the leading rows of that category; others are dropped.
 */
export async function rankSearch(
  db: Kysely<Database>,
  filters: SearchFilters,
  sort: SearchSort,
  categories: readonly MarketCategory[],
  limit: number,
): Promise<SearchRanking> {
  const counts = categories.map((c) => sql`count(*) filter (where p.category = ${c}) over ()::int as ${sql.ref(`n_${c}`)}`);
  const first = filters.category ? sql`(p.category = ${filters.category}) desc, ` : sql``;
  const { rows } = await sql<{ id: string; category: MarketCategory } & Record<string, number>>`
    select p.id, p.category, ${sql.join(counts)}
    from products p
    where ${whereClause(filters, false)}
    order by ${first}${orderBy(sort, filters)}
    limit ${limit}
  `.execute(db);
  const firstRow = rows[0];
  return {
    ids: rows.filter((r) => !filters.category || r.category === filters.category).map((r) => r.id),
    counts: new Map(categories.map((c) => [c, firstRow?.[`n_${c}`] ?? 0])),
  };
}

/**
 * Every active product the words match, with the columns the filters, tab counts and sorts read
 * (no order, no window: the caller filters, counts and sorts them in memory, once per words for
 * every filter, tab and sort). `relevance` is the one expression the SQL ranking sorts on.
 */
export interface TextMatchRow {
  id: string;
  category: MarketCategory;
  price: number;
  county: string;
  in_stock: boolean;
  rating: number;
  review_count: number;
  created_us: number;
  relevance: number;
}

export async function findTextMatches(db: Kysely<Database>, q: string, typos: boolean, limit: number): Promise<TextMatchRow[]> {
  const { rows } = await sql<TextMatchRow>`
    select p.id, p.category, p.price, lower(p.county) as county, p.stock_quantity > 0 as in_stock,
      p.rating::float8 as rating, p.review_count, (extract(epoch from p.created_at) * 1000000)::int8 as created_us,
      ${relevance(q, typos)}::float8 as relevance
    from products p
    where ${ACTIVE} and ${textMatch(q, typos)}
    limit ${limit}
  `.execute(db);
  return rows;
}

/** Cards for these ids, in this order (ids no longer active are left out). Primary-key lookups: one plan fits all. */
export async function findSummaries(db: Kysely<Database>, ids: readonly string[]): Promise<ProductSummaryRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<ProductSummaryRow>`
    ${genericPlan}select ${SUMMARY_COLUMNS}
    from unnest(${[...ids]}::uuid[]) with ordinality as w(id, place)
    join products p on p.id = w.id join sellers s on s.id = p.seller_id
    where ${ACTIVE}
    order by w.place
  `.execute(db);
  return rows;
}

export async function findFeatured(db: Kysely<Database>, limit: number): Promise<ProductSummaryRow[]> {
  const { rows } = await sql<ProductSummaryRow>`
    select ${SUMMARY_COLUMNS}
    from products p join sellers s on s.id = p.seller_id
    where p.featured and ${ACTIVE}
    order by p.rating desc, p.review_count desc, p.id
    limit ${limit}
  `.execute(db);
  return rows;
}

export async function findProductDetail(db: Kysely<Database>, id: string): Promise<ProductDetailRow | undefined> {
  const { rows } = await sql<ProductDetailRow>`
    select ${SUMMARY_COLUMNS}, p.description, p.specifications
    from products p join sellers s on s.id = p.seller_id
    where p.id = ${id}::uuid and ${ACTIVE}
  `.execute(db);
  return rows[0];
}

export async function findSeller(db: Kysely<Database>, id: string): Promise<SellerRow | undefined> {
  return db
    .selectFrom('sellers')
    .select([
      'id',
      'name',
      sql<number>`rating::float8`.as('rating'),
      'review_count',
      'verified',
      'member_since',
      'response_time',
      'avatar',
      'county',
      'phone',
      'whatsapp',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findImages(db: Kysely<Database>, productId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('product_images')
    .select('path')
    .where('product_id', '=', productId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.path);
}

export async function findReviews(db: Kysely<Database>, productId: string, limit: number): Promise<ReviewRow[]> {
  return db
    .selectFrom('reviews')
    .select(['id', 'reviewer_name', 'rating', 'comment', 'verified', 'created_at'])
    .where('product_id', '=', productId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Same category, in stock first, best rated first: the in-stock ones, then (when there are too few)
 * the others, each read in the order of `products_related`. Its index holds no stock, so that a
 * sale's stock move rewrites the product row in place (migration 065).
 */
export async function findRelated(
  db: Kysely<Database>,
  product: { id: string; category: MarketCategory },
  limit: number,
): Promise<ProductSummaryRow[]> {
  const read = async (inStock: boolean, count: number) =>
    (
      await sql<ProductSummaryRow>`
        select ${SUMMARY_COLUMNS}
        from products p join sellers s on s.id = p.seller_id
        where p.category = ${product.category} and p.id <> ${product.id}::uuid and ${ACTIVE}
          and ${inStock ? sql`p.stock_quantity > 0` : sql`p.stock_quantity <= 0`}
        order by p.featured desc, p.rating desc, p.review_count desc, p.id
        limit ${count}
      `.execute(db)
    ).rows;
  const inStock = await read(true, limit);
  return inStock.length < limit ? [...inStock, ...(await read(false, limit - inStock.length))] : inStock;
}

export async function listCounties(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('products').select('county').distinct().where('status', '=', 'active').orderBy('county').execute();
  return rows.map((r) => r.county);
}

/** A seller's active listings for their storefront: in stock first, newest first. */
export async function findSellerProducts(db: Kysely<Database>, sellerId: string, limit: number): Promise<ProductSummaryRow[]> {
  const { rows } = await sql<ProductSummaryRow>`
    select ${SUMMARY_COLUMNS}
    from products p join sellers s on s.id = p.seller_id
    where p.seller_id = ${sellerId}::uuid and ${ACTIVE}
    order by (p.stock_quantity > 0) desc, p.updated_at desc, p.id
    limit ${limit}
  `.execute(db);
  return rows;
}

/** The full-text queries of texts as the search statements build them, as `tsquery` text, in the texts' order: one statement for all. */
export async function findTextQueries(
  db: Kysely<Database>,
  texts: readonly string[],
): Promise<{ exact: string; typos: string; typed: string }[]> {
  const { rows } = await sql<{ i: number; exact: string; typos: string; typed: string }>`${sql.join(
    texts.map(
      (q, i) => sql`select ${sql.lit(i)}::int as i, ${textQuery(q, false)}::text as exact, ${textQuery(q, true)}::text as typos,
        websearch_to_tsquery('english', ${q})::text as typed`,
    ),
    sql` union all `,
  )}`.execute(db);
  const found = new Array<{ exact: string; typos: string; typed: string }>(texts.length);
  for (const { i, ...queries } of rows) found[i] = queries;
  return found;
}

/**
 * Every active product's row version (`xmin` moves with every update): what the search index re-reads.
 * `byName`: in the order of their names (the index's first read: products whose names share words
 * then sit side by side in its arrays; the minute's re-check needs no order).
 */
export async function findIndexVersions(db: Kysely<Database>, byName = false): Promise<{ id: string; version: string }[]> {
  const { rows } = await sql<{ id: string; version: string }>`
    select p.id, p.xmin::text as version from products p where ${ACTIVE}
    ${byName ? sql`order by lower(p.name) collate "C", p.id` : sql``}
  `.execute(db);
  return rows;
}

/** These products, if active, as the search index keeps them (text-index.ts), in the order of their names. */
export async function findIndexRows(db: Kysely<Database>, ids: readonly string[]): Promise<IndexedProductRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<IndexedProductRow>`
    ${genericPlan}select p.id, p.xmin::text as version, p.name, p.search_vector::text as vector,
      p.category, p.price, lower(p.county) as county, p.stock_quantity > 0 as in_stock,
      p.rating::float8 as rating, p.review_count, (extract(epoch from p.created_at) * 1000000)::int8 as created_us
    from products p
    where p.id = any(${[...ids]}::uuid[]) and ${ACTIVE}
    order by lower(p.name) collate "C", p.id
  `.execute(db);
  return rows;
}

/** Characters beyond ASCII: their lowercase and whether pg_trgm counts them as letters or digits, in the database's locale. */
export async function findCharClasses(
  db: Kysely<Database>,
  chars: readonly string[],
): Promise<{ c: string; lower: string; word: boolean }[]> {
  const { rows } = await sql<{ c: string; lower: string; word: boolean }>`
    select c, lower(c) as lower, cardinality(show_trgm(c)) > 0 as word from unnest(${[...chars]}::text[]) as c
  `.execute(db);
  return rows;
}
