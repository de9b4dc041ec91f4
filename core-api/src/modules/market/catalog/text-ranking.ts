import type { MarketCategory } from '../../../db/schema';
import type { SearchFilters, SearchRanking, SearchSort, TextMatchRow } from './repository';

/**
 * Every match of one search text, read once and then filtered, counted and sorted here for every
 * filter, tab, sort and page (issue 43): a search with new filters or a new sort costs no ranking
 * query, and a new text one read of its matches without window counts or a sort in SQL.
 */
export class TextMatches {
  private readonly sorted = new Map<SearchSort, Columns>();
  /** Sorts ranked once: the first ranking of a sort selects its places, the second sorts every match. */
  private readonly rankedOnce = new Set<SearchSort>();

  /**
   * `rows[i]`'s relevance is `scores[i]` (a row's own `relevance`, if it has one, is not read): the
   * in-memory index hands its rows as they are, shared by every text they match, with the relevance
   * for this text beside them, so a text's thousands of matches cost no object each. A row's county
   * and category come as numbers (`matchRow`), so nothing here reads a string a match.
   *
   * With a `scorer`, a row's relevance is computed when a ranking first needs it (NaN until then):
   * most rankings of a new text need few of them (a sort by price none, a county's or a tab's only
   * theirs), and a quarter of a new text's time went on ranking every match (issue 43).
   */
  constructor(
    readonly rows: readonly MatchRow[],
    private readonly scores: Float64Array,
    private scorer?: Scorer,
  ) {}

  /** Rows as the SQL ranking answers them, each with its relevance. */
  static of(rows: readonly TextMatchRow[]): TextMatches {
    return new TextMatches(
      rows.map(matchRow),
      Float64Array.from(rows, (row) => row.relevance),
    );
  }

  /** Every row's relevance (those no ranking needed yet computed now). */
  get relevance(): Float64Array {
    if (this.scorer !== undefined) {
      this.scorer(undefined, this.scores);
      this.scorer = undefined;
    }
    return this.scores;
  }

  /** The relevance of the rows at these places computed; the others' may still be NaN. */
  relevanceOf(places: Int32Array): Float64Array {
    this.scorer?.(places, this.scores);
    return this.scores;
  }

  /**
   * The rows in the SQL ranking's order (see repository `orderBy`), with the columns the filters read
   * as typed arrays: built once per sort.
   */
  columns(sort: SearchSort): Columns {
    let columns = this.sorted.get(sort);
    if (columns === undefined) {
      const order = Array.from(this.rows.keys()).sort(orderOf(sort, this.rows, sort === 'relevance' ? this.relevance : this.scores));
      const rows = order.map((i) => this.rows[i]!);
      columns = {
        rows,
        price: Float64Array.from(rows, (r) => r.price),
        rating: Float64Array.from(rows, (r) => r.rating),
        inStock: Uint8Array.from(rows, (r) => (r.in_stock ? 1 : 0)),
        county: Int32Array.from(rows, (r) => r.countyId),
        category: Int32Array.from(rows, (r) => r.categoryId),
      };
      this.sorted.set(sort, columns);
    }
    return columns;
  }

  /**
   * Whether this sort's columns are built, or worth building: a text ranked once under a sort (most
   * texts nobody searched before) picks its places without sorting every match.
   */
  sortsFor(sort: SearchSort): boolean {
    if (this.sorted.has(sort) || this.rankedOnce.has(sort)) return true;
    this.rankedOnce.add(sort);
    return false;
  }
}

/**
 * Computes the relevance of the rows at `places` (every row: undefined) into `relevance`, where it is
 * still NaN (not computed).
 */
export type Scorer = (places: Int32Array | undefined, relevance: Float64Array) => void;

/**
 * A match's columns but its relevance (`TextMatches.relevance`), with its county and category as
 * small numbers shared by every text's matches: the filter loops compare numbers.
 */
export interface MatchRow extends Omit<TextMatchRow, 'relevance'> {
  countyId: number;
  categoryId: number;
  /** The id's first seven hex digits as a number: most ties of a sort are broken without reading the id. */
  idKey: number;
}

