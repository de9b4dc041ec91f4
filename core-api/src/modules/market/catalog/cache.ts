import { createHash } from 'node:crypto';
import type { CategoryFacets } from '@shambasoko/contracts';
import type { z } from 'zod';
import { type ClusterMessage, clusterBroadcast } from '../../../cluster/broadcast';
import { ok } from '../../../http/envelope';
import { type Loaded, TaggedCache } from '../../../cache/tagged-cache';
import type { SearchThread } from './search-thread';
import { TextIndex } from './text-index';
import type { TextMatches } from './text-ranking';

/** A public catalog answer, serialised once: a hit costs neither a query nor a JSON.stringify. */
export interface CachedAnswer {
  payload: string;
  etag: string;
}

/** A product card as read, with its JSON as the contract sends it (through productSummarySchema). */
export interface Card {
  /** catalogTags.product of its id: what an answer showing it is tagged with. */
  tag: string;
  json: string;
  /** digestOf(json): what a page's ETag hashes instead of the card's bytes. */
  digest: string;
}

/** Stock of one product before and after a change (an order). */
export interface StockChange {
  productId: string;
  category: string;
  before: number;
  after: number;
}

/** Tags of catalog answers. */
const PRODUCT_TAG = 'p:';
const INDEXED_TAG = 'i:';

/** The products whose search text the tags say changed (`catalogTags.indexed`). */
export const indexedIds = (tags: readonly string[]): string[] =>
  tags.flatMap((tag) => (tag.startsWith(INDEXED_TAG) ? [tag.slice(INDEXED_TAG.length)] : []));

export const catalogTags = {
  product: (id: string) => `${PRODUCT_TAG}${id.toLowerCase()}`,
  /**
   * What the search index holds of this product changed (text-index.ts reads it again): a new listing,
   * or stock running out or coming back. No answer carries it. A sale that leaves stock on both sides
   * changes only the answers showing the count (`product`): the index keeps an in-stock flag, not the
   * count, so re-reading it after every order was work for nothing, and while orders came faster than
   * the reads a search waited for them, or for the database's ranking.
   */
  indexed: (id: string) => `${INDEXED_TAG}${id.toLowerCase()}`,
  /** Answers filtered on "in stock" (their rows and counts move when a product runs out). */
  inStock: 'instock',
  /** Product pages whose related list (in stock first) is drawn from this category. */
  related: (category: string) => `related:${category}`,
  /** Answers any new listing may enter: text searches (its name may match), unfiltered searches, the county list. */
  anyNew: 'new',
  /** Searches filtered on this county: only its new listings enter them (or their facet counts). */
  newInCounty: (county: string) => `new:county:${county.trim().toLowerCase()}`,
  /** A seller's storefront: only their own new listings enter it. */
  newOfSeller: (sellerId: string) => `new:seller:${sellerId.toLowerCase()}`,
  /** The featured list: a featured listing published again enters it (a new one is never featured). */
  featured: 'featured',
} as const;

/** A listing a seller just created: where it can show. */
interface NewListing {
  id: string;
  sellerId: string;
  category: string;
  county: string;
  /** A paused listing shows in no public answer. */
  active: boolean;
}

/** A search's first places (product ids in order; null when its pages query directly) and its matches per category. */
export interface SearchPlaces {
  ids: readonly string[] | null;
  facets: CategoryFacets;
}

const MAX_TEXT_MATCHES_ENTRIES = 32;

export interface CatalogCacheOptions {
  freshMs?: number;
  staleMs?: number;
  maxEntries?: number;
  /** Where text searches are matched and ranked (search-thread.ts); without one, in this thread (`textIndex`, `matches`). */
  searchThread?: SearchThread;
}

/**
 * The catalog's caches: serialised HTTP answers (search pages, featured, counties, product pages)
 * and search rankings (the first places and facet counts), which do not depend on page or page
 * size and so are shared by every page of one search. Orders invalidate precisely: the answers that show an ordered product, and when a
 * product runs out (or comes back), the in-stock answers (and, coming back, related lists). Other
 * changes (reviews move ratings and so every rating sort and filter) drop everything.
 */
