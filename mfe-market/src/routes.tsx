import { lazyPage, type RemoteRoutes } from '@shambasoko/shared';
import './styles.css';

const routes: RemoteRoutes = [
  { path: '/market', element: lazyPage(() => import('./features/catalog/market-page')) },
  { path: '/market/item', element: lazyPage(() => import('./features/product/product-page')) },
  { path: '/cart', element: lazyPage(() => import('./features/cart/cart-page')) },
  { path: '/checkout', element: lazyPage(() => import('./features/checkout/checkout-page')) },
  { path: '/orders', element: lazyPage(() => import('./features/orders/orders-page')) },
  { path: '/orders/:orderId', element: lazyPage(() => import('./features/orders/order-page')) },
];

export default routes;
