import { matchPath, type RouteObject } from 'react-router-dom';
import { isAppRole } from '@shambasoko/contracts/role-values';
import type { RouteHandle } from '../remote-routes';

/** A remote's remote.json as a JSON import types it (strings where the contract has unions). */
export interface RemoteJson {
  name: string;
  mounts: Array<{ path: string; layout: string }>;
  menu: Array<{ group: string; label: string; to: string; roles?: string[] }>;
}

/** Every route of a tree with its full path (parents' paths joined; absolute children stand alone). */
function walk(routes: RouteObject[], parent = ''): Array<{ route: RouteObject; path: string }> {
  return routes.flatMap((route) => {
    const own = route.path ?? '';
    const path = own.startsWith('/') ? own : own ? `${parent.replace(/\/$/, '')}/${own}` : parent;
    return [{ route, path }, ...walk(route.children ?? [], path)];
  });
}

const filled = (value: unknown) => typeof value === 'string' && value.trim().length > 0;

/**
 * What is missing from a remote's metadata, in words; [] when nothing is. Every route with a path
 * or index needs a handle with a title and a crumb (the shell's top bar reads them), every menu
 * entry must lead into one of the remote's mounts, and every mount must serve at least one route.
 */
export function remoteMetadataProblems(routes: RouteObject[], remote: RemoteJson): string[] {
  const problems: string[] = [];
  const all = walk(routes);
  for (const { route, path } of all) {
    if (!route.path && !route.index) continue;
    const handle = route.handle as Partial<RouteHandle> | undefined;
    const name = `${remote.name} route ${path || '/'}${route.index ? ' (index)' : ''}`;
    if (!filled(handle?.title)) problems.push(`${name} has no handle title`);
    if (!filled(handle?.crumb)) problems.push(`${name} has no handle crumb`);
    if (handle?.back !== undefined && !handle.back.startsWith('/')) problems.push(`${name} has a relative back ${handle.back}`);
  }
  const mounted = (path: string) => remote.mounts.some((mount) => matchPath({ path: mount.path, end: true }, path));
  for (const entry of remote.menu) {
    const path = entry.to.split('?')[0] ?? entry.to;
    if (!mounted(path)) problems.push(`${remote.name} menu entry ${entry.label} (${entry.to}) is outside the remote's mounts`);
    for (const role of entry.roles ?? []) {
      if (!isAppRole(role)) problems.push(`${remote.name} menu entry ${entry.label} names an unknown role ${role}`);
    }
    if (!filled(entry.group) || !filled(entry.label)) problems.push(`${remote.name} menu entry ${entry.to} needs a group and a label`);
  }
  const served = all.filter(({ route }) => route.path || route.index).map(({ path }) => path);
  for (const mount of remote.mounts) {
    if (!served.some((path) => matchPath({ path: mount.path, end: true }, path))) {
      problems.push(`${remote.name} mount ${mount.path} serves no route`);
    }
  }
  return problems;
}
