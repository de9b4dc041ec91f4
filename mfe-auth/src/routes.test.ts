import { remoteMetadataProblems } from '@shambasoko/shared/testing';
import remote from '../remote.json';
import routes from './routes';

test('every auth page has a title and crumb, and each mount serves a page', () => {
  expect(remoteMetadataProblems(routes, remote)).toEqual([]);
  expect(routes.find((r) => r.path === '/profile')?.handle).toEqual({ title: 'Profile Settings', crumb: 'Profile Settings' });
});
