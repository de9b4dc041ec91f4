import { lazyPage, type RemoteRoutes } from '@shambasoko/shared';
import './styles.css';

// Absolute paths: the shell mounts these as they are (legal pages bare, /coming-soon inside the
// dashboard layout). Each handle is the page's title and breadcrumb in the shell.
const page = (path: string, title: string, load: Parameters<typeof lazyPage>[0]) => ({
  path,
  handle: { title, crumb: title },
  element: lazyPage(load),
});

const routes: RemoteRoutes = [
  page('/legal/privacy-policy', 'Privacy Policy', () => import('./features/legal/privacy-policy-page')),
  page('/legal/terms-of-use', 'Terms of Use', () => import('./features/legal/terms-of-use-page')),
  page('/legal/cookie-policy', 'Cookie Policy', () => import('./features/legal/cookie-policy-page')),
  page('/legal/data-policy', 'Data Policy', () => import('./features/legal/data-policy-page')),
  page('/coming-soon', 'Coming Soon', () => import('./features/coming-soon/coming-soon-page')),
];

export default routes;
