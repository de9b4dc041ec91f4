import { screen } from '@testing-library/react';
import { listPage, mockApi, renderPage, signInAs, signOut } from '@shambasoko/shared/testing';
import { emptyDashboard } from '../../testing/fixtures';
import DashboardPage from './dashboard-page';
import { primeDashboard } from './prime-dashboard';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const answers = () =>
  mockApi({
    'GET /v1/dashboard': () => ({ body: emptyDashboard }),
    'GET /v1/farms': () => ({ body: listPage([]) }),
    'GET /v1/activities/mine': () => ({ body: { today: '2026-03-12', dueToday: [], overdue: [] } }),
  });

describe('a visit that starts at the dashboard', () => {
  afterEach(signOut);

  it('asks for the dashboard’s data before the page renders, and the page takes those answers', async () => {
    signInAs();
    const { calls } = answers();
    primeDashboard();
    await settle();
    expect(calls.map((c) => c.path).sort()).toEqual(['/v1/activities/mine', '/v1/dashboard', '/v1/farms']);
    renderPage(<DashboardPage />, { url: '/dashboard' });
    expect(await screen.findByText('No farms yet.')).toBeInTheDocument();
    // Each asked once: the page took the primed answers.
    const dashboardCalls = calls.filter((c) => ['/v1/dashboard', '/v1/farms', '/v1/activities/mine'].includes(c.path));
    expect(dashboardCalls).toHaveLength(3);
  });

  it('asks for nothing without a session', async () => {
    signOut();
    const { calls } = answers();
    primeDashboard();
    await settle();
    expect(calls).toEqual([]);
  });
});