/** The numbers of the counties (lowercased) and categories matches have had: as many as the catalog has. */
const countyIds = new Map<string, number>();
const categoryIds = new Map<string, number>();

const numberOf = (ids: Map<string, number>, key: string): number => {
  let id = ids.get(key);
  if (id === undefined) {
    id = ids.size;
    ids.set(key, id);
  }
  return id;
};

/** -1 for a county (lowercased) or category no match has had. */
const known = (ids: Map<string, number>, key: string): number => ids.get(key) ?? -1;

/** The matches per category, from their counts by category number. */
const countsOf = (categories: readonly MarketCategory[], perCategory: Int32Array): Map<MarketCategory, number> =>
  new Map(categories.map((c) => [c, perCategory[known(categoryIds, c)] ?? 0]));

/** No relevance read (a sort by something else). */
const EMPTY = new Float64Array(0);

/** A product's row as matches show it: a literal of one shape, made once a product by the index. */
export const matchRow = (row: Omit<TextMatchRow, 'relevance'>): MatchRow => ({
  id: row.id,
  category: row.category,
  price: row.price,
  county: row.county,
  in_stock: row.in_stock,
  rating: row.rating,
  review_count: row.review_count,
  created_us: Number(row.created_us),
  countyId: numberOf(countyIds, row.county),
  categoryId: numberOf(categoryIds, row.category),
  // Seven digits: a small integer, kept in the object itself.
  idKey: Number.parseInt(row.id.slice(0, 7), 16),
});

interface Columns {
  rows: readonly MatchRow[];
  price: Float64Array;
  rating: Float64Array;
  inStock: Uint8Array;
  county: Int32Array;
  category: Int32Array;
}

// Product ids are lowercase uuids: their string order is PostgreSQL's uuid order, and the order of
// their first digits' numbers where those differ.
const byId = (a: MatchRow, b: MatchRow): number => a.idKey - b.idKey || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The SQL ranking's order of two matches (by their places in `rows`): in stock first, then the sort,
 * then the id. Negative: `i` first. `relevance` is read by the sort by relevance only (the places
 * it compares must have theirs computed).
 */
const orderOf = (sort: SearchSort, rows: readonly MatchRow[], relevance: Float64Array) => {
  if (sort === 'relevance') {
    return (i: number, j: number): number => {
      const a = rows[i]!;
      const b = rows[j]!;
      return Number(b.in_stock) - Number(a.in_stock) || relevance[j]! - relevance[i]! || b.rating - a.rating || byId(a, b);
    };
  }
  const compare = COMPARE[sort];
  return (i: number, j: number): number => {
    const a = rows[i]!;
    const b = rows[j]!;
    return Number(b.in_stock) - Number(a.in_stock) || compare(a, b) || byId(a, b);
  };
};

const COMPARE: Record<Exclude<SearchSort, 'relevance'>, (a: MatchRow, b: MatchRow) => number> = {
  price_asc: (a, b) => a.price - b.price,
  price_desc: (a, b) => b.price - a.price,
  rating: (a, b) => b.rating - a.rating || b.review_count - a.review_count,
  newest: (a, b) => b.created_us - a.created_us,
};

/**
 * What `rankSearch` answers, from the matches in memory: the first `limit` places (of the category
 * when one is chosen) and the matches per category under every filter but the category. One loop
 * over typed columns (issue 43: a closure and an object per row were a quarter of the API's time on
 * the "every text + filters new" search row, whose every request ranks up to 25,000 matches).
 */
