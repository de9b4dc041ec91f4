import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { RouteHandle } from '../remote-routes';

/**
 * A path with its own page (an index route) and pages under it, all one breadcrumb level: e.g.
 * /orders lists orders and /orders/:orderId shows one, read as Orders / Order.
 */
export function routeSection(path: string, handle: RouteHandle, page: ReactElement, below: RouteObject[]): RouteObject {
  return { path, handle, children: [{ index: true, handle, element: page }, ...below] };
}
