import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { remoteMetadataProblems } from '@shambasoko/shared/testing';
import remote from '../remote.json';
import routes from './routes';

test('exposes the four legal pages and the coming-soon page at absolute paths', () => {
  expect(routes.map((route) => route.path)).toEqual([
    '/legal/privacy-policy',
    '/legal/terms-of-use',
    '/legal/cookie-policy',
    '/legal/data-policy',
    '/coming-soon',
  ]);
});

test('every page has a title and crumb, and the coming-soon menu entries lead into its mounts', () => {
  expect(remoteMetadataProblems(routes, remote)).toEqual([]);
});

test.each([
  ['/legal/privacy-policy', 'Privacy Policy'],
  ['/legal/terms-of-use', 'Terms of Use'],
  ['/legal/cookie-policy', 'Cookie Policy'],
  ['/legal/data-policy', 'Data Policy'],
  ['/coming-soon', 'Coming Soon'],
])('%s loads its page lazily', async (path, title) => {
  render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />);
  expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
});
