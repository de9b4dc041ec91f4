import { matchRoutes } from 'react-router-dom';
import type { RouteHandle } from '@shambasoko/shared';
import { remoteMetadataProblems } from '@shambasoko/shared/testing';
import remote from '../remote.json';
import routes from './routes';

test('every market page has a title and crumb, and remote.json agrees with the routes', () => {
  expect(remoteMetadataProblems(routes, remote)).toEqual([]);
});

test('an order sits under My Orders in the breadcrumbs', () => {
  const handles = (matchRoutes(routes, '/orders/12') ?? []).map((m) => m.route.handle as RouteHandle);
  expect(handles.map((h) => h.crumb)).toEqual(['Orders', 'Order']);
  expect(handles.at(-1)?.title).toBe('My Orders');
});

test('the payment confirmation sits under the order, and the Admin review under Payments', () => {
  const crumbs = (path: string) => (matchRoutes(routes, path) ?? []).map((m) => (m.route.handle as RouteHandle).crumb);
  expect(crumbs('/orders/12/confirmation')).toEqual(['Orders', 'Confirmation']);
  expect(crumbs('/payments/review')).toEqual(['Payments']);
});
