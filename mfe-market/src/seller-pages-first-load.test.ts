/** @jest-environment node */
import { importChain } from '@shambasoko/shared/testing';

/*
 * Issue 43: each selling page carries only its own words in its first load. The seller's catalog is
 * split by page (lib/i18n-<namespace>.ts); a page statically reaches its own namespace and, for the
 * forms, the few words they share (i18n-sell.ts), never another page's. A lazy `import()` (the sale
 * dispute panel) is not part of the first load, and is listed on its own.
 */
const SELLING_NAMESPACES = ['sell', 'listing', 'sales', 'inventory', 'profile', 'payouts', 'statements', 'review'] as const;
type Namespace = (typeof SELLING_NAMESPACES)[number];

const PAGES: Record<string, Namespace[]> = {
  'routes.tsx': [],
  'features/homes/seller-home-page.tsx': [],
  'features/seller/products-page.tsx': ['listing'],
  'features/seller/product-form-page.tsx': ['sell', 'listing'],
  'features/seller/sales-page.tsx': ['sales'],
  'features/seller/components/sale-dispute.tsx': ['sales'],
  'features/seller/inventory-page.tsx': ['sell', 'inventory'],
  'features/seller/seller-profile-page.tsx': ['sell', 'profile'],
  'features/seller/payouts-page.tsx': ['sell', 'payouts'],
  'features/statements/statements-page.tsx': ['statements'],
  'features/payments-review/payments-review-page.tsx': ['review'],
  // A buyer's order pages take no seller words at all.
  'features/orders/orders-page.tsx': [],
  'features/orders/order-page.tsx': [],
  'features/orders/confirmation-page.tsx': [],
};

/** The first static import chain from a module (a path under src) to a namespace's module, if one exists. */
const namespaceChain = (entry: string, ns: Namespace) =>
  importChain(__dirname, entry, (_specifier, file) => Boolean(file?.endsWith(`/lib/i18n-${ns}.ts`)));

/** The selling namespaces a module loads with it. */
const namespacesOf = (entry: string) => SELLING_NAMESPACES.filter((ns) => namespaceChain(entry, ns) !== null);

describe('a selling page’s first load', () => {
  it.each(Object.entries(PAGES))('%s loads the words of %j only', (entry, expected) => {
    expect(namespacesOf(entry)).toEqual(expected);
  });

  it('sees a namespace where a page does load it (the check itself works)', () => {
    expect(namespaceChain('features/seller/sales-page.tsx', 'sales')).toMatch(/lib\/i18n-sales/);
    expect(namespaceChain('features/seller/sales-page.tsx', 'payouts')).toBeNull();
  });
});
