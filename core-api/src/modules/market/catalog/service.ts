import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { CategoryFacets, DeliveryOptions, ProductSummary, PublicProduct, PublicSeller, Review } from '@shambasoko/contracts';
import {
  MAX_PAGE_SIZE,
  PRODUCT_CATEGORIES,
  PRODUCT_FILE_PATTERN,
  countiesSchema,
  featuredProductsSchema,
  productSearchResultSchema,
  productSummarySchema,
  publicProductSchema,
} from '@shambasoko/contracts';
import { isUuid } from '../../../db/ids';
import type { Database } from '../../../db/schema';
import { ApiError } from '../../../http/envelope';
import { type CachedAnswer, type Card, type CatalogCache, type SearchPlaces, catalogTags, digestOf } from './cache';
import {
  type ProductSummaryRow,
  type ReviewRow,
  type SearchFilters,
  type SearchRanking,
  type SearchSort,
  countByCategory,
  findFeatured,
  findImages,
  findProductDetail,
  findRelated,
  findReviews,
  findSeller,
  findSummaries,
  listCounties,
  rankSearch,
  searchProducts,
} from './repository';
import { catalogued } from '../../../http/language';
import { rankMatches } from './text-ranking';
import { textMatches } from './text-search';

/** Spec section 9. */
const DELIVERY_OPTIONS: DeliveryOptions = {
  standard: { price: 350, time: catalogued('5-7 business days') },
  express: { price: 700, time: catalogued('2-3 business days') },
};

export const PRODUCT_NOT_FOUND = 'Product not found';
const FEATURED_LIMIT = 8;
const RELATED_LIMIT = 4;
const REVIEWS_LIMIT = 50;

/** Stored image paths are relative to core-api/static, which the API serves under /static/. */
export const imageUrl = (imagePath: string | null): string => `/static/${imagePath ?? 'products/placeholder.svg'}`;

function discountPercent(price: number, originalPrice: number | null): number {
  if (originalPrice === null || originalPrice <= price) return 0;
  return Math.round(((originalPrice - price) / originalPrice) * 100);
}

export function toSummary(row: ProductSummaryRow): ProductSummary {
  return {
    id: row.id,
    name: row.name,
    titleSw: row.title_sw,
    category: row.category,
    price: row.price,
    originalPrice: row.original_price,
    discount: discountPercent(row.price, row.original_price),
    location: row.county,
    seller: { id: row.seller_id, name: row.seller_name, verified: row.seller_verified, rating: row.seller_rating },
    rating: row.rating,
    reviews: row.review_count,
    image: imageUrl(row.image_path),
    inStock: row.stock_quantity > 0,
    stockQuantity: row.stock_quantity,
    featured: row.featured,
    unit: row.unit,
    harvestExpected: row.harvest_expected ?? null,
  };
}

export function toReview(row: ReviewRow): Review {
  return {
    id: row.id,
    user: row.reviewer_name,
    rating: row.rating,
    date: row.created_at.toISOString(),
    comment: row.comment,
    verified: row.verified,
  };
}

export interface SearchRequest extends SearchFilters {
  sort: SearchSort;
  page: number;
  pageSize: number;
}

/**
 * The filters as the database sees them: words trimmed, lowercased and single-spaced (full-text,
 * trigram and ilike all ignore case, so this changes no answer), "in stock: false" meaning no
 * filter. Equal searches then share one cache entry however they were typed.
 */
function normaliseFilters(request: SearchFilters): SearchFilters {
  const words = request.q?.trim().replace(/\s+/g, ' ').toLowerCase();
  const county = request.county?.trim().toLowerCase();
  return {
    q: words || undefined,
    category: request.category,
    minPrice: request.minPrice,
    maxPrice: request.maxPrice,
    county: county || undefined,
    inStock: request.inStock === true ? true : undefined,
    minRating: request.minRating,
  };
}

