import type { RouteObject } from 'react-router-dom';
import { lazyPage, routeSection, type RemoteRoutes } from '@shambasoko/shared';
import { FrameSkeleton, PageSkeleton } from '@shambasoko/shared/ui';
import './styles.css';

const marketPage = () => import('./features/catalog/market-page');
const profilePage = () => import('./features/seller/seller-profile-page');

/** A lazy page with its title and breadcrumb. */
const page = (path: string, title: string, crumb: string, load: Parameters<typeof lazyPage>[0]): RouteObject => ({
  path,
  handle: { title, crumb },
  element: lazyPage(load),
});

// The public market pages share one layout route, so the header (search, cart badge) stays mounted
// while moving between them. /orders renders inside the shell's dashboard layout instead. Each
// page's handle is its title and breadcrumb in the shell (and the browser tab's title).
const routes: RemoteRoutes = [
  {
    // Arriving at /market, the page's chunk loads alongside the layout's instead of after it renders.
    // Until the layout's code arrives: a header in its shape, then the page's shape.
    element: lazyPage(
      () => {
        if (window.location.pathname === '/market') void marketPage();
        return import('./layout/market-layout');
      },
      <FrameSkeleton shape={window.location.pathname === '/market' ? 'grid' : 'rows'} />,
    ),
    children: [
      {
        path: '/market',
        handle: { title: 'Marketplace', crumb: 'Marketplace' },
        element: lazyPage(marketPage, <PageSkeleton shape="grid" />),
      },
      {
        path: '/market/item',
        handle: { title: 'Product', crumb: 'Product' },
        element: lazyPage(() => import('./features/product/product-page')),
      },
      {
        path: '/market/seller/:sellerId',
        handle: { title: 'Seller', crumb: 'Seller' },
        element: lazyPage(() => import('./features/storefront/storefront-page')),
      },
      { path: '/cart', handle: { title: 'Cart', crumb: 'Cart' }, element: lazyPage(() => import('./features/cart/cart-page')) },
      {
        path: '/checkout',
        handle: { title: 'Checkout', crumb: 'Checkout' },
        element: lazyPage(() => import('./features/checkout/checkout-page')),
      },
    ],
  },
  routeSection(
    '/orders',
    { title: 'My Orders', crumb: 'Orders' },
    lazyPage(() => import('./features/orders/orders-page')),
    [
      { path: ':orderId', handle: { title: 'My Orders', crumb: 'Order' }, element: lazyPage(() => import('./features/orders/order-page')) },
      page(':orderId/confirmation', 'Order Confirmation', 'Confirmation', () => import('./features/orders/confirmation-page')),
    ],
  ),
  // The Admin's review of payments that did not add up (the API refuses anyone else).
  page('/payments/review', 'Flagged Payments', 'Payments', () => import('./features/payments-review/payments-review-page')),
  routeSection('/seller', { title: 'Seller Profile', crumb: 'Selling' }, lazyPage(profilePage), [
    { path: 'profile', handle: { title: 'Seller Profile', crumb: 'Seller Profile' }, element: lazyPage(profilePage) },
    {
      path: 'products',
      handle: { title: 'My Products', crumb: 'My Products' },
      element: lazyPage(() => import('./features/seller/products-page')),
    },
    {
      path: 'products/:id',
      handle: { title: 'Product', crumb: 'Product', back: '/seller/products' },
      element: lazyPage(() => import('./features/seller/product-form-page')),
    },
    { path: 'sales', handle: { title: 'Sales', crumb: 'Sales' }, element: lazyPage(() => import('./features/seller/sales-page')) },
    {
      path: 'inventory',
      handle: { title: 'Inventory', crumb: 'Inventory' },
      element: lazyPage(() => import('./features/seller/inventory-page')),
    },
  ]),
];

export default routes;
