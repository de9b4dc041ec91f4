import { holdFirstScreen } from '@shambasoko/shared';
import { prime } from '@shambasoko/shared/primed';
import type { ProductSearchResult, ProductSummary } from '@shambasoko/contracts';
import { featuredProductsKey, getFeaturedProducts, getProducts, productsKey } from './api/catalog-requests';
import { keptAnswer } from './api/kept-catalog';
import { afterFirstScreen } from './first-screen';
import { isBrowsing, parseFilters, toApiParams } from './market-filters';
import { preloadPhoto } from '../../components/photo-src';

/** How many cards the first row holds on a phone (first-photos.json says the same to the shell's server). */
export const FIRST_ROW = 2;

/** The photos of the first row of cards, the likely largest paint. */
const firstPhotos = (products: ReadonlyArray<Pick<ProductSummary, 'image'>>) => products.slice(0, FIRST_ROW).map((p) => p.image);

/** Answers primed from the device, by query key: when the page should ask the server again. */
const refreshes = new Map<string, Promise<void>>();

/**
 * When the answer primed for `queryKey` came from the device (a repeat visit), the moment its first
 * screen is up and the server should be asked again; taken once. Undefined when it came from the server.
 */
export function takeRefresh(queryKey: readonly unknown[]): Promise<void> | undefined {
  const key = JSON.stringify(queryKey);
  const when = refreshes.get(key);
  refreshes.delete(key);
  return when;
}

interface Primed<T> {
  key: string;
  /** The answer the page will take, from the device or the server (null when the page had asked already). */
  answer: Promise<T> | null;
  fromDevice: boolean;
}

/** Primes `queryKey` with the answer this device kept when there is one (the first screen paints without waiting for the server), else with the server's. */
function primeFromDeviceOrServer<T>(queryKey: readonly unknown[], request: () => Promise<T>): Primed<T> {
  const kept = keptAnswer(queryKey) as T | undefined;
  const answer = kept !== undefined ? Promise.resolve(kept) : request();
  const primed = prime(queryKey, () => answer);
  return { key: JSON.stringify(queryKey), answer: primed ? answer : null, fromDevice: primed && kept !== undefined };
}

/**
 * Asks for the searches the market page at `search` will make as soon as the market's routes arrive,
 * before any of its components exist: on a slow link that is a round trip earlier than the layout's
 * prefetch, which waits for the layout's code. Public searches: no session needed. On a repeat visit
 * the answers the device kept are used instead, and the page asks again once its first screen is up
 * (takeRefresh). The photos of the first row start loading with the answer, and the visit's first
 * screen is the moment they are painted (holdFirstScreen: the counts on the cart and the bell wait
 * for it). Nothing here loads the query library, so the routes module runs without waiting for it
 * (prime-market.test.ts).
 */
export function primeMarketResults(search: string): void {
  const filters = parseFilters(new URLSearchParams(search));
  const params = toApiParams(filters);
  // Featured products sit on top when browsing; otherwise the results' first row does.
  const browsing = isBrowsing(filters);
  const products = primeFromDeviceOrServer<ProductSearchResult>(productsKey(params), () => getProducts(params));
  const featured = browsing ? primeFromDeviceOrServer<ProductSummary[]>(featuredProductsKey, getFeaturedProducts) : null;
  const firstRow = featured ? featured.answer : products.answer?.then((result) => result.items);
  if (!firstRow) return;
  const firstScreen = firstRow.then(
    (items) => {
      const photos = firstPhotos(items);
      photos.forEach(preloadPhoto);
      return afterFirstScreen(photos);
    },
    () => undefined,
  );
  holdFirstScreen(firstScreen);
  for (const primed of [products, featured]) if (primed?.fromDevice) refreshes.set(primed.key, firstScreen);
}