/** Facet counts depend on every filter but the category; fixed order, so equal filters give equal keys. */
const facetKey = (f: SearchFilters): string => JSON.stringify([f.q, f.minPrice, f.maxPrice, f.county, f.inStock, f.minRating]);

/**
 * Tags of an answer filtered this way (besides the products it shows). Which new listings may enter
 * it: any, for words (they may match its name) or without a county; else those of its county.
 */
const filterTags = (f: SearchFilters): string[] => [
  ...(f.inStock ? [catalogTags.inStock] : []),
  f.q || !f.county ? catalogTags.anyNew : catalogTags.newInCounty(f.county),
];

/** Places ranked ahead: five pages of the largest size. Deeper pages run their own query. */
const RANKED_PLACES = 5 * MAX_PAGE_SIZE;

/**
 * A text's first places and its matches per category under these filters, ranked in memory (null:
 * too many matches, SQL ranks them): on the search thread when there is one, else here.
 */
async function rankText(
  db: Kysely<Database>,
  cache: CatalogCache,
  filters: SearchFilters & { q: string },
  sort: SearchSort,
): Promise<SearchRanking | null> {
  const ranked = await cache.searchThread?.rank(filters, sort, RANKED_PLACES);
  if (ranked !== undefined) return ranked;
  const matches = await textMatches(db, cache.matches, cache.textIndex, filters.q, filters.typos === true);
  return matches === null ? null : rankMatches(matches, filters, sort, PRODUCT_CATEGORIES, RANKED_PLACES);
}

/** How many products the text matches as typed (null: more than the matches kept). */
async function exactCount(db: Kysely<Database>, cache: CatalogCache, q: string): Promise<number | null> {
  const counted = await cache.searchThread?.exactCount(q);
  if (counted !== undefined) return counted;
  const exact = await textMatches(db, cache.matches, cache.textIndex, q, false);
  return exact === null ? null : exact.rows.length;
}

/**
 * A search's first places and facet counts, shared by every page and page size of it (ranking
 * reads every match: 10,000 for "organic"; a page of known ids reads its 12 to 48 rows). Every sort
 * puts in-stock products first, so a product running out or coming back re-ranks them all.
 * Without words, pages query directly: an index often serves their order (a tab's default order:
 * 0.3 ms a page), where ranking would sort every active product (~200 ms at 100k).
 */
async function searchPlaces(db: Kysely<Database>, cache: CatalogCache, filters: SearchFilters, sort: SearchSort): Promise<SearchPlaces> {
  const key = JSON.stringify(filters.q ? [facetKey(filters), filters.typos, filters.category, sort] : [facetKey(filters)]);
  return cache.rankings.getOrLoad(key, async () => {
    const ranked = filters.q
      ? ((await rankText(db, cache, { ...filters, q: filters.q }, sort)) ??
        (await rankSearch(db, filters, sort, PRODUCT_CATEGORIES, RANKED_PLACES)))
      : undefined;
    const counts = ranked?.counts ?? (await countByCategory(db, filters));
    const facets: CategoryFacets = { all: 0, crops: 0, equipment: 0, supplies: 0, services: 0 };
    for (const category of PRODUCT_CATEGORIES) {
      facets[category] = counts.get(category) ?? 0;
      facets.all += facets[category];
    }
    return { value: { ids: ranked?.ids ?? null, facets }, tags: ranked ? [catalogTags.inStock, catalogTags.anyNew] : filterTags(filters) };
  });
}

/**
 * Typo tolerance joins in when the words as typed match fewer products than one page shows (the
 * catalog's, not the filters': one answer per text, so tabs and pages agree). "fertilizer" finds 1
 * product as typed, so it matches the "Fertiliser" ones by similarity too; "dap fertiliser" finds
 * 2,000 DAP fertilisers and no longer every other "… Fertiliser" as a near miss.
 *
 * The decision reads the text's exact matches, which a search as typed needs next anyway (cached):
 * a separate `count … limit 12` cost a statement more, and its plan was a sequential scan of every
 * product whenever the words matched nothing (77 ms at 100,000 products for "kale urea").
 */