export function rankMatches(
  matches: TextMatches,
  filters: SearchFilters,
  sort: SearchSort,
  categories: readonly MarketCategory[],
  limit: number,
): SearchRanking {
  if (!matches.sortsFor(sort)) return selectMatches(matches, filters, sort, categories, limit);
  const { rows, price, rating, inStock, county, category } = matches.columns(sort);
  const minPrice = filters.minPrice ?? -Infinity;
  const maxPrice = filters.maxPrice ?? Infinity;
  const minRating = filters.minRating ?? -Infinity;
  const onlyInStock = filters.inStock === true;
  const anyCounty = filters.county === undefined;
  const wantedCounty = anyCounty ? -1 : known(countyIds, filters.county!.toLowerCase());
  const tab = filters.category ? known(categoryIds, filters.category) : undefined;
  const perCategory = new Int32Array(categoryIds.size);
  const ids: string[] = [];
  for (let i = 0; i < rows.length; i++) {
    if (price[i]! < minPrice || price[i]! > maxPrice || rating[i]! < minRating) continue;
    if ((onlyInStock && inStock[i] === 0) || (!anyCounty && county[i] !== wantedCounty)) continue;
    const c = category[i]!;
    perCategory[c] = perCategory[c]! + 1;
    if (ids.length < limit && (tab === undefined || c === tab)) ids.push(rows[i]!.id);
  }
  return { ids, counts: countsOf(categories, perCategory) };
}

/**
 * `rankMatches` without sorting every match: one pass filters and counts, and keeps the best
 * `limit` places in a heap (the worst kept at its root), which are sorted at the end. For 5,000
 * matches, ~10,000 comparisons instead of ~60,000.
 */
function selectMatches(
  matches: TextMatches,
  filters: SearchFilters,
  sort: SearchSort,
  categories: readonly MarketCategory[],
  limit: number,
): SearchRanking {
  const minPrice = filters.minPrice ?? -Infinity;
  const maxPrice = filters.maxPrice ?? Infinity;
  const minRating = filters.minRating ?? -Infinity;
  const onlyInStock = filters.inStock === true;
  const county = filters.county === undefined ? undefined : known(countyIds, filters.county.toLowerCase());
  const tab = filters.category ? known(categoryIds, filters.category) : undefined;
  const perCategory = new Int32Array(categoryIds.size);
  const rows = matches.rows;
  // The places that may be shown: through the filters, in the tab.
  const shown = new Int32Array(limit === 0 ? 0 : rows.length);
  let count = 0;
  for (let r = 0; r < rows.length; r += 1) {
    const row = rows[r]!;
    if (row.price < minPrice || row.price > maxPrice || row.rating < minRating) continue;
    if ((onlyInStock && !row.in_stock) || (county !== undefined && row.countyId !== county)) continue;
    perCategory[row.categoryId] = perCategory[row.categoryId]! + 1;
    if (limit === 0 || (tab !== undefined && row.categoryId !== tab)) continue;
    shown[count++] = r;
  }
  const places = shown.subarray(0, count);
  // Only their relevance is computed, for a sort by it.
  const order = orderOf(sort, rows, sort === 'relevance' ? matches.relevanceOf(places) : EMPTY);
  // As many as the places or fewer (most new texts under their filters): sorted as they are.
  if (count <= limit) {
    return {
      ids: Array.from(places)
        .sort(order)
        .map((r) => rows[r]!.id),
      counts: countsOf(categories, perCategory),
    };
  }
  // A max-heap of places in `rows` under `order`: heap[0] is the place the next better match replaces.
  const heap: number[] = [];
  const down = (from: number) => {
    let i = from;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let worst = i;
      if (left < heap.length && order(heap[left]!, heap[worst]!) > 0) worst = left;
      if (right < heap.length && order(heap[right]!, heap[worst]!) > 0) worst = right;
      if (worst === i) return;
      [heap[i], heap[worst]] = [heap[worst]!, heap[i]!];
      i = worst;
    }
  };
  for (const r of places) {
    if (heap.length < limit) {
      heap.push(r);
      for (let i = heap.length - 1; i > 0;) {
        const parent = (i - 1) >> 1;
        if (order(heap[i]!, heap[parent]!) <= 0) break;
        [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
        i = parent;
      }
    } else if (order(r, heap[0]!) < 0) {
      heap[0] = r;
      down(0);
    }
  }
  return {
    ids: heap.sort(order).map((r) => rows[r]!.id),
    counts: countsOf(categories, perCategory),
  };
}
