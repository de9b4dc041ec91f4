import type { Category, ProductSearchParams, ProductSort } from '@shambasoko/contracts';
import { CATEGORY_LABELS } from '@shambasoko/shared';
import { categoryLabel, t } from '../../lib/i18n';

export type CategoryTab = Category | 'all';
export type ViewMode = 'grid' | 'list';

/** Everything that shapes the /market view; all of it lives in the URL so a link reproduces the view. */
export interface MarketFilters {
  q: string;
  category: CategoryTab;
  minPrice: number | null;
  maxPrice: number | null;
  county: string | null;
  inStock: boolean;
  minRating: number | null;
  sort: ProductSort;
  page: number;
  view: ViewMode;
}

const PAGE_SIZE = 12;

// Sorts in the contract's order (types only: no schema code on the catalog's first load). Each label is
// the catalog's `sort.<value>`, so a sort added to the contract fails the type check until it has words.
const SORTS_SHOWN = Object.keys({
  relevance: true,
  newest: true,
  price_asc: true,
  price_desc: true,
  rating: true,
} as const satisfies Record<ProductSort, true>) as ProductSort[];

export const CATEGORY_TABS: readonly { id: CategoryTab; readonly label: string }[] = (
  ['all', ...Object.keys(CATEGORY_LABELS)] as CategoryTab[]
).map((id) => ({
  id,
  get label() {
    return categoryLabel(id);
  },
}));

export const SORT_OPTIONS: readonly { value: ProductSort; readonly label: string }[] = SORTS_SHOWN.map((value) => ({
  value,
  get label() {
    return t(`sort.${value}`);
  },
}));

export const DEFAULT_FILTERS: MarketFilters = {
  q: '',
  category: 'all',
  minPrice: null,
  maxPrice: null,
  county: null,
  inStock: false,
  minRating: null,
  sort: 'relevance',
  page: 1,
  view: 'grid',
};

const CATEGORIES = new Set<string>(Object.keys(CATEGORY_LABELS));
const SORTS = new Set<string>(SORT_OPTIONS.map((o) => o.value));

function wholeNumber(raw: string | null, { min = 0, max = Number.MAX_SAFE_INTEGER } = {}): number | null {
  if (raw === null || raw.trim() === '') return null;
  const n = Number(raw);
  return Number.isFinite(n) && n >= min && n <= max ? Math.floor(n) : null;
}

/** Reads the view from the URL; anything unknown or malformed falls back to its default. */
export function parseFilters(params: URLSearchParams): MarketFilters {
  const category = params.get('category') ?? 'all';
  const sort = params.get('sort') ?? DEFAULT_FILTERS.sort;
  return {
    q: (params.get('q') ?? '').trim(),
    category: CATEGORIES.has(category) ? (category as Category) : 'all',
    minPrice: wholeNumber(params.get('minPrice')),
    maxPrice: wholeNumber(params.get('maxPrice')),
    county: params.get('county')?.trim() || null,
    inStock: params.get('inStock') === 'true',
    minRating: wholeNumber(params.get('minRating'), { min: 1, max: 5 }),
    sort: SORTS.has(sort) ? (sort as ProductSort) : DEFAULT_FILTERS.sort,
    page: wholeNumber(params.get('page'), { min: 1 }) ?? 1,
    view: params.get('view') === 'list' ? 'list' : 'grid',
  };
}

/** Writes the view to the URL, leaving defaults out so links stay short. */
export function toSearchParams(f: MarketFilters): URLSearchParams {
  const p = new URLSearchParams();
  if (f.q) p.set('q', f.q);
  if (f.category !== 'all') p.set('category', f.category);
  if (f.minPrice !== null) p.set('minPrice', String(f.minPrice));
  if (f.maxPrice !== null) p.set('maxPrice', String(f.maxPrice));
  if (f.county) p.set('county', f.county);
  if (f.inStock) p.set('inStock', 'true');
  if (f.minRating !== null) p.set('minRating', String(f.minRating));
  if (f.sort !== DEFAULT_FILTERS.sort) p.set('sort', f.sort);
  if (f.page > 1) p.set('page', String(f.page));
  if (f.view !== 'grid') p.set('view', f.view);
  return p;
}

/** The query of GET /v1/products for this view. */
export function toApiParams(f: MarketFilters): ProductSearchParams {
  return {
    q: f.q || undefined,
    category: f.category === 'all' ? undefined : f.category,
    minPrice: f.minPrice ?? undefined,
    maxPrice: f.maxPrice ?? undefined,
    county: f.county ?? undefined,
    inStock: f.inStock || undefined,
    minRating: f.minRating ?? undefined,
    sort: f.sort,
    page: f.page,
    pageSize: PAGE_SIZE,
  };
}

/** How many of the panel's filters are set (the badge on the Filters toggle). */
export function activeFilterCount(f: MarketFilters): number {
  return [f.minPrice !== null, f.maxPrice !== null, f.county !== null, f.inStock, f.minRating !== null].filter(Boolean).length;
}

/** Plain browsing (first page, no search, category or filter): the page then also shows Featured Products. */
export function isBrowsing(f: MarketFilters): boolean {
  return f.category === 'all' && !f.q && activeFilterCount(f) === 0 && f.page === 1;
}
