/** @jest-environment node */
import { importChain } from '@shambasoko/shared/testing';

/*
 * The public market pages (/market, /market/item, a shop, /market/prices, /cart, /checkout) load the
 * market's frame (layout/market-layout.tsx) beside their own code. What the frame takes, every one of
 * them loads, so it takes only what its first screen shows: the header (logo, search box, cart count,
 * account links), the footer and the toasts' list. The product card, the catalog's priming, the
 * search suggestions' list and the icons of the pages' own parts are theirs.
 */
const FRAME = 'layout/market-layout.tsx';

/** The first static import chain from a module (a path under src) to a file whose path ends with `end`, if one exists. */
const chainTo = (entry: string, end: RegExp) => importChain(__dirname, entry, (_specifier, file) => Boolean(file && end.test(file)));

const UNWANTED: Record<string, RegExp> = {
  // The cards of /market, a shop and a product's related items, with the favourite's heart and the stars.
  'the product card': /\/components\/product-card\.tsx$/,
  // A visit that starts at /market primes its products; the other pages leave that code out (routes.tsx).
  "the catalog's priming":
    /\/features\/catalog\/(prefetch-market|prime-market|market-filters|first-screen|api\/(catalog-requests|kept-catalog))\.ts$/,
  // Shown from two typed characters on: it loads when the search box is first used.
  "the search suggestions' list": /\/layout\/search-suggestions\.tsx$/,
  // The pages' icons; the frame's own are in components/frame-icons.tsx and components/package-icon.tsx.
  "the pages' icons": /\/components\/icons\.tsx$/,
  // Delivery fees and their words (an order's page reads them without the cart).
  'the delivery fees': /\/lib\/cart-math\.ts$/,
};

describe("the market frame's first load", () => {
  it.each(Object.entries(UNWANTED))('leaves out %s', (_what, end) => {
    expect(chainTo(FRAME, end)).toBeNull();
  });

  it('sees a module the frame does load (the check itself works)', () => {
    expect(chainTo(FRAME, /\/lib\/cart\/use-cart\.ts$/)).toMatch(/use-cart$/);
  });
});

describe('the pages that show no product card', () => {
  it.each(['features/cart/cart-page.tsx', 'features/checkout/checkout-page.tsx', 'features/prices/prices-page.tsx'])(
    '%s loads none (nor its favourite button)',
    (page) => {
      expect(chainTo(page, /\/(components\/product-card|lib\/favourites\/favourite-button)\.tsx$/)).toBeNull();
    },
  );
});

describe("the toasts' list", () => {
  // The frame shows toasts from the start; a page that raises one takes the toasts' state
  // (components/toasts.ts), and a dashboard page the list with its first toast (dashboard-toasts.tsx).
  it.each(['components/product-card.tsx', 'features/orders/order-page.tsx', 'features/product/product-page.tsx'])(
    '%s raises toasts without the list',
    (entry) => {
      expect(chainTo(entry, /\/components\/(toaster|toast-items)\.tsx$/)).toBeNull();
    },
  );
});
