import type { RouteObject } from 'react-router-dom';

// The route modules remotes expose to the shell: front-end only (react-router types), so they live here
// and not in @shambasoko/contracts, which the API imports.

/**
 * What every remote's "./routes" module exports as default: route objects with absolute paths
 * whose elements load their pages lazily. Every route with a path or index carries a `handle`
 * (RouteHandle) the shell reads with useMatches.
 */
export type RemoteRoutes = RouteObject[];

/** The metadata of a remote's route, read by the shell for the top bar and breadcrumbs. */
export interface RouteHandle {
  /** The top-bar title, e.g. "Farm Fields". */
  title: string;
  /** The breadcrumb label of this route's segment, e.g. "Fields" or "Farm". */
  crumb: string;
  /** Where the top bar's Back button goes from this page (default /dashboard). */
  back?: string;
  /**
   * false: the page reads no server data through the query cache, so the shell does not load the
   * cache's code for it (sign-in, the first page of many visits). Set on each matched route.
   */
  serverData?: false;
}

/**
 * A route handle worded by a remote's `t`: the title and crumb are getters, so the shell reads them in
 * the language of the moment (and again when a catalog arrives). The crumb defaults to the title.
 */
export function translatedHandle<K extends string>(t: (key: K) => string, title: K, crumb: K = title, back?: string): RouteHandle {
  return {
    get title() {
      return t(title);
    },
    get crumb() {
      return t(crumb);
    },
    ...(back ? { back } : {}),
  };
}

export interface RemoteRoutesModule {
  default: RemoteRoutes;
}
