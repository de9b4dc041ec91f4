import type { RouteObject } from 'react-router-dom';
import { lazyPage, routeSection, translatedHandle, type RemoteRoutes, type RouteHandle } from '@shambasoko/shared';
import { FrameSkeleton } from '@shambasoko/shared/ui';
import { ready, t, type RouteKey } from './lib/i18n-routes';
import { MarketFrame, MarketPageShape } from './layout/first-screen-frame';
import './styles.css';

// A remembered Kiswahili starts the titles' catalog fetch with the routes, before the shell shows one.
void ready();

// Named: the build lists their files for the server to preload on a first visit to /market (webpack.config.mjs, opens).
const marketPage = () => import(/* webpackChunkName: "market-page" */ './features/catalog/market-page');
const marketLayout = () => import(/* webpackChunkName: "market-layout" */ './layout/market-layout');

// A visit that starts at /market: the layout's and the page's code, and the page's products, are asked
// for as these routes arrive, together, rather than each after the one before has rendered. The priming
// code is its own chunk, preloaded with them on a first visit: every other page that loads these routes
// (orders, the seller's pages) leaves the catalog's code out of its first load.
if (window.location.pathname === '/market') {
  void marketLayout();
  void marketPage();
  const search = window.location.search;
  void import(/* webpackChunkName: "market-prime" */ './features/catalog/prime-market').then(
    (prime) => prime.primeMarketResults(search),
    () => undefined,
  );
}
const profilePage = () => import('./features/seller/seller-profile-page');

/** A route's title and breadcrumb, read in the page's language whenever the shell asks. */
const named = (title: RouteKey, crumb: RouteKey, back?: string): RouteHandle => translatedHandle(t, title, crumb, back);

/** A lazy page with its title and breadcrumb. */
const page = (path: string, title: RouteKey, crumb: RouteKey, load: Parameters<typeof lazyPage>[0]): RouteObject => ({
  path,
  handle: named(title, crumb),
  element: lazyPage(load),
});

// The public market pages share one layout route, so the header (search, cart badge) stays mounted
// while moving between them. /orders renders inside the shell's dashboard layout instead. Each
// page's handle is its title and breadcrumb in the shell (and the browser tab's title).
const routes: RemoteRoutes = [
  {
    // Until the layout's code arrives: a header in its shape, then the page's shape.
    element: lazyPage(marketLayout, window.location.pathname === '/market' ? <MarketFrame /> : <FrameSkeleton shape="rows" />),
    children: [
      {
        path: '/market',
        handle: named('route.marketplace', 'route.marketplace'),
        element: lazyPage(marketPage, <MarketPageShape />),
      },
      {
        path: '/market/item',
        handle: named('route.product', 'route.product'),
        element: lazyPage(() => import('./features/product/product-page')),
      },
      {
        path: '/market/seller/:sellerId',
        handle: named('route.seller', 'route.seller'),
        element: lazyPage(() => import('./features/storefront/storefront-page')),
      },
      {
        path: '/market/prices',
        handle: named('route.prices', 'route.prices'),
        element: lazyPage(() => import('./features/prices/prices-page')),
      },
      { path: '/cart', handle: named('route.cart', 'route.cart'), element: lazyPage(() => import('./features/cart/cart-page')) },
      {
        path: '/checkout',
        handle: named('route.checkout', 'route.checkout'),
        element: lazyPage(() => import('./features/checkout/checkout-page')),
      },
    ],
  },
  routeSection(
    '/orders',
    named('route.myOrders', 'route.orders'),
    lazyPage(() => import('./features/orders/orders-page')),
    [
      {
        path: ':orderId',
        handle: named('route.myOrders', 'route.order'),
        element: lazyPage(() => import('./features/orders/order-page')),
      },
      page(':orderId/confirmation', 'route.orderConfirmation', 'route.confirmation', () => import('./features/orders/confirmation-page')),
    ],
  ),
  // Every signed-in role reads; Admins and sellers also write (the API checks the roles again).
  page('/announcements', 'route.announcements', 'route.announcements', () => import('./features/announcements/announcements-page')),

  // Messages (issue 41): the inbox, a farm's conversation and a thread.
  routeSection(
    '/messages',
    named('route.messages', 'route.messages'),
    lazyPage(() => import('./features/messages/inbox-page')),
    [
      page('farm/:farmId', 'route.messages', 'route.messages', () => import('./features/messages/farm-chat-page')),
      page(':conversationId', 'route.messages', 'route.messages', () => import('./features/messages/thread-page')),
    ],
  ),
  // The Admin's review of payments that did not add up (the API refuses anyone else).
  page('/payments/review', 'route.flaggedPayments', 'route.payments', () => import('./features/payments-review/payments-review-page')),
  // Analytics, per role: each page checks the roles it serves (the API checks them again).
  page('/reports/sales', 'route.salesReports', 'route.salesReports', () => import('./features/reports/sales-report-page')),
  page('/reports/spending', 'route.spendingReports', 'route.spendingReports', () => import('./features/reports/spending-report-page')),
  page('/reports/platform', 'route.platformReports', 'route.platformReports', () => import('./features/reports/platform-report-page')),
  // The Buyer's home and a Retailer's suppliers.
  routeSection(
    '/buyer',
    named('route.buyerOverview', 'route.overview'),
    lazyPage(() => import('./features/homes/buyer-home-page')),
    [page('suppliers', 'route.suppliers', 'route.suppliers', () => import('./features/homes/suppliers-page'))],
  ),
  // /seller itself is the seller's home; the selling pages sit under it.
  routeSection(
    '/seller',
    named('route.sellerOverview', 'route.selling'),
    lazyPage(() => import('./features/homes/seller-home-page')),
    [
      { path: 'profile', handle: named('route.sellerProfile', 'route.sellerProfile'), element: lazyPage(profilePage) },
      {
        path: 'products',
        handle: named('route.myProducts', 'route.myProducts'),
        element: lazyPage(() => import('./features/seller/products-page')),
      },
      {
        path: 'products/:id',
        handle: named('route.product', 'route.product', '/seller/products'),
        element: lazyPage(() => import('./features/seller/product-form-page')),
      },
      { path: 'sales', handle: named('route.sales', 'route.sales'), element: lazyPage(() => import('./features/seller/sales-page')) },
      {
        path: 'inventory',
        handle: named('route.inventory', 'route.inventory'),
        element: lazyPage(() => import('./features/seller/inventory-page')),
      },
      page('statements', 'route.statements', 'route.statements', () => import('./features/statements/statements-page')),

      {
        path: 'payouts',
        handle: named('route.payouts', 'route.payouts'),
        element: lazyPage(() => import('./features/seller/payouts-page')),
      },
    ],
  ),
];

export default routes;
