import { lazyPage, type RemoteRoutes } from '@shambasoko/shared';
import './styles.css';

// Absolute paths: the shell mounts these as they are (legal pages bare, /coming-soon inside the
// dashboard layout). Each handle is the page's title and breadcrumb in the shell.
const routes: RemoteRoutes = [
  {
    path: '/legal/privacy-policy',
    handle: { title: 'Privacy Policy', crumb: 'Privacy Policy' },
    element: lazyPage(() => import('./features/legal/privacy-policy-page')),
  },
  {
    path: '/legal/terms-of-use',
    handle: { title: 'Terms of Use', crumb: 'Terms of Use' },
    element: lazyPage(() => import('./features/legal/terms-of-use-page')),
  },
  {
    path: '/legal/cookie-policy',
    handle: { title: 'Cookie Policy', crumb: 'Cookie Policy' },
    element: lazyPage(() => import('./features/legal/cookie-policy-page')),
  },
  {
    path: '/legal/data-policy',
    handle: { title: 'Data Policy', crumb: 'Data Policy' },
    element: lazyPage(() => import('./features/legal/data-policy-page')),
  },
  {
    path: '/coming-soon',
    handle: { title: 'Coming Soon', crumb: 'Coming Soon' },
    element: lazyPage(() => import('./features/coming-soon/coming-soon-page')),
  },
];

export default routes;
