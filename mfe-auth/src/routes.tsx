import { lazyPage, type RemoteRoutes } from '@shambasoko/shared';
import './styles.css';

const routes: RemoteRoutes = [
  { path: '/auth/get-started', element: lazyPage(() => import('./features/get-started/get-started-page')) },
  { path: '/auth/sign-in', element: lazyPage(() => import('./features/sign-in/sign-in-page')) },
  { path: '/auth/create-account', element: lazyPage(() => import('./features/create-account/create-account-page')) },
  { path: '/forgot-password', element: lazyPage(() => import('./features/forgot-password/forgot-password-page')) },
  { path: '/profile', element: lazyPage(() => import('./features/profile/profile-page')) },
];

export default routes;
