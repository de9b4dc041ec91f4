import { lazyPage, type RemoteRoutes } from '@shambasoko/shared';
import './styles.css';

// Absolute paths: the shell mounts these as they are (legal pages bare, /coming-soon inside the dashboard layout).
const routes: RemoteRoutes = [
  { path: '/legal/privacy-policy', element: lazyPage(() => import('./features/legal/privacy-policy-page')) },
  { path: '/legal/terms-of-use', element: lazyPage(() => import('./features/legal/terms-of-use-page')) },
  { path: '/legal/cookie-policy', element: lazyPage(() => import('./features/legal/cookie-policy-page')) },
  { path: '/legal/data-policy', element: lazyPage(() => import('./features/legal/data-policy-page')) },
  { path: '/coming-soon', element: lazyPage(() => import('./features/coming-soon/coming-soon-page')) },
];

export default routes;