export class CatalogCache {
  readonly answers: TaggedCache<CachedAnswer>;
  readonly rankings: TaggedCache<SearchPlaces>;
  /** Per search text: whether typo tolerance applies (depends on names only, not stock). */
  readonly textModes: TaggedCache<boolean>;
  /** Per search text and mode: every match, ranked in memory (null: too many to keep, SQL ranks them). */
  readonly matches: TaggedCache<TextMatches | null>;
  /**
   * Product cards by id (null: not active), tagged with their product, each with its JSON as a
   * search page sends it: a new page, page size or filter of a search shows cards other answers
   * already read, without a query, a schema parse or a JSON.stringify of them.
   */
  readonly cards: TaggedCache<Card | null>;
  /** The counties of active listings, as suggestions filter them for every new prefix (one read, not one a prefix). */
  readonly countyNames: TaggedCache<readonly string[]>;
  /** Every active product's search text: a new text is matched and ranked in memory. */
  readonly textIndex = new TextIndex();
  readonly searchThread: SearchThread | undefined;
  /** Raw request URL → answer key, so a repeated URL skips query parsing too. */
  private readonly aliases = new Map<string, string>();
  private readonly maxAliases: number;

  constructor({ freshMs = 10_000, staleMs = 60_000, maxEntries = 2_000, searchThread }: CatalogCacheOptions = {}) {
    this.searchThread = searchThread;
    // A search URL asked for once (page, size and filters vary without end) is answered, not kept.
    this.answers = new TaggedCache<CachedAnswer>({ freshMs, staleMs, maxEntries, secondLoadOnly: true });
    this.rankings = new TaggedCache<SearchPlaces>({ freshMs, staleMs, maxEntries });
    this.textModes = new TaggedCache<boolean>({ freshMs, staleMs, maxEntries });
    // A broad text keeps a few MB of rows: few entries.
    this.matches = new TaggedCache<TextMatches | null>({ freshMs, staleMs, maxEntries: Math.min(maxEntries, MAX_TEXT_MATCHES_ENTRIES) });
    // ~700 bytes a card (its JSON, digest and tag): up to ~14 MB, every card of the first 240 places of ~80 searches.
    this.cards = new TaggedCache<Card | null>({ freshMs, staleMs, maxEntries: maxEntries * 10 });
    this.countyNames = new TaggedCache<readonly string[]>({ freshMs, staleMs, maxEntries: 1 });
    this.maxAliases = maxEntries * 2;
  }

  /** The cached answer for a raw URL already seen, or undefined. */
  answerForUrl(url: string): CachedAnswer | undefined {
    const key = this.aliases.get(url);
    return key === undefined ? undefined : this.answers.peek(key);
  }

  /**
   * `schema` is the route's response schema: the value is serialised through it, so only the keys
   * the public contract names reach the wire (a seller's e-mail read by a query stays behind).
   */
  async answer<S extends z.ZodType>(
    key: string,
    url: string | undefined,
    schema: S,
    load: () => Promise<Loaded<z.input<S>>>,
  ): Promise<CachedAnswer> {
    const answer = await this.answers.getOrLoad(key, async () => {
      const loaded = await load();
      return { value: serialise(schema.parse(loaded.value)), tags: loaded.tags };
    });
    this.alias(url, key);
    return answer;
  }

  /**
   * As `answer`, for a load that writes its body's JSON itself (a search page joins its cards' kept
   * JSON): the envelope is added here. The ETag is a hash of `fingerprint`, which must change whenever
   * the body does (a page's own fields and its cards' digests): far fewer bytes to hash than the body.
   */
  async answerWritten(
    key: string,
    url: string | undefined,
    load: () => Promise<Loaded<{ body: string; fingerprint: string }>>,
  ): Promise<CachedAnswer> {
    const answer = await this.answers.getOrLoad(key, async () => {
      const { value, tags } = await load();
      return { value: { payload: `${ENVELOPE_HEAD}${value.body}}`, etag: etagOf(`${ENVELOPE_HEAD}\n${value.fingerprint}`) }, tags };
    });
    this.alias(url, key);
    return answer;
  }

