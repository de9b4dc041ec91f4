// The Hot Sellers products, with the query library they need: loaded only once the section is near the
// screen, so the landing page's first load carries neither.
import { queryOptions, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { Category, ProductSummary } from '@shambasoko/contracts';
import { api, formatKES, useLocale } from '@shambasoko/shared';
import { useT } from './i18n';
import { queryClient } from '../../lib/query-client';
import { GridSkeleton } from './grid-skeleton';

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
  const [locale] = useLocale();
  // A seller's Kiswahili title names the product for a Kiswahili reader, as in the market.
  const nameOf = (product: ProductSummary) => (locale === 'sw' && product.titleSw ? product.titleSw : product.name);
  const { data, isPending, isError, refetch } = useQuery(hotSellersQuery(category));
  if (isPending) return <GridSkeleton />;
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
              alt={nameOf(product)}
              loading="lazy"
              width="400"
              height="400"
              className="aspect-square w-full bg-stone-100 object-cover"
            />
            <div className="p-3">
              <p className="line-clamp-2 text-sm font-semibold text-stone-900 group-hover:text-brand-700">{nameOf(product)}</p>
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

/** The grid for one category, in its own query client provider. */
export default function HotSellerProducts({ category }: { category: Category }) {
  return (
    <QueryClientProvider client={queryClient}>
      <HotSellerGrid category={category} />
    </QueryClientProvider>
  );
}
