import type { MarketCategory } from '../../../db/schema';
import type { SearchFilters, SearchRanking, SearchSort, TextMatchRow } from './repository';

/**
 * Every match of one search text, read once and then filtered, counted and sorted here for every
 * filter, tab, sort and page (issue 43): a search with new filters or a new sort costs no ranking
 * query, and a new text one read of its matches without window counts or a sort in SQL.
 */
export class TextMatches {
  private readonly sorted = new Map<SearchSort, readonly TextMatchRow[]>();

  constructor(readonly rows: readonly TextMatchRow[]) {}

  /** The rows in the SQL ranking's order (see repository `orderBy`), sorted once per sort. */
  inOrder(sort: SearchSort): readonly TextMatchRow[] {
    let rows = this.sorted.get(sort);
    if (rows === undefined) {
      const compare = COMPARE[sort];
      rows = [...this.rows].sort((a, b) => Number(b.in_stock) - Number(a.in_stock) || compare(a, b) || byId(a, b));
      this.sorted.set(sort, rows);
    }
    return rows;
  }
}

// Product ids are lowercase uuids: their string order is PostgreSQL's uuid order.
const byId = (a: TextMatchRow, b: TextMatchRow): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

const COMPARE: Record<SearchSort, (a: TextMatchRow, b: TextMatchRow) => number> = {
  price_asc: (a, b) => a.price - b.price,
  price_desc: (a, b) => b.price - a.price,
  rating: (a, b) => b.rating - a.rating || b.review_count - a.review_count,
  newest: (a, b) => b.created_us - a.created_us,
  relevance: (a, b) => b.relevance - a.relevance || b.rating - a.rating,
};

/** The filters but the category as one test per row (the county lowercased once, not per row). */
function filterOf(f: SearchFilters): (row: TextMatchRow) => boolean {
  const county = f.county?.toLowerCase();
  const { minPrice, maxPrice, minRating } = f;
  const inStock = f.inStock === true;
  return (row) =>
    (minPrice === undefined || row.price >= minPrice) &&
    (maxPrice === undefined || row.price <= maxPrice) &&
    (county === undefined || row.county === county) &&
    (!inStock || row.in_stock) &&
    (minRating === undefined || row.rating >= minRating);
}

/**
 * What `rankSearch` answers, from the matches in memory: the first `limit` places (of the category
 * when one is chosen) and the matches per category under every filter but the category.
 */
export function rankMatches(
  matches: TextMatches,
  filters: SearchFilters,
  sort: SearchSort,
  categories: readonly MarketCategory[],
  limit: number,
): SearchRanking {
  const passes = filterOf(filters);
  const perCategory: Partial<Record<MarketCategory, number>> = {};
  const ids: string[] = [];
  for (const row of matches.inOrder(sort)) {
    if (!passes(row)) continue;
    perCategory[row.category] = (perCategory[row.category] ?? 0) + 1;
    if (ids.length < limit && (!filters.category || row.category === filters.category)) ids.push(row.id);
  }
  return { ids, counts: new Map(categories.map((c) => [c, perCategory[c] ?? 0])) };
}
