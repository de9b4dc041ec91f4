import type { QueryClient } from '@tanstack/react-query';
import { prime, withPrimed } from '@shambasoko/shared/query';
import { featuredProductsQuery, getFeaturedProducts } from './api/get-featured-products';
import { getProducts, productsQuery } from './api/get-products';
import { isBrowsing, parseFilters, toApiParams } from './market-filters';
import { preloadPhoto } from '../../components/product-image';

/** The photos of the first row of cards (two on a phone), the likely largest paint. */
const preloadFirstPhotos = (products: ReadonlyArray<{ image?: string | null }>) =>
  products.slice(0, 2).forEach((p) => preloadPhoto(p.image));

/**
 * Asks for the searches the market page at `search` will make as soon as the market's routes arrive,
 * before any of its components exist: on a slow link that is a round trip earlier than the layout's
 * prefetch, which waits for the layout's code. Public searches: no session needed.
 */
export function primeMarketResults(search: string): void {
  const filters = parseFilters(new URLSearchParams(search));
  const params = toApiParams(filters);
  // Featured products sit on top when browsing; otherwise the results' first row does.
  const browsing = isBrowsing(filters);
  prime(productsQuery(params).queryKey, () =>
    getProducts(params).then((result) => {
      if (!browsing) preloadFirstPhotos(result.items);
      return result;
    }),
  );
  if (browsing)
    prime(featuredProductsQuery().queryKey, () =>
      getFeaturedProducts().then((items) => {
        preloadFirstPhotos(items);
        return items;
      }),
    );
}

/**
 * Starts the searches the market page at `search` will make, with the same query keys, so its data
 * is on the way while the page's own code still loads rather than only after it has rendered; an
 * answer already primed is used instead of asking again.
 */
export function prefetchMarketResults(queryClient: QueryClient, search: string): void {
  const filters = parseFilters(new URLSearchParams(search));
  void queryClient.prefetchQuery(withPrimed(productsQuery(toApiParams(filters))));
  if (isBrowsing(filters)) void queryClient.prefetchQuery(withPrimed(featuredProductsQuery()));
}
