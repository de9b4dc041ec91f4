import { lazyPage, translatedHandle, type RemoteRoutes } from '@shambasoko/shared';
import { t } from './i18n';
import './styles.css';

type TitleKey = 'doc.privacy' | 'doc.terms' | 'doc.cookies' | 'doc.data' | 'soon.title';

// Absolute paths: the shell mounts these as they are (legal pages bare, /coming-soon inside the
// dashboard layout). Each handle is the page's title and breadcrumb in the shell, read in the
// language of the moment.
const page = (path: string, title: TitleKey, load: Parameters<typeof lazyPage>[0]) => ({
  path,
  handle: translatedHandle(t, title),
  element: lazyPage(load),
});

const routes: RemoteRoutes = [
  page('/legal/privacy-policy', 'doc.privacy', () => import('./features/legal/privacy-policy-page')),
  page('/legal/terms-of-use', 'doc.terms', () => import('./features/legal/terms-of-use-page')),
  page('/legal/cookie-policy', 'doc.cookies', () => import('./features/legal/cookie-policy-page')),
  page('/legal/data-policy', 'doc.data', () => import('./features/legal/data-policy-page')),
  page('/coming-soon', 'soon.title', () => import('./features/coming-soon/coming-soon-page')),
];

export default routes;
