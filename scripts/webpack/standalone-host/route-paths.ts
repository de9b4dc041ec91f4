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
  const walk = (list: RemoteRoutes, parent: string) => {
    for (const route of list) {
      // A child's relative path continues its parent's (react-router's nesting).
      const path = route.path ? (route.path.startsWith('/') ? route.path : `${parent.replace(/\/$/, '')}/${route.path}`) : parent;
      if (route.path && !seen.has(path)) {
        seen.add(path);
        out.push({ path, openable: !/[:*]/.test(path) });
      }
      if (route.children) walk(route.children, path);
    }
  };
  walk(routes, '');
  return out;
}

/** The deployed version folder the page was opened from (`/v/<version>/standalone.html`), if any. */
export function deployedVersion(pathname: string): string | null {
  return /\/v\/([^/]+)\/[^/]*$/.exec(pathname)?.[1] ?? null;
}
