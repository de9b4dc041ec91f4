import { Navigate } from 'react-router-dom';
import { lazyPage as sharedLazyPage, routeSection, translatedHandle, type RemoteRoutes, type RouteHandle } from '@shambasoko/shared';
import { PageSkeleton, type SkeletonShape } from '@shambasoko/shared/ui';
import { ready, t, type FarmKey } from './lib/i18n';
import { primeDashboard } from './pages/dashboard/prime-dashboard';
import { afterSavedData } from './lib/saved-first';
import './styles.css';

// A remembered Kiswahili starts the farm catalog's fetch with the routes, before the first page asks.
void ready();
// A visit that starts at the dashboard: its first screen is the figures, asked for at once unless the device has them.
if (window.location.pathname === '/dashboard') primeDashboard();

/** A farm page: on a device that saved the account's farm data, it renders once that is restored, and shows it first. */
const lazyPage = (load: Parameters<typeof sharedLazyPage>[0], fallback?: Parameters<typeof sharedLazyPage>[1]) =>
  sharedLazyPage(afterSavedData(load), fallback);

/**
 * Each route's handle is what the shell's top bar shows for it (title, breadcrumb, Back); the
 * farm routes nest so that /farms/3/fields/9 reads Home / Farms / Farm / Fields / Field. The words
 * are getters, so the shell reads them in the language of the moment.
 */
const handle = (title: FarmKey, crumb: FarmKey, back?: string): RouteHandle => translatedHandle(t, title, crumb, back);
const insideFarm = (title: FarmKey, crumb: FarmKey): RouteHandle => handle(title, crumb, '/farms');
const page = (path: string, title: FarmKey, crumb: FarmKey, load: Parameters<typeof sharedLazyPage>[0], shape: SkeletonShape = 'rows') => ({
  path,
  handle: handle(title, crumb),
  // The page's shape while its code loads, inside the shell's frame.
  element: lazyPage(load, <PageSkeleton shape={shape} />),
});

const routes: RemoteRoutes = [
  // Pages named: the build lists their files for the server to preload on a first visit to their
  // path (webpack.config.mjs, opens).
  page(
    '/dashboard',
    'routes.dashboard',
    'routes.dashboardCrumb',
    () => import(/* webpackChunkName: "dashboard-page" */ './pages/dashboard/dashboard-page'),
    'cards',
  ),
  routeSection(
    '/farms',
    handle('routes.farms', 'routes.farms'),
    lazyPage(() => import(/* webpackChunkName: "farms-page" */ './features/farms/farms-page')),
    [
      routeSection(
        ':farmId',
        insideFarm('routes.farmOverview', 'routes.farmCrumb'),
        lazyPage(() => import('./pages/farm/farm-page')),
        [
          // /farms/3/fields (the Fields crumb) is the farm page's first tab.
          routeSection('fields', insideFarm('routes.farmFields', 'routes.fieldsCrumb'), <Navigate to="..?tab=fields" replace />, [
            {
              path: ':fieldId',
              handle: insideFarm('routes.farmFields', 'routes.fieldCrumb'),
              element: lazyPage(() => import('./pages/field-page')),
            },
          ]),
        ],
      ),
    ],
  ),
  page(
    '/fields',
    'routes.farmFields',
    'routes.fieldsCrumb',
    () => import(/* webpackChunkName: "fields-page" */ './features/fields/fields-page'),
  ),
  page(
    '/seasons',
    'routes.seasons',
    'routes.seasons',
    () => import(/* webpackChunkName: "seasons-page" */ './features/seasons/seasons-page'),
  ),
  page('/crops', 'routes.farmCrops', 'routes.cropsCrumb', () => import(/* webpackChunkName: "crops-page" */ './features/crops/crops-page')),
  page(
    '/activities',
    'routes.farmActivities',
    'routes.activitiesCrumb',
    () => import(/* webpackChunkName: "activities-page" */ './features/activities/activities-page'),
  ),
  page('/users', 'routes.farmUsers', 'routes.usersCrumb', () => import(/* webpackChunkName: "users-page" */ './features/users/users-page')),
  page('/budget', 'routes.budget', 'routes.budget', () => import(/* webpackChunkName: "budget-page" */ './pages/budget-page')),
  page('/costs', 'routes.costs', 'routes.costs', () => import(/* webpackChunkName: "costs-page" */ './features/costs/costs-page')),
  // Farm records (issue 42): a crop's harvests and sales, and the season report with the loan PDF.
  {
    path: '/crops/:cropId',
    handle: handle('routes.cropRecords', 'routes.cropRecords', '/crops'),
    element: lazyPage(() => import(/* webpackChunkName: "crop-records-page" */ './pages/crop-records-page')),
  },
  page(
    '/season-report',
    'routes.seasonReport',
    'routes.seasonReport',
    () => import(/* webpackChunkName: "season-report-page" */ './pages/season-report-page'),
  ),
];

export default routes;
