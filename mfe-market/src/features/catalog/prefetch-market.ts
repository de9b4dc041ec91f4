import type { QueryClient } from '@tanstack/react-query';
import { withPrimed } from '@shambasoko/shared/primed';
import { featuredProductsQuery } from './api/get-featured-products';
import { productsQuery } from './api/get-products';
import { isBrowsing, parseFilters, toApiParams } from './market-filters';

/**
 * Starts the searches the market page at `search` will make, with the same query keys, so its data
 * is on the way while the page's own code still loads rather than only after it has rendered; an
 * answer already primed (prime-market.ts) is used instead of asking again.
 */
export function prefetchMarketResults(queryClient: QueryClient, search: string): void {
  const filters = parseFilters(new URLSearchParams(search));
  void queryClient.prefetchQuery(withPrimed(productsQuery(toApiParams(filters))));
  if (isBrowsing(filters)) void queryClient.prefetchQuery(withPrimed(featuredProductsQuery()));
}
