import { lazyPage, type RemoteRoutes } from '@shambasoko/shared';
import './styles.css';

const marketPage = () => import('./features/catalog/market-page');

// The public market pages share one layout route, so the header (search, cart badge) stays mounted
// while moving between them. /orders renders inside the shell's dashboard layout instead.
const routes: RemoteRoutes = [
  {
    // Arriving at /market, the page's chunk loads alongside the layout's instead of after it renders.
    element: lazyPage(() => {
      if (window.location.pathname === '/market') void marketPage();
      return import('./layout/market-layout');
    }),
    children: [
      { path: '/market', element: lazyPage(marketPage) },
      { path: '/market/item', element: lazyPage(() => import('./features/product/product-page')) },
      { path: '/cart', element: lazyPage(() => import('./features/cart/cart-page')) },
      { path: '/checkout', element: lazyPage(() => import('./features/checkout/checkout-page')) },
    ],
  },
  { path: '/orders', element: lazyPage(() => import('./features/orders/orders-page')) },
  { path: '/orders/:orderId', element: lazyPage(() => import('./features/orders/order-page')) },
];

export default routes;