  private alias(url: string | undefined, key: string): void {
    if (url !== undefined && !this.aliases.has(url) && this.answers.has(key)) {
      if (this.aliases.size >= this.maxAliases) this.aliases.delete(this.aliases.keys().next().value ?? '');
      this.aliases.set(url, key);
    }
  }

  /** Drops, in every API process, the answers these stock changes make wrong. Call after the commit. */
  stockChanged(changes: readonly StockChange[]): void {
    this.publish({ kind: 'catalog', tags: [...stockTags(changes)] });
  }

  /**
   * Drops, in every API process, only the answers a new listing can enter: searches of its county
   * or with no county (a search's facets count every category, so its category narrows nothing),
   * text searches, its seller's storefront and its category's related lists. Call after the commit.
   */
  listingAdded(listing: NewListing): void {
    if (!listing.active) return;
    this.publish({ kind: 'catalog', tags: [...enteringTags(listing), catalogTags.related(listing.category)] });
  }

  /**
   * Drops, in every API process, the answers a seller's edit of a listing (its words, price, stock,
   * category, status; or its deletion) can change: those showing it, and the searches and storefront
   * it may enter or leave, as a new listing may enter them (`listingAdded`: every search that can
   * count it is tagged with its county or with any new listing, in-stock ones included); the search
   * index reads it again. With `mayEnter` (published again, in stock again, another category, a new
   * rating from a review), also its category's related lists and the featured list, which order by
   * what a seller cannot change (featured, rating) and which a listing leaves only from lists showing
   * it. Answers of other counties, other shops' storefronts and other products' pages stay. Call after
   * the commit.
   */
  listingChanged(listing: Omit<NewListing, 'active'> & { mayEnter: boolean }): void {
    this.publish({
      kind: 'catalog',
      tags: [...enteringTags(listing), ...(listing.mayEnter ? [catalogTags.related(listing.category), catalogTags.featured] : [])],
    });
  }

  /** Drops, in every API process, the answers showing this listing (its photos changed). Call after the commit. */
  listingShown(id: string): void {
    this.publish({ kind: 'catalog', tags: [catalogTags.product(id)] });
  }

  /** Drops every answer, in every API process. Call after the commit. */
  clear(): void {
    this.publish({ kind: 'catalog-all' });
  }

  /** A tracked cache hears its own message through the broadcast; an untracked one (tests) applies it here. */
  private publish(message: ClusterMessage): void {
    if (!liveCaches.has(this)) applyTo(this, message);
    clusterBroadcast.publish(message);
  }

  /** This cache only: drops the answers carrying one of `tags`. */
  dropTags(tags: readonly string[]): void {
    this.answers.invalidate(tags);
    this.rankings.invalidate(tags);
    // Typo modes carry only `anyNew`: a new name can move a text's exact count past the threshold.
    this.textModes.invalidate(tags);
    this.matches.invalidate(tags);
    this.cards.invalidate(tags);
    this.countyNames.invalidate(tags);
    // Only when it names products: `changed([])` means "any product may have changed" (a full re-read).
    const indexed = indexedIds(tags);
    if (indexed.length > 0) this.textIndex.changed(indexed);
    // The search thread keeps matches (tagged in stock and any new) and the index: only those tags concern it.
    const searched = tags.filter((tag) => tag === catalogTags.inStock || tag === catalogTags.anyNew || tag.startsWith(INDEXED_TAG));
    if (searched.length > 0) this.searchThread?.dropTags(searched);
  }

  /** This cache only: drops everything. */
  dropAll(): void {
    this.answers.clear();
    this.rankings.clear();
    this.textModes.clear();
    this.matches.clear();
    this.cards.clear();
    this.countyNames.clear();
    this.aliases.clear();
    this.textIndex.changedAll();
    this.searchThread?.dropAll();
  }
}

