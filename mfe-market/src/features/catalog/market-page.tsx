import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { ProductSearchResult, ProductSummary } from '@shambasoko/contracts';
import { Spinner, useMessageText } from '@shambasoko/shared';
import { Button, EmptyState, ErrorState, PageHeader } from '@shambasoko/shared/ui';
import { Tabs } from '@shambasoko/shared/ui/tabs';
import { useAddToCartAndGo } from '../../lib/cart/use-add-to-cart';
import { FilterIcon, GridIcon, ListIcon } from '../../components/icons';
import { SearchIcon } from '../../components/frame-icons';
import { cx } from '../../lib/cx';
import { categoryLabel, useT } from '../../lib/i18n';
import { useFeaturedProducts } from './api/get-featured-products';
import { useProducts } from './api/get-products';
import { Pagination } from './components/pagination';
import { ProductGrid, ProductGridSkeleton } from './components/product-grid';
import {
  CATEGORY_TABS,
  SORT_OPTIONS,
  activeFilterCount,
  isBrowsing,
  parseFilters,
  toApiParams,
  toSearchParams,
  type CategoryTab,
  type MarketFilters,
  type ViewMode,
} from './market-filters';

// The filters sit behind their button (open at once only when the address already filters): their
// form and the county list load when first opened, not with every visit's first screen.
const FiltersPanel = lazy(() => import('./components/filters-panel').then((m) => ({ default: m.FiltersPanel })));