const TYPO_THRESHOLD = 12;

async function withTypoMode(db: Kysely<Database>, cache: CatalogCache, filters: SearchFilters): Promise<SearchFilters> {
  const q = filters.q;
  if (!q) return filters;
  const typos = await cache.textModes.getOrLoad(q, async () => {
    const exact = await exactCount(db, cache, q);
    // null: more than MAX_KEPT_MATCHES, far above the threshold.
    return { value: exact !== null && exact < TYPO_THRESHOLD, tags: [catalogTags.anyNew] };
  });
  return { ...filters, typos };
}

/**
 * Cards for these ids, in this order, leaving out products no longer active: those already read by
 * an earlier answer from the card cache, the others in one query (issue 43: a new page, page size or
 * filter of a search mostly shows cards already read). Cards carry their product's tag, so stock
 * changes and every change that drops the whole catalog cache drop them as they drop answers.
 */
async function cards(db: Kysely<Database>, cache: CatalogCache, ids: readonly string[]): Promise<Card[]> {
  const found = new Map<string, Card | null>();
  const missing: string[] = [];
  const kept = cache.cards.peekAll(ids);
  ids.forEach((id, i) => {
    const card = kept[i];
    if (card === undefined) missing.push(id);
    else found.set(id, card);
  });
  if (missing.length > 0) {
    const epoch = cache.cards.currentEpoch;
    const rows = await findSummaries(db, missing);
    const read = new Map(rows.map((row) => [row.id, row]));
    for (const id of missing) {
      const row = read.get(id);
      const card = row === undefined ? null : cardOf(row);
      found.set(id, card);
      cache.cards.put(id, { value: card, tags: [catalogTags.product(id)] }, epoch, async () => {
        const [again] = await findSummaries(db, [id]);
        return { value: again === undefined ? null : cardOf(again), tags: [catalogTags.product(id)] };
      });
    }
  }
  return ids.flatMap((id) => found.get(id) ?? []);
}

/** A card with its JSON, serialised through the contract's schema once (only the keys it names). */
function cardOf(row: ProductSummaryRow): Card {
  const json = JSON.stringify(productSummarySchema.parse(toSummary(row)));
  return { tag: catalogTags.product(row.id), json, digest: digestOf(json) };
}

/** A search page but its items, through the contract's schema: its JSON follows the items'. */
const searchPageRestSchema = productSearchResultSchema.omit({ items: true });

/** `url` (the raw request URL) lets a later request for the very same URL skip parsing. */
export async function search(db: Kysely<Database>, cache: CatalogCache, request: SearchRequest, url?: string): Promise<CachedAnswer> {
  const normalised = normaliseFilters(request);
  const key = `search:${facetKey(normalised)}:${JSON.stringify([normalised.category, request.sort, request.page, request.pageSize])}`;
  return cache.answerWritten(key, url, async () => {
    const filters = await withTypoMode(db, cache, normalised);
    const { ids, facets } = await searchPlaces(db, cache, filters, request.sort);
    const offset = (request.page - 1) * request.pageSize;
    const shown =
      ids !== null && offset + request.pageSize <= RANKED_PLACES
        ? await cards(db, cache, ids.slice(offset, offset + request.pageSize))
        : (await searchProducts(db, filters, request.sort, request.pageSize, offset)).map(cardOf);
    const rest = JSON.stringify(
      searchPageRestSchema.parse({
        // The facets already count every filter but the category, so the total comes for free.
        total: filters.category ? facets[filters.category] : facets.all,
        page: request.page,
        pageSize: request.pageSize,
        facets,
      }),
    );
    // The schema's order: items first, then the rest's keys.
    const body = `{"items":[${shown.map((card) => card.json).join(',')}],${rest.slice(1)}`;
    const fingerprint = `${rest}\n${shown.map((card) => card.digest).join(',')}`;
    return { value: { body, fingerprint }, tags: [...filterTags(filters), ...shown.map((card) => card.tag)] };
  });
}

