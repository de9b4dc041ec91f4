import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { listPage, mockApi, renderPage, type Answer } from '@shambasoko/shared/testing';
import { emptyDashboard } from '../../testing/fixtures';
import DashboardPage from './dashboard-page';

describe('DashboardPage when the core API cannot be reached', () => {
  it('says so in plain words with a Retry that loads the dashboard once the API is back', async () => {
    let down = true;
    const whenUp = (answer: Answer) => () => {
      if (down) throw new TypeError('Failed to fetch');
      return answer;
    };
    mockApi({ 'GET /v1/dashboard': whenUp({ body: emptyDashboard }), 'GET /v1/farms': whenUp({ body: listPage([]) }) });
    const user = userEvent.setup();
    renderPage(<DashboardPage />, { url: '/dashboard' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We can't reach ShambaSoko right now. Check your connection and try again.");
    expect(alert).not.toHaveTextContent('Failed to fetch');

    down = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No farms yet.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
