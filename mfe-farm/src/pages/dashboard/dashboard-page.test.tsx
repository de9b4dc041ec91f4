import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Dashboard } from '@shambasoko/shared';
import { mockApi, page, renderWithProviders } from '../../testing/render';
import DashboardPage from './dashboard-page';

const empty: Dashboard = {
  totalFarms: 0, activeFields: 0, cropVarieties: 0, teamMembers: 0, totalArea: 0, activeSeasons: 0,
  farms: [], cropDistribution: [], budget: { total: 0, spent: 0, remaining: 0 }, seasons: [],
};

describe('DashboardPage when the core API cannot be reached', () => {
  it('says so in plain words with a Retry that loads the dashboard once the API is back', async () => {
    let down = true;
    mockApi((url) => {
      if (down) throw new TypeError('Failed to fetch');
      if (url.pathname === '/v1/dashboard') return { body: empty };
      if (url.pathname === '/v1/farms') return { body: page([]) };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<DashboardPage />, { route: '/dashboard' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We can't reach ShambaSoko right now. Check your connection and try again.");
    expect(alert).not.toHaveTextContent('Failed to fetch');

    down = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No farms yet.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