export async function featured(db: Kysely<Database>, cache: CatalogCache): Promise<CachedAnswer> {
  return cache.answer('featured', undefined, featuredProductsSchema, async () => {
    const rows = await findFeatured(db, FEATURED_LIMIT);
    const value: ProductSummary[] = rows.map(toSummary);
    return { value, tags: [catalogTags.featured, ...rows.map((r) => catalogTags.product(r.id))] };
  });
}

export async function counties(db: Kysely<Database>, cache: CatalogCache): Promise<CachedAnswer> {
  return cache.answer('counties', undefined, countiesSchema, async () => ({ value: await listCounties(db), tags: [catalogTags.anyNew] }));
}

export async function productDetail(db: Kysely<Database>, cache: CatalogCache, id: string): Promise<CachedAnswer> {
  if (!isUuid(id)) throw new ApiError(404, PRODUCT_NOT_FOUND);
  return cache.answer(`product:${id.toLowerCase()}`, undefined, publicProductSchema, async () => {
    const row = await findProductDetail(db, id);
    if (row === undefined) throw new ApiError(404, PRODUCT_NOT_FOUND);
    const [seller, images, reviews, related] = await Promise.all([
      findSeller(db, row.seller_id),
      findImages(db, row.id),
      findReviews(db, row.id, REVIEWS_LIMIT),
      findRelated(db, row, RELATED_LIMIT),
    ]);
    if (seller === undefined) throw new ApiError(404, PRODUCT_NOT_FOUND);
    // What the seller published on their profile; the sign-in e-mail is never read for a public answer.
    const publicSeller: PublicSeller = {
      id: seller.id,
      name: seller.name,
      rating: seller.rating,
      reviews: seller.review_count,
      verified: seller.verified,
      memberSince: String(seller.member_since),
      responseTime: seller.response_time,
      avatar: seller.avatar,
      county: seller.county,
      phone: seller.phone,
      whatsapp: seller.whatsapp,
    };
    const value: PublicProduct = {
      ...toSummary(row),
      // The product page shows the large size of an uploaded photo.
      images:
        images.length > 0 ? images.map((p) => imageUrl(p).replace(/^(\/static\/uploads\/.+)-400\.webp$/, '$1-800.webp')) : [imageUrl(null)],
      description: row.description,
      specifications: row.specifications,
      delivery: DELIVERY_OPTIONS,
      seller: publicSeller,
      reviewsList: reviews.map(toReview),
      related: related.map(toSummary),
    };
    // Its own stock, the related cards' stock, and the related order (in stock first) of its category.
    const tags = [row.id, ...related.map((r) => r.id)].map(catalogTags.product);
    return { value, tags: [...tags, catalogTags.related(row.category)] };
  });
}

// Product pictures: core-api/static/products, served at /static/products/<file>.
const PRODUCT_IMAGE_DIR = path.resolve(__dirname, '..', '..', '..', '..', 'static', 'products');

export async function readProductImage(fileName: string): Promise<Buffer> {
  const filePath = path.join(PRODUCT_IMAGE_DIR, fileName);
  // The route's pattern already forbids separators; this re-check keeps the rule next to the read.
  if (!PRODUCT_FILE_PATTERN.test(fileName) || path.dirname(filePath) !== PRODUCT_IMAGE_DIR) {
    throw new ApiError(400, `file: ${fileName} is not a valid image file name`);
  }
  try {
    return await fs.readFile(filePath);
  } catch (error) {
    if (typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT') {
      throw new ApiError(404, `Image ${fileName} not found`);
    }
    throw error;
  }
}
