import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, useRoutes, type RouteObject } from 'react-router-dom';
import type { RemotesManifest } from '@shambasoko/contracts';
import { useSession } from '@shambasoko/shared';
import { renderPage } from '@shambasoko/shared/testing';
import { DashboardLayout } from './dashboard-layout';
import { usePublishPageMeta } from '../lib/page-meta';

const manifest: RemotesManifest = {
  remotes: [
    {
      name: 'farm',
      version: 'seed',
      entry: 'http://localhost:3003/remoteEntry.js',
      roles: ['Farmer', 'Admin'],
      enabled: true,
      mounts: [{ path: '/harvests/*', layout: 'dashboard' }],
      menu: [
        { group: 'Farm Manager', label: 'Harvests', to: '/harvests', roles: ['Farmer'] },
        { group: 'Analytics', label: 'Overview', to: '/dashboard' },
      ],
      rollout: null,
    },
  ],
};
jest.mock('../features/remotes/remotes-provider', () => ({
  useRemotes: () => ({ state: { status: 'ready', manifest }, reload: () => undefined }),
  useEffectiveRemotes: () => manifest.remotes.map((r) => ({ ...r, variant: 'live', visibility: 'visible' })),
}));

const harvests = { title: 'Harvests', crumb: 'Harvests' };
// What a remote's routes module would export for a page the shell has never heard of.
const routes: RouteObject[] = [
  {
    path: '/harvests',
    handle: harvests,
    children: [
      { index: true, handle: harvests, element: <Link to="/harvests/3">Maize, long rains</Link> },
      { path: ':harvestId', handle: { title: 'Harvest Details', crumb: 'Harvest', back: '/harvests' }, element: <h1>Maize</h1> },
    ],
  },
];
function Remote() {
  usePublishPageMeta(routes);
  return useRoutes(routes);
}

describe('DashboardLayout', () => {
  beforeEach(() => useSession.setState({ role: 'Farmer', user: { uid: 'u', displayName: 'Amina Njoki', email: 'a@x.ke' } }));

  it("shows the remote page's title and breadcrumbs from its route handles, and Back follows them", async () => {
    const user = userEvent.setup();
    renderPage(
      <DashboardLayout>
        <Remote />
      </DashboardLayout>,
      { url: '/harvests' },
    );
    expect(screen.getByTestId('page-title')).toHaveTextContent('Harvests');
    await user.click(screen.getByRole('link', { name: 'Maize, long rains' }));
    expect(screen.getByTestId('page-title')).toHaveTextContent('Harvest Details');
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/dashboard');
    expect(crumbs.getByRole('link', { name: 'Harvests' })).toHaveAttribute('href', '/harvests');
    expect(crumbs.getByText('Harvest')).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/harvests$/);
    expect(screen.getByTestId('page-title')).toHaveTextContent('Harvests');
  });

  it('wraps a long title onto a second line instead of cutting it (a 412 px phone cut "Farm Overv…")', () => {
    renderPage(
      <DashboardLayout>
        <Remote />
      </DashboardLayout>,
      { url: '/harvests' },
    );
    const title = screen.getByTestId('page-title');
    expect(title).not.toHaveClass('truncate');
    expect(title).not.toHaveClass('whitespace-nowrap');
    expect(title).toHaveClass('line-clamp-2');
  });

  it("draws the sidebar from the remotes' menu entries for the current role", () => {
    renderPage(
      <DashboardLayout>
        <Remote />
      </DashboardLayout>,
      { url: '/harvests' },
    );
    const sidebar = screen.getByRole('navigation', { name: 'Main' });
    const groups = within(sidebar)
      .getAllByText(/^(Analytics|Farm Manager)$/)
      .map((el) => el.textContent);
    expect(groups).toEqual(['Analytics', 'Farm Manager']);
    expect(within(sidebar).getByRole('link', { name: 'Harvests' })).toHaveAttribute('href', '/harvests');
    expect(within(sidebar).queryByRole('link', { name: 'Remotes' })).not.toBeInTheDocument();
  });
});
