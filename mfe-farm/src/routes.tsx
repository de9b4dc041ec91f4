import { Navigate } from 'react-router-dom';
import { lazyPage, type RemoteRoutes, type RouteHandle } from '@shambasoko/shared';
import './styles.css';

// Each route's handle is what the shell's top bar shows for it (title, breadcrumb, Back); the
// farm routes nest so that /farms/3/fields/9 reads Home / Farms / Farm / Fields / Field.
const farms: RouteHandle = { title: 'Farms', crumb: 'Farms' };
const farm: RouteHandle = { title: 'Farm Overview', crumb: 'Farm', back: '/farms' };
const farmFields: RouteHandle = { title: 'Farm Fields', crumb: 'Fields', back: '/farms' };

const routes: RemoteRoutes = [
  {
    path: '/dashboard',
    handle: { title: 'Farmer Overview', crumb: 'Dashboard' },
    element: lazyPage(() => import('./pages/dashboard/dashboard-page')),
  },
  {
    path: '/farms',
    handle: farms,
    children: [
      { index: true, handle: farms, element: lazyPage(() => import('./features/farms/farms-page')) },
      {
        path: ':farmId',
        handle: farm,
        children: [
          { index: true, handle: farm, element: lazyPage(() => import('./pages/farm/farm-page')) },
          {
            path: 'fields',
            handle: farmFields,
            children: [
              // A farm's fields are its page's first tab.
              { index: true, handle: farmFields, element: <Navigate to="..?tab=fields" replace /> },
              {
                path: ':fieldId',
                handle: { title: 'Farm Fields', crumb: 'Field', back: '/farms' },
                element: lazyPage(() => import('./pages/field-page')),
              },
            ],
          },
        ],
      },
    ],
  },
  { path: '/fields', handle: { title: 'Farm Fields', crumb: 'Fields' }, element: lazyPage(() => import('./features/fields/fields-page')) },
  { path: '/seasons', handle: { title: 'Seasons', crumb: 'Seasons' }, element: lazyPage(() => import('./features/seasons/seasons-page')) },
  { path: '/crops', handle: { title: 'Farm Crops', crumb: 'Crops' }, element: lazyPage(() => import('./features/crops/crops-page')) },
  {
    path: '/activities',
    handle: { title: 'Farm Activities', crumb: 'Activities' },
    element: lazyPage(() => import('./features/activities/activities-page')),
  },
  { path: '/users', handle: { title: 'Farm Users', crumb: 'Users' }, element: lazyPage(() => import('./features/users/users-page')) },
  { path: '/budget', handle: { title: 'Budget', crumb: 'Budget' }, element: lazyPage(() => import('./pages/budget-page')) },
  { path: '/costs', handle: { title: 'Costs', crumb: 'Costs' }, element: lazyPage(() => import('./features/costs/costs-page')) },
];

export default routes;
