import { LOCALE_STORAGE_KEY } from '@shambasoko/shared';

/*
 * A buying page's words come from two namespaces, its own and the shared one (lib/i18n-buy.ts), and a
 * component suspends on the first it asks for before it asks for the second. With Kiswahili remembered,
 * each page module starts both catalogs' fetches as it loads, so neither waits for the other to arrive
 * and the page to render: here, both are fetched with nothing rendered at all.
 */
const mockFetched = new Set<string>();
jest.mock('./locales/buy.sw.json', () => {
  mockFetched.add('buy');
  return jest.requireActual('./locales/buy.sw.json');
});
jest.mock('./locales/cart.sw.json', () => {
  mockFetched.add('cart');
  return jest.requireActual('./locales/cart.sw.json');
});
jest.mock('./locales/checkout.sw.json', () => {
  mockFetched.add('checkout');
  return jest.requireActual('./locales/checkout.sw.json');
});
jest.mock('./locales/product.sw.json', () => {
  mockFetched.add('product');
  return jest.requireActual('./locales/product.sw.json');
});
jest.mock('./locales/store.sw.json', () => {
  mockFetched.add('store');
  return jest.requireActual('./locales/store.sw.json');
});

const PAGES: Record<string, { load: () => Promise<unknown>; catalogs: string[] }> = {
  '/cart': { load: () => import('./features/cart/cart-page'), catalogs: ['buy', 'cart'] },
  '/checkout': { load: () => import('./features/checkout/checkout-page'), catalogs: ['buy', 'checkout'] },
  '/market/item': { load: () => import('./features/product/product-page'), catalogs: ['buy', 'product'] },
  '/market/seller/:sellerId': { load: () => import('./features/storefront/storefront-page'), catalogs: ['buy', 'store'] },
  // The order's own words (i18n-orders.ts) come first; the summary's and the address's are the shared ones.
  '/orders/:orderId': { load: () => import('./features/orders/order-page'), catalogs: ['buy'] },
  // No hook asks for the M-Pesa number's words there: lib/mpesa-phone.ts reads them outside render.
  '/orders/:orderId/confirmation': { load: () => import('./features/orders/confirmation-page'), catalogs: ['buy'] },
};

/** The Kiswahili catalogs fetched once modules have loaded (in a fresh registry, Kiswahili remembered) and their fetches settled. */
async function fetchedOnLoad(load: () => Promise<unknown>): Promise<string[]> {
  mockFetched.clear();
  window.localStorage.setItem(LOCALE_STORAGE_KEY, 'sw');
  try {
    await jest.isolateModulesAsync(async () => {
      await load();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  } finally {
    window.localStorage.removeItem(LOCALE_STORAGE_KEY);
  }
  return [...mockFetched].sort();
}

describe('a buying page in Kiswahili', () => {
  it.each(Object.entries(PAGES))('%s fetches its buying words’ Kiswahili as its code loads', async (_path, { load, catalogs }) => {
    expect(await fetchedOnLoad(load)).toEqual(catalogs);
  });

  it('fetches nothing for a namespace only defined (the check itself works)', async () => {
    expect(await fetchedOnLoad(() => import('./lib/i18n-cart'))).toEqual([]);
  });
});
