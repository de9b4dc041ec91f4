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

function passes(row: TextMatchRow, f: SearchFilters): boolean {
  return (
    (f.minPrice === undefined || row.price >= f.minPrice) &&
    (f.maxPrice === undefined || row.price <= f.maxPrice) &&
    (f.county === undefined || row.county === f.county.toLowerCase()) &&
    (f.inStock !== true || row.in_stock) &&
    (f.minRating === undefined || row.rating >= f.minRating)
  );
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
  const counts = new Map<MarketCategory, number>(categories.map((c) => [c, 0]));
  const ids: string[] = [];
  for (const row of matches.inOrder(sort)) {
    if (!passes(row, filters)) continue;
    counts.set(row.category, (counts.get(row.category) ?? 0) + 1);
    if (ids.length < limit && (!filters.category || row.category === filters.category)) ids.push(row.id);
  }
  return { ids, counts };
}
