import { act, screen, waitFor } from '@testing-library/react';
import { matchRoutes, useRoutes } from 'react-router-dom';
import { setLocale, type RouteHandle } from '@shambasoko/shared';
import { mockApi, remoteMetadataProblems, renderPage } from '@shambasoko/shared/testing';
import remote from '../remote.json';
import routes from './routes';

/** The handles the shell's top bar would read at a path, one per distinct URL. */
function handlesAt(path: string): RouteHandle[] {
  const matches = matchRoutes(routes, path) ?? [];
  return matches.filter((match, i) => matches[i + 1]?.pathname !== match.pathname).map((match) => match.route.handle as RouteHandle);
}

test('every routed page has a title and crumb, and remote.json agrees with the routes', () => {
  expect(remoteMetadataProblems(routes, remote)).toEqual([]);
});

test('each page is titled as the spec table says', () => {
  const spec = {
    '/dashboard': 'Farmer Overview',
    '/budget': 'Budget',
    '/costs': 'Costs',
    '/seasons': 'Seasons',
    '/crops': 'Farm Crops',
    '/activities': 'Farm Activities',
    '/users': 'Farm Users',
    '/fields': 'Farm Fields',
    '/farms/3/fields/9': 'Farm Fields',
    '/farms': 'Farms',
    '/farms/3': 'Farm Overview',
  };
  const titles = Object.fromEntries(Object.keys(spec).map((path) => [path, handlesAt(path).at(-1)?.title]));
  expect(titles).toEqual(spec);
});

test('inside a farm the crumbs name each level and Back leads to /farms', () => {
  expect(handlesAt('/farms/3/fields/9').map((h) => h.crumb)).toEqual(['Farms', 'Farm', 'Fields', 'Field']);
  expect(handlesAt('/farms/3/fields/9').at(-1)?.back).toBe('/farms');
  expect(handlesAt('/farms/3').at(-1)?.back).toBe('/farms');
  expect(handlesAt('/farms').at(-1)?.back).toBeUndefined();
});

test('the top bar reads titles and crumbs in the language of the moment', async () => {
  await act(() => setLocale('sw'));
  try {
    expect(handlesAt('/farms/3/fields/9').map((h) => h.crumb)).toEqual(['Mashamba', 'Shamba', 'Vipande', 'Kipande']);
    expect(handlesAt('/farms/3').at(-1)?.title).toBe('Muhtasari wa Shamba');
  } finally {
    await act(() => setLocale('en'));
  }
  expect(handlesAt('/dashboard').at(-1)?.title).toBe('Farmer Overview');
});

function FarmRoutes() {
  return useRoutes(routes);
}

// As the shell mounts them: a remote's routes under the shell's router.
test("the Fields crumb inside a farm opens the farm's fields tab", async () => {
  mockApi({});
  renderPage(<FarmRoutes />, { url: '/farms/3/fields' });
  await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/farms/3?tab=fields'));
});
