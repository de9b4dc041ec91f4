import { lazyPage, type RemoteRoutes } from '@shambasoko/shared';
import './styles.css';

const routes: RemoteRoutes = [
  { path: '/dashboard', element: lazyPage(() => import('./pages/dashboard/dashboard-page')) },
  { path: '/farms', element: lazyPage(() => import('./features/farms/farms-page')) },
  { path: '/farms/:farmId', element: lazyPage(() => import('./pages/farm/farm-page')) },
  { path: '/farms/:farmId/fields/:fieldId', element: lazyPage(() => import('./pages/field-page')) },
  { path: '/fields', element: lazyPage(() => import('./features/fields/fields-page')) },
  { path: '/seasons', element: lazyPage(() => import('./features/seasons/seasons-page')) },
  { path: '/crops', element: lazyPage(() => import('./features/crops/crops-page')) },
  { path: '/activities', element: lazyPage(() => import('./features/activities/activities-page')) },
  { path: '/users', element: lazyPage(() => import('./features/users/users-page')) },
  { path: '/budget', element: lazyPage(() => import('./pages/budget-page')) },
  { path: '/costs', element: lazyPage(() => import('./features/costs/costs-page')) },
];

export default routes;