/** A listing's own tags and the searches and storefront it can enter (a new or edited listing). */
const enteringTags = (listing: Omit<NewListing, 'active'>): string[] => [
  catalogTags.product(listing.id),
  // The search index reads it (text-index.ts).
  catalogTags.indexed(listing.id),
  catalogTags.anyNew,
  catalogTags.newInCounty(listing.county),
  catalogTags.newOfSeller(listing.sellerId),
];

function stockTags(changes: readonly StockChange[]): Set<string> {
  const tags = new Set<string>();
  for (const change of changes) {
    tags.add(catalogTags.product(change.productId));
    // In-stock counts move both ways; it is only coming back that can push a product into related
    // lists that do not show it yet (one that runs out was either shown, or ranked below them all).
    if (change.before > 0 !== change.after > 0) {
      tags.add(catalogTags.inStock);
      tags.add(catalogTags.indexed(change.productId));
    }
    if (change.before <= 0 && change.after > 0) tags.add(catalogTags.related(change.category));
  }
  return tags;
}

/** The envelope as the API sends it, with a strong ETag of its bytes. */
function serialise(body: unknown): CachedAnswer {
  return withEtag(JSON.stringify(ok(body)));
}

/** `{"header":{…},"body":` of a successful answer: its body's JSON and `}` follow. */
const ENVELOPE_HEAD = JSON.stringify(ok(null)).slice(0, -'null}'.length);

function withEtag(payload: string): CachedAnswer {
  return { payload, etag: etagOf(payload) };
}

/** A strong ETag: 22 characters of a SHA-1 of what identifies the bytes. */
function etagOf(identity: string): string {
  return `"${digestOf(identity).slice(0, 22)}"`;
}

/** SHA-1, base64url: a card's identity in its page's ETag. */
export function digestOf(text: string): string {
  return createHash('sha1').update(text).digest('base64url');
}

/** This process's catalog caches (one per app instance): what the cluster broadcast's catalog messages reach. */
const liveCaches = new Set<CatalogCache>();

function applyTo(cache: CatalogCache, message: ClusterMessage): void {
  if (message.kind === 'catalog') cache.dropTags(message.tags);
  else if (message.kind === 'catalog-all') cache.dropAll();
}

clusterBroadcast.on('catalog', (message) => liveCaches.forEach((cache) => applyTo(cache, message)));
clusterBroadcast.on('catalog-all', (message) => liveCaches.forEach((cache) => applyTo(cache, message)));
// Changes may have been missed (the broadcast's link dropped): start again from the database.
clusterBroadcast.onReset(() => liveCaches.forEach((cache) => cache.dropAll()));

/** A change made outside a request moved listings (a shop closed): every catalog cache of every API process starts again. */
export function catalogChangedEverywhere(): void {
  clusterBroadcast.publish({ kind: 'catalog-all' });
}

/** Registers a cache with the broadcast; returns the call that unregisters it. */
export function trackCatalogCache(cache: CatalogCache): () => void {
  liveCaches.add(cache);
  return () => liveCaches.delete(cache);
}

/**
 * A change made outside a request (an account's erasure anonymising its reviews) changed what these
 * products' answers show: every catalog cache of every API process drops them. Call it after the commit.
 */
export function productsShownEverywhere(ids: readonly string[]): void {
  if (ids.length === 0) return;
  clusterBroadcast.publish({ kind: 'catalog', tags: [...new Set(ids.map(catalogTags.product))] });
}

/**
 * A change made outside a request (order expiry, a harvest) changed stock: every catalog cache of
 * every API process drops the answers that show it, as an order does. Call it after the commit.
 */
export function stockChangedEverywhere(changes: readonly StockChange[]): void {
  if (changes.length === 0) return;
  clusterBroadcast.publish({ kind: 'catalog', tags: [...stockTags(changes)] });
}
