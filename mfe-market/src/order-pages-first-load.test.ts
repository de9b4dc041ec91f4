// Issue 43: a buyer's order pages carry their own small catalog (lib/i18n-orders.ts) in their first
// load, not the selling pages' ones (lib/i18n-sell.ts and each selling page's own, which
// seller-pages-first-load.test.ts checks). Anything they share with the seller's pages (the share
// button, status and payment words) takes its words from the former.
const mockLoaded = new Set<string>();
jest.mock('./lib/i18n-sell', () => {
  mockLoaded.add('i18n-sell');
  return jest.requireActual('./lib/i18n-sell');
});

const PAGES: Record<string, () => Promise<unknown>> = {
  '/orders': () => import('./features/orders/orders-page'),
  '/orders/:orderId': () => import('./features/orders/order-page'),
  '/orders/:orderId/confirmation': () => import('./features/orders/confirmation-page'),
};

describe('a buyer’s order page', () => {
  it.each(Object.keys(PAGES))('%s loads no seller catalog', async (path) => {
    mockLoaded.clear();
    await jest.isolateModulesAsync(async () => {
      await PAGES[path]!();
    });
    expect([...mockLoaded]).toEqual([]);
  });

  it('sees the seller catalog where a page does load it (the check itself works)', async () => {
    mockLoaded.clear();
    await jest.isolateModulesAsync(async () => {
      await import('./features/seller/payouts-page');
    });
    expect([...mockLoaded]).toEqual(['i18n-sell']);
  });
});
