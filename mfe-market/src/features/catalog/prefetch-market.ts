import type { QueryClient } from '@tanstack/react-query';
import { withPrimed } from '@shambasoko/shared/primed';
import { getFeaturedProducts, getProducts } from './api/catalog-requests';
import { featuredProductsQuery } from './api/get-featured-products';
import { productsQuery } from './api/get-products';
import { isBrowsing, parseFilters, toApiParams } from './market-filters';
import { takeRefresh } from './prime-market';

/**
 * Starts the searches the market page at `search` will make, with the same query keys, so its data
 * is on the way while the page's own code still loads rather than only after it has rendered; an
 * answer already primed (prime-market.ts) is used instead of asking again. An answer primed from
 * what the device kept is replaced by the server's once the first screen is up; if the server cannot
 * be reached then (offline), the kept one stays on screen without an error.
 */
export function prefetchMarketResults(queryClient: QueryClient, search: string): void {
  const filters = parseFilters(new URLSearchParams(search));
  const params = toApiParams(filters);
  const refreshWith = <T>(queryKey: readonly unknown[], request: () => Promise<T>) =>
    void takeRefresh(queryKey)
      ?.then(request)
      .then(
        (fresh) => queryClient.setQueryData(queryKey, fresh),
        () => undefined,
      );
  const products = productsQuery(params);
  void queryClient.prefetchQuery(withPrimed(products));
  refreshWith(products.queryKey, () => getProducts(params));
  if (isBrowsing(filters)) {
    const featured = featuredProductsQuery();
    void queryClient.prefetchQuery(withPrimed(featured));
    refreshWith(featured.queryKey, getFeaturedProducts);
  }
}
