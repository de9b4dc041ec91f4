import { lazyPage, translatedHandle, type RemoteRoutes, type RouteHandle } from '@shambasoko/shared';
import { t } from './i18n';
import './styles.css';

type Page = Parameters<typeof lazyPage>[0];
type TitleKey = Extract<Parameters<typeof t>[0], `route.${string}`>;

/** Title and breadcrumb read in the language of the moment (the shell reads them on every render). */
const handle = (key: TitleKey): RouteHandle => translatedHandle(t, key);
/** The same for a signed-out page, which reads no server data: the shell then loads no query cache for it. */
const publicHandle = (key: TitleKey): RouteHandle => Object.assign(handle(key), { serverData: false as const });

/** Path → page and its handle (title and breadcrumb in the shell); each page's chunk (with its form code; the schemas on the form's first focus) loads when its route is visited. */
const pages: Array<[string, RouteHandle, Page]> = [
  ['/auth/get-started', publicHandle('route.getStarted'), () => import('./features/get-started/get-started-page')],
  ['/auth/sign-in', publicHandle('route.signIn'), () => import('./features/sign-in/sign-in-page')],
  ['/auth/create-account', publicHandle('route.createAccount'), () => import('./features/create-account/create-account-page')],
  ['/auth/choose-roles', publicHandle('route.chooseRoles'), () => import('./features/choose-roles/choose-roles-page')],
  ['/forgot-password', publicHandle('route.forgotPassword'), () => import('./features/forgot-password/forgot-password-page')],
  ['/profile', handle('route.profile'), () => import('./features/profile/profile-page')],
  ['/security', handle('route.security'), () => import('./features/settings/security-page')],
  ['/preferences', handle('route.preferences'), () => import('./features/settings/preferences-page')],
];

const routes: RemoteRoutes = pages.map(([path, meta, page]) => ({ path, handle: meta, element: lazyPage(page) }));

export default routes;
