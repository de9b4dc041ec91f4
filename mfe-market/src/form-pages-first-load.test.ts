/** @jest-environment node */
import { importChain } from '@shambasoko/shared/testing';

/*
 * Pages whose first screen is a form paint without zod (issue 43): the checks load on first use
 * (lib/lazy-resolver.ts), and the values the form shows come from the contracts' zod-free files. This
 * walks each page's static imports (type-only imports and `import()` are not loaded with the page) and
 * fails on a value import of zod or the zod resolver, or of a contracts file that builds zod schemas.
 */

const FORM_PAGES = [
  'features/checkout/checkout-page.tsx',
  'features/seller/product-form-page.tsx',
  'features/seller/seller-profile-page.tsx',
  'features/seller/inventory-page.tsx',
  'features/seller/payouts-page.tsx',
  'features/announcements/announcements-page.tsx',
  'features/messages/thread-page.tsx',
  'features/messages/farm-chat-page.tsx',
];

/** The first import chain from a page (a path under src) that reaches zod, if one does. */
const zodChain = (page: string) =>
  importChain(__dirname, page, (specifier) =>
    specifier === 'zod' || specifier.startsWith('@hookform/resolvers')
      ? true
      : specifier === '@shambasoko/contracts'
        ? '(the entry of every schema)'
        : false,
  );

/*
 * The checkout, the seller's form pages and the announcements page also paint without react-hook-form's
 * code (~12.6 kB gzip): their forms use lib/small-form.ts, and take only react-hook-form's types (`import type`).
 */
const SMALL_FORM_PAGES = [
  'features/checkout/checkout-page.tsx',
  'features/seller/product-form-page.tsx',
  'features/seller/seller-profile-page.tsx',
  'features/seller/inventory-page.tsx',
  'features/seller/payouts-page.tsx',
  'features/announcements/announcements-page.tsx',
  'features/messages/thread-page.tsx',
  'features/messages/farm-chat-page.tsx',
];

/** The first import chain from a page (a path under src) that loads react-hook-form's code, if one does. */
const formLibraryChain = (page: string) => importChain(__dirname, page, (specifier) => specifier === 'react-hook-form');

describe('form pages paint without zod', () => {
  it.each(FORM_PAGES)('%s loads no zod with its first screen', (page) => {
    expect(zodChain(page)).toBeNull();
  });

  it('sees zod where a page does load it (the check itself works)', () => {
    expect(zodChain('features/seller/form-checks.ts')).toMatch(/@hookform\/resolvers/);
  });
});

describe('form pages paint without react-hook-form', () => {
  it.each(SMALL_FORM_PAGES)('%s loads no react-hook-form with its first screen', (page) => {
    expect(formLibraryChain(page)).toBeNull();
  });

  it('sees react-hook-form where a module does load it (the check itself works)', () => {
    expect(formLibraryChain('features/seller/components/sale-dispute.tsx')).toMatch(/-> react-hook-form$/);
  });
});

describe("the checkout's first screen is its shipping step", () => {
  const stepChain = (step: string) =>
    importChain(__dirname, 'features/checkout/checkout-page.tsx', (_specifier, file) =>
      Boolean(file?.endsWith(`/src/features/checkout/components/${step}.tsx`)),
    );

  it.each(['payment-step', 'review-step'])('loads the %s with the first tap or key, not with the page', (step) => {
    expect(stepChain(step)).toBeNull();
  });

  it('loads the shipping step with the page (the check itself works)', () => {
    expect(stepChain('shipping-step')).not.toBeNull();
  });
});
