import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { listPage, mockApi, renderPage, type Answer } from '@shambasoko/shared/testing';
import { useSession } from '@shambasoko/shared';
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

describe('DashboardPage for a member who may not see money', () => {
  it('has no Budget Overview when the API sends no budget (a Field Worker on every farm)', async () => {
    const fieldWorker = { ...emptyDashboard, totalFarms: 1, budget: null };
    mockApi({ 'GET /v1/dashboard': () => ({ body: fieldWorker }), 'GET /v1/farms': () => ({ body: listPage([]) }) });
    renderPage(<DashboardPage />, { url: '/dashboard' });
    expect(await screen.findByRole('heading', { name: 'Seasonal Overview' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Budget Overview' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('budget-spent')).not.toBeInTheDocument();
  });

  it('keeps the Budget Overview for those who keep the books', async () => {
    mockApi({ 'GET /v1/dashboard': () => ({ body: emptyDashboard }), 'GET /v1/farms': () => ({ body: listPage([]) }) });
    renderPage(<DashboardPage />, { url: '/dashboard' });
    expect(await screen.findByRole('heading', { name: 'Budget Overview' })).toBeInTheDocument();
  });
});

describe('DashboardPage is the Farmer’s home', () => {
  afterEach(() => act(() => useSession.setState({ role: 'Farmer', user: null })));

  it('sends any other role to its own home at once, with no Add Farm on the way', async () => {
    mockApi({ 'GET /v1/dashboard': () => ({ body: emptyDashboard }), 'GET /v1/farms': () => ({ body: listPage([]) }) });
    for (const [role, home] of [
      ['Buyer', '/buyer'],
      ['Supplier', '/seller'],
      ['Admin', '/admin'],
    ] as const) {
      useSession.setState({ user: { uid: 'u', email: 'u@x.ke', displayName: 'U', roles: [role] }, role });
      const { unmount } = renderPage(<DashboardPage />, { url: '/dashboard', path: '/dashboard' });
      expect(screen.getByTestId('where')).toHaveTextContent(home);
      expect(screen.queryByText('Add Farm')).toBeNull();
      expect(screen.queryByText('Farmer Overview')).toBeNull();
      unmount();
    }
  });

  it('names the other roles the Farmer holds, never "Buyer view"', async () => {
    mockApi({ 'GET /v1/dashboard': () => ({ body: emptyDashboard }), 'GET /v1/farms': () => ({ body: listPage([]) }) });
    useSession.setState({ user: { uid: 'u', email: 'u@x.ke', displayName: 'U', roles: ['Farmer', 'Buyer'] }, role: 'Farmer' });
    renderPage(<DashboardPage />, { url: '/dashboard', path: '/dashboard' });
    expect(screen.getByTestId('dashboard-role')).toHaveTextContent('Your farms at a glance · your other roles: Buyer');
    expect(await screen.findByText('No farms yet.')).toBeInTheDocument();
  });
});
