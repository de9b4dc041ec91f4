// Issue 43: these pages' first load carries no form library or resolver; the form they may show
// (a dispute, a service request, custom report dates) brings them when it first shows.
const mockLoaded = new Set<string>();
jest.mock('react-hook-form', () => {
  mockLoaded.add('react-hook-form');
  return jest.requireActual('react-hook-form');
});
jest.mock('@hookform/resolvers/zod', () => {
  mockLoaded.add('@hookform/resolvers/zod');
  return jest.requireActual('@hookform/resolvers/zod');
});

const PAGES: Record<string, () => Promise<unknown>> = {
  '/market/item': () => import('../features/product/product-page'),
  '/orders/:orderId': () => import('../features/orders/order-page'),
  '/reports/sales': () => import('../features/reports/sales-report-page'),
  '/reports/spending': () => import('../features/reports/spending-report-page'),
  '/reports/platform': () => import('../features/reports/platform-report-page'),
  '/seller/sales': () => import('../features/seller/sales-page'),
};

describe('a market page’s own code', () => {
  it.each(Object.keys(PAGES))('%s loads no form library until a form shows', async (path) => {
    mockLoaded.clear();
    await jest.isolateModulesAsync(async () => {
      await PAGES[path]!();
    });
    expect([...mockLoaded]).toEqual([]);
  });

  it('the form brings the form library when it shows', async () => {
    mockLoaded.clear();
    await import('../features/orders/components/dispute-dialog');
    expect([...mockLoaded]).toContain('react-hook-form');
  });
});

// A module, not a script: its names stay its own.
export {};
