import { QueryClientProvider, queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { CATEGORY_LABELS, api, formatKES, type Category, type ProductSummary } from '@shambasoko/shared';
import { useT } from './i18n';
import { queryClient } from '../query-client';

// The market's own categories and names, so a tab here matches the tab it leads to in /market.
const CHOICES = Object.keys(CATEGORY_LABELS) as Category[];

interface ProductPage {
  items: ProductSummary[];
}

const hotSellersQuery = (category: Category) =>
  queryOptions({
    queryKey: ['products', 'hot-sellers', category],
    queryFn: () => api.get<ProductPage>('/v1/products', { params: { category, sort: 'rating', inStock: true, pageSize: 4 }, auth: false }),
    staleTime: 5 * 60_000,
  });

function HotSellerGrid({ category }: { category: Category }) {
  const t = useT();
  const { data, isPending, isError, refetch } = useQuery(hotSellersQuery(category));
  if (isPending) {
    return (
      <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4" aria-busy="true">
        {Array.from({ length: 4 }, (_, i) => (
          <li key={i} className="h-64 animate-pulse rounded-xl bg-stone-100" />
        ))}
      </ul>
    );
  }
  if (isError) {
    return (
      <p role="alert" className="rounded-xl bg-amber-50 p-4 text-sm text-stone-700">
        {t('hot.error')}{' '}
        <button type="button" className="font-semibold text-brand-700 underline" onClick={() => refetch()}>
          {t('hot.retry')}
        </button>
      </p>
    );
  }
  return (
    <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {data.items.map((product) => (
        <li key={product.id}>
          <Link
            to={`/market/item?itemId=${product.id}`}
            className="group block overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm transition hover:shadow-md"
          >
            <img
              src={product.image}
              alt={product.name}
              loading="lazy"
              width="400"
              height="400"
              className="aspect-square w-full bg-stone-100 object-cover"
            />
            <div className="p-3">
              <p className="line-clamp-2 text-sm font-semibold text-stone-900 group-hover:text-brand-700">{product.name}</p>
              <p className="mt-1 text-base font-bold text-brand-700">{formatKES(product.price)}</p>
              <p className="text-xs text-stone-500">
                {product.location} · ★ {product.rating.toFixed(1)}
              </p>
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Real best-rated products from the catalog, by the market's categories. */
export function HotSellers() {
  const t = useT();
  const [category, setCategory] = useState<Category>('crops');
  return (
    <QueryClientProvider client={queryClient}>
      <section aria-labelledby="hot-sellers-title" className="bg-stone-50 py-16">
        <div className="mx-auto max-w-6xl px-4">
          <div className="flex flex-wrap items-end justify-between gap-4">
            <div>
              <h2 id="hot-sellers-title" className="text-3xl font-bold text-stone-900">
                {t('hot.title')}
              </h2>
              <p className="mt-2 text-stone-600">{t('hot.text')}</p>
            </div>
            <Link
              to="/market"
              className="inline-flex min-h-10 items-center rounded-lg border border-brand-600 px-4 text-sm font-semibold text-brand-700 hover:bg-brand-50"
            >
              {t('hot.market')}
            </Link>
          </div>
          <div role="group" aria-label={t('hot.categories')} className="mt-6 flex flex-wrap gap-2">
            {CHOICES.map((choice) => (
              <button
                key={choice}
                type="button"
                aria-pressed={category === choice}
                onClick={() => setCategory(choice)}
                className={`min-h-10 rounded-full px-4 text-sm font-semibold ${category === choice ? 'bg-brand-600 text-white' : 'bg-white text-stone-700 ring-1 ring-stone-300 hover:bg-stone-100'}`}
              >
                {t(`category.${choice}`)}
              </button>
            ))}
          </div>
          <div className="mt-6">
            <HotSellerGrid category={category} />
          </div>
          <Link
            to={`/market?category=${category}`}
            className="mt-4 inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline underline-offset-2"
          >
            {t('hot.seeAll', { category: t(`category.${category}`) })}
          </Link>
        </div>
      </section>
    </QueryClientProvider>
  );
}
