import { Navigate } from 'react-router-dom';
import { lazyPage, routeSection, type RemoteRoutes, type RouteHandle } from '@shambasoko/shared';
import { PageSkeleton, type SkeletonShape } from '@shambasoko/shared/ui';
import './styles.css';

// Each route's handle is what the shell's top bar shows for it (title, breadcrumb, Back); the
// farm routes nest so that /farms/3/fields/9 reads Home / Farms / Farm / Fields / Field.
const insideFarm = (title: string, crumb: string): RouteHandle => ({ title, crumb, back: '/farms' });
const page = (path: string, title: string, crumb: string, load: Parameters<typeof lazyPage>[0], shape: SkeletonShape = 'rows') => ({
  path,
  handle: { title, crumb },
  // The page's shape while its code loads, inside the shell's frame.
  element: lazyPage(load, <PageSkeleton shape={shape} />),
});

const routes: RemoteRoutes = [
  page('/dashboard', 'Farmer Overview', 'Dashboard', () => import('./pages/dashboard/dashboard-page'), 'cards'),
  routeSection(
    '/farms',
    { title: 'Farms', crumb: 'Farms' },
    lazyPage(() => import('./features/farms/farms-page')),
    [
      routeSection(
        ':farmId',
        insideFarm('Farm Overview', 'Farm'),
        lazyPage(() => import('./pages/farm/farm-page')),
        [
          // /farms/3/fields (the Fields crumb) is the farm page's first tab.
          routeSection('fields', insideFarm('Farm Fields', 'Fields'), <Navigate to="..?tab=fields" replace />, [
            { path: ':fieldId', handle: insideFarm('Farm Fields', 'Field'), element: lazyPage(() => import('./pages/field-page')) },
          ]),
        ],
      ),
    ],
  ),
  page('/fields', 'Farm Fields', 'Fields', () => import('./features/fields/fields-page')),
  page('/seasons', 'Seasons', 'Seasons', () => import('./features/seasons/seasons-page')),
  page('/crops', 'Farm Crops', 'Crops', () => import('./features/crops/crops-page')),
  page('/activities', 'Farm Activities', 'Activities', () => import('./features/activities/activities-page')),
  page('/users', 'Farm Users', 'Users', () => import('./features/users/users-page')),
  page('/budget', 'Budget', 'Budget', () => import('./pages/budget-page')),
  page('/costs', 'Costs', 'Costs', () => import('./features/costs/costs-page')),
];

export default routes;
