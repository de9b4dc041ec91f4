import { prime } from '@shambasoko/shared/primed';
import { featuredProductsKey, getFeaturedProducts, getProducts, productsKey } from './api/catalog-requests';
import { isBrowsing, parseFilters, toApiParams } from './market-filters';
import { preloadPhoto } from '../../components/product-image';

/** The photos of the first row of cards (two on a phone), the likely largest paint. */
const preloadFirstPhotos = (products: ReadonlyArray<{ image?: string | null }>) =>
  products.slice(0, 2).forEach((p) => preloadPhoto(p.image));

/**
 * Asks for the searches the market page at `search` will make as soon as the market's routes arrive,
 * before any of its components exist: on a slow link that is a round trip earlier than the layout's
 * prefetch, which waits for the layout's code. Public searches: no session needed. Nothing here
 * loads the query library, so the routes module runs without waiting for it (prime-market.test.ts).
 */
export function primeMarketResults(search: string): void {
  const filters = parseFilters(new URLSearchParams(search));
  const params = toApiParams(filters);
  // Featured products sit on top when browsing; otherwise the results' first row does.
  const browsing = isBrowsing(filters);
  prime(productsKey(params), () =>
    getProducts(params).then((result) => {
      if (!browsing) preloadFirstPhotos(result.items);
      return result;
    }),
  );
  if (browsing)
    prime(featuredProductsKey, () =>
      getFeaturedProducts().then((items) => {
        preloadFirstPhotos(items);
        return items;
      }),
    );
}
