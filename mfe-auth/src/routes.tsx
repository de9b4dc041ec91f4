import { lazyPage, type RemoteRoutes, type RouteHandle } from '@shambasoko/shared';
import './styles.css';

type Page = Parameters<typeof lazyPage>[0];

/** Path → page and its handle (title and breadcrumb in the shell); each page's chunk (with react-hook-form and the schemas) loads when its route is visited. */
const pages: Array<[string, RouteHandle, Page]> = [
  ['/auth/get-started', { title: 'Get Started', crumb: 'Get Started' }, () => import('./features/get-started/get-started-page')],
  ['/auth/sign-in', { title: 'Sign In', crumb: 'Sign In' }, () => import('./features/sign-in/sign-in-page')],
  [
    '/auth/create-account',
    { title: 'Create Account', crumb: 'Create Account' },
    () => import('./features/create-account/create-account-page'),
  ],
  [
    '/forgot-password',
    { title: 'Forgot Password', crumb: 'Forgot Password' },
    () => import('./features/forgot-password/forgot-password-page'),
  ],
  ['/profile', { title: 'Profile Settings', crumb: 'Profile Settings' }, () => import('./features/profile/profile-page')],
  ['/security', { title: 'Security', crumb: 'Security' }, () => import('./features/settings/security-page')],
  ['/preferences', { title: 'Preferences', crumb: 'Preferences' }, () => import('./features/settings/preferences-page')],
];

const routes: RemoteRoutes = pages.map(([path, handle, page]) => ({ path, handle, element: lazyPage(page) }));

export default routes;
