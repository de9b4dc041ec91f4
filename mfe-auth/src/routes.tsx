import { lazyPage, type RemoteRoutes } from '@shambasoko/shared';
import './styles.css';

/** Path → page; each page's chunk (with react-hook-form and the schemas) loads when its route is visited. */
const pages: Record<string, Parameters<typeof lazyPage>[0]> = {
  '/auth/get-started': () => import('./features/get-started/get-started-page'),
  '/auth/sign-in': () => import('./features/sign-in/sign-in-page'),
  '/auth/create-account': () => import('./features/create-account/create-account-page'),
  '/forgot-password': () => import('./features/forgot-password/forgot-password-page'),
  '/profile': () => import('./features/profile/profile-page'),
};

const routes: RemoteRoutes = Object.entries(pages).map(([path, page]) => ({ path, element: lazyPage(page) }));

export default routes;
