import { render, screen } from '@testing-library/react';
import { matchRoutes, MemoryRouter, useRoutes, type RouteObject } from 'react-router-dom';
import { pageMeta, PageMetaListener, usePublishPageMeta, type PageMeta } from './page-meta';

const farm = { title: 'Farm Overview', crumb: 'Farm', back: '/farms' };
// A remote's routes as a remote declares them: nested, with index routes and one pathless layout.
const routes: RouteObject[] = [
  { path: '/dashboard', handle: { title: 'Farmer Overview', crumb: 'Dashboard' }, element: <h1>Overview</h1> },
  {
    path: '/farms',
    handle: { title: 'Farms', crumb: 'Farms' },
    children: [
      { index: true, handle: { title: 'Farms', crumb: 'Farms' }, element: <h1>Farms</h1> },
      {
        path: ':farmId',
        handle: farm,
        children: [
          { index: true, handle: farm, element: <h1>Farm</h1> },
          { path: 'fields/:fieldId', handle: { title: 'Farm Fields', crumb: 'Field' }, element: <h1>Field</h1> },
        ],
      },
    ],
  },
  { element: <main />, children: [{ path: '/legal/terms', handle: { title: 'Terms of Use', crumb: 'Terms' }, element: <h1>Terms</h1> }] },
  { path: '/untitled', element: <h1>Untitled</h1> },
];

const metaAt = (path: string) => pageMeta((matchRoutes(routes, path) ?? []).map((m) => ({ pathname: m.pathname, handle: m.route.handle })));

describe('pageMeta', () => {
  it('titles the page from the deepest handle', () => {
    expect(metaAt('/dashboard')?.title).toBe('Farmer Overview');
    expect(metaAt('/farms')?.title).toBe('Farms');
    expect(metaAt('/farms/3')?.title).toBe('Farm Overview');
    expect(metaAt('/farms/3/fields/9')?.title).toBe('Farm Fields');
    expect(metaAt('/legal/terms')?.title).toBe('Terms of Use');
  });

  it('adds one crumb per URL level after Home, the dashboard being Home itself', () => {
    expect(metaAt('/farms/3/fields/9')?.crumbs).toEqual([
      { label: 'Home', to: '/dashboard' },
      { label: 'Farms', to: '/farms' },
      { label: 'Farm', to: '/farms/3' },
      { label: 'Field', to: '/farms/3/fields/9' },
    ]);
    expect(metaAt('/dashboard')?.crumbs).toEqual([{ label: 'Home', to: '/dashboard' }]);
  });

  it('sends Back where the deepest handle naming one says, else to the dashboard', () => {
    expect(metaAt('/farms/3/fields/9')?.back).toBe('/farms');
    expect(metaAt('/farms')?.back).toBe('/dashboard');
    expect(metaAt('/dashboard')?.back).toBe('/dashboard');
  });

  it('takes Home, and Back by default, to the home of the role in use: a Buyer goes to /buyer', () => {
    const buyerAt = (path: string) =>
      pageMeta(
        (matchRoutes(routes, path) ?? []).map((m) => ({ pathname: m.pathname, handle: m.route.handle })),
        '/buyer',
      );
    expect(buyerAt('/legal/terms')?.crumbs[0]).toEqual({ label: 'Home', to: '/buyer' });
    expect(buyerAt('/farms')?.back).toBe('/buyer');
  });

  it('has nothing to say for a route without a handle, or none matched', () => {
    expect(metaAt('/untitled')).toBeNull();
    expect(metaAt('/nowhere')).toBeNull();
  });
});

function RemoteView() {
  usePublishPageMeta(routes);
  return useRoutes(routes);
}

describe('usePublishPageMeta', () => {
  it("tells the layout around it and the browser tab the page's title, and forgets it on leaving", () => {
    const published: Array<string | null> = [];
    const { unmount } = render(
      <MemoryRouter initialEntries={['/farms/3']}>
        <PageMetaListener value={(meta: PageMeta | null) => published.push(meta?.title ?? null)}>
          <RemoteView />
        </PageMetaListener>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Farm' })).toBeInTheDocument();
    expect(published.at(-1)).toBe('Farm Overview');
    expect(document.title).toBe('Farm Overview · ShambaSoko');
    unmount();
    expect(published.at(-1)).toBeNull();
    expect(document.title).toBe('ShambaSoko');
  });

  it('titles a public page (no layout around it) in the browser tab', () => {
    render(
      <MemoryRouter initialEntries={['/legal/terms']}>
        <RemoteView />
      </MemoryRouter>,
    );
    expect(document.title).toBe('Terms of Use · ShambaSoko');
  });
});
