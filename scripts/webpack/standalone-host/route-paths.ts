import type { RemoteRoutes } from '@shambasoko/shared';

export interface RoutePath {
  path: string;
  /** False for paths with parameters (`:farmId`) or a wildcard: they are reached from another page. */
  openable: boolean;
}

/** Every path a remote's routes declare, layout routes' children included, in declaration order. */
export function routePaths(routes: RemoteRoutes): RoutePath[] {
  const seen = new Set<string>();
  const out: RoutePath[] = [];
  const walk = (list: RemoteRoutes) => {
    for (const route of list) {
      if (route.path && !seen.has(route.path)) {
        seen.add(route.path);
        out.push({ path: route.path, openable: !/[:*]/.test(route.path) });
      }
      if (route.children) walk(route.children);
    }
  };
  walk(routes);
  return out;
}

/** The deployed version folder the page was opened from (`/v/<version>/standalone.html`), if any. */
export function deployedVersion(pathname: string): string | null {
  return /\/v\/([^/]+)\/[^/]*$/.exec(pathname)?.[1] ?? null;
}