export default function MarketPage() {
  const t = useT();
  const messageText = useMessageText();
  const [params, setParams] = useSearchParams();
  const filters = parseFilters(params);
  const filtersId = useId();
  const [showFilters, setShowFilters] = useState(() => activeFilterCount(filters) > 0);
  const products = useProducts(toApiParams(filters));
  const browsing = isBrowsing(filters);
  const featured = useFeaturedProducts(browsing);
  const { addingId, addAndGo } = useAddToCartAndGo();
  // One callback for the page's life, so the memoised cards do not re-render when the cart answers.
  const addAndGoRef = useRef(addAndGo);
  useEffect(() => {
    addAndGoRef.current = addAndGo;
  });
  const onAddToCart = useCallback((product: ProductSummary) => void addAndGoRef.current(product), []);

  // The address last asked for, until the router renders a new one: a second change made before that
  // (a sort picked right after Apply Filters) builds on it, instead of on the old address and undoing
  // the first.
  const asked = useRef<{ from: string; next: URLSearchParams } | null>(null);
  if (asked.current && asked.current.from !== params.toString()) asked.current = null;

  // Any change but paging starts again at page 1.
  const update = (patch: Partial<MarketFilters>, { replace = false } = {}) => {
    const base = asked.current ? parseFilters(asked.current.next) : filters;
    const next = toSearchParams({ ...base, ...patch, page: patch.page ?? 1 });
    asked.current = { from: params.toString(), next };
    setParams(next, { replace });
    if (patch.page) window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  const clearFilters = () => update({ minPrice: null, maxPrice: null, county: null, inStock: false, minRating: null });

  const data: ProductSearchResult | undefined = products.data;
  const facets = data?.facets;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / (data.pageSize || 12))) : 1;
  const filterCount = activeFilterCount(filters);

  const featuredItems = useMemo(() => featured.data?.slice(0, 4) ?? [], [featured.data]);
  const showFeatured = filters.category === 'all' && browsing && featuredItems.length > 0;
  // Featured products sit above the list: drawing the list before they have answered would push it
  // off the screen when they arrive (a layout shift of 0.46 on a phone's first visit), so it waits.
  const featuredSettling = filters.category === 'all' && browsing && featured.isPending;
  const results = (
    <div className={cx(products.isPlaceholderData && 'opacity-60 transition-opacity')} aria-busy={products.isFetching}>
      {showFeatured && (
        <section aria-labelledby="featured-heading" className="mb-8">
          <div className="mb-3 flex items-baseline justify-between gap-3">
            <h2 id="featured-heading" className="text-lg font-semibold text-stone-900">
              {t('market.featured')}
            </h2>
            <Link to="/market/prices" className="text-sm font-medium text-brand-700 underline">
              {t('market.prices')}
            </Link>
          </div>
          <ProductGrid products={featuredItems} view="grid" onAddToCart={onAddToCart} addingId={addingId} atTop />
        </section>
      )}
      {products.isPending || featuredSettling ? (
        <ProductGridSkeleton view={filters.view} />
      ) : products.isError ? (
        <ErrorState
          title={t('market.loadError')}
          message={messageText(products.error.message)}
          onRetry={() => products.refetch()}
          retrying={products.isFetching}
        />
      ) : data && data.items.length === 0 ? (
        <EmptyState
          icon={<SearchIcon />}
          title={t('market.noneTitle')}
          message={t('market.noneText')}
          action={
            <Button variant="secondary" onClick={() => setParams(new URLSearchParams())}>
              {t('market.clearAll')}
            </Button>
          }
        />
      ) : data ? (
        <>
          {browsing && <h2 className="mb-3 text-lg font-semibold text-stone-900">{categoryLabel('all')}</h2>}
          <ProductGrid products={data.items} view={filters.view} onAddToCart={onAddToCart} addingId={addingId} atTop={!showFeatured} />
          <Pagination page={filters.page} pageCount={pageCount} onPage={(page) => update({ page })} />
        </>
      ) : null}
    </div>
  );

  const viewButton = (mode: ViewMode, label: string, icon: ReactNode) => (
    <button
      type="button"
      aria-label={label}
      aria-pressed={filters.view === mode}
      onClick={() => update({ view: mode, page: filters.page }, { replace: true })}
      className={cx(
        'inline-flex size-10 items-center justify-center text-lg focus-visible:outline-2 focus-visible:outline-brand-600',
        filters.view === mode ? 'bg-brand-50 text-brand-700' : 'text-stone-500 hover:bg-stone-100',
      )}
    >
      {icon}
    </button>
  );

  return (
    <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
      <PageHeader title={t('market.title')} subtitle={t('market.subtitle')} />

      <div className="mb-4 flex flex-wrap items-center gap-3">
        <p aria-live="polite" className="mr-auto text-sm font-medium text-stone-700" data-testid="result-count">
          {data ? t('market.count', { count: data.total }) : products.isPending ? t('market.searching') : ''}
          {filters.q && data ? <span className="text-stone-500"> {t('market.for', { q: filters.q })}</span> : null}
        </p>
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={showFilters}
          aria-controls={filtersId}
          onClick={() => setShowFilters((v) => !v)}
        >
          <FilterIcon /> {t('market.filters')}
          {filterCount > 0 && <span className="rounded-full bg-brand-600 px-1.5 text-xs text-white">{filterCount}</span>}
        </Button>
        <label className="flex items-center gap-2 text-sm text-stone-700">
          <span className="hidden sm:inline">{t('market.sortBy')}</span>
          <span className="sr-only sm:hidden">{t('market.sortBy')}</span>
          <select
            value={filters.sort}
            onChange={(e) => update({ sort: e.target.value as MarketFilters['sort'] })}
            className="min-h-10 rounded-lg border border-stone-300 bg-white px-2 text-sm"
          >
            {SORT_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        <div role="group" aria-label={t('market.view')} className="inline-flex overflow-hidden rounded-lg border border-stone-300 bg-white">
          {viewButton('grid', t('market.gridView'), <GridIcon />)}
          {viewButton('list', t('market.listView'), <ListIcon />)}
        </div>
      </div>

      {showFilters && (
        <div className="mb-5">
          <Suspense fallback={<Spinner />}>
            <FiltersPanel id={filtersId} filters={filters} onApply={(values) => update(values)} onClear={clearFilters} />
          </Suspense>
        </div>
      )}

      <Tabs
        label={t('market.categories')}

        value={filters.category}
        onChange={(id) => update({ category: id as CategoryTab })}
        items={CATEGORY_TABS.map((tab) => ({
          id: tab.id,
          label: (
            <>
              {tab.label}
              {facets && (
                <span className="ml-1.5 rounded-full bg-stone-100 px-1.5 text-xs text-stone-600 tabular-nums">{facets[tab.id]}</span>
              )}
            </>
          ),
          content: tab.id === filters.category ? results : null,
        }))}
      />
    </main>
  );
}
