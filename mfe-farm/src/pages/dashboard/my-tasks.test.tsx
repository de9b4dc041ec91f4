import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '@shambasoko/shared/testing';
import type { Activity, MyActivities } from '@shambasoko/contracts';
import { activityOf, IDS, mockFarmApi } from '../../testing/fixtures';
import { MyTasks } from './my-tasks';

describe('MyTasks on the dashboard', () => {
  it('lists Overdue and Due today; Mark done takes a task off, Undo brings it back', async () => {
    const today = activityOf({ dueDate: '2026-03-12', userId: IDS.user, userName: 'Amina' });
    const late = activityOf({ id: 'a-late', name: 'Planting', dueDate: '2026-03-01', status: 'In Progress', userId: IDS.user });
    let status: Activity['status'] = 'Pending';
    const mine = (): MyActivities => ({
      today: '2026-03-12',
      dueToday: status === 'Completed' ? [] : [{ ...today, status }],
      overdue: [late],
    });
    const api = mockFarmApi({
      'GET /v1/activities/mine': () => ({ body: mine() }),
      [`PATCH /v1/activities/${IDS.activity}`]: (call) => {
        status = (call.body as { status: Activity['status'] }).status;
        return { body: { ...today, status } };
      },
    });
    const user = userEvent.setup();
    renderPage(<MyTasks />, { url: '/dashboard' });
    const dueToday = await screen.findByRole('region', { name: 'Due today' });
    expect(within(dueToday).getByText('Weeding')).toBeInTheDocument();
    expect(within(dueToday).getByText(/due 12 Mar 2026/)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Overdue' })).getByText('Planting')).toBeInTheDocument();
    expect(await within(dueToday).findByRole('button', { name: 'Start Weeding' })).toBeInTheDocument();

    await user.click(within(dueToday).getByRole('button', { name: 'Mark done Weeding' }));
    expect(await screen.findByText('Weeding marked done.')).toBeInTheDocument();
    expect(api.writes()[0]).toMatchObject({ method: 'PATCH', body: { status: 'Completed' } });
    await screen.findByRole('region', { name: 'Overdue' });
    expect(await screen.findByText('Planting')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Due today' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('region', { name: 'Due today' })).toBeInTheDocument();
    expect(api.writes()[1]).toMatchObject({ body: { status: 'Pending' } });
  });

  it('says so when nothing is due', async () => {
    mockFarmApi({ 'GET /v1/activities/mine': () => ({ body: { today: '2026-03-12', dueToday: [], overdue: [] } }) });
    renderPage(<MyTasks />, { url: '/dashboard' });
    expect(await screen.findByText('Nothing due today or overdue.')).toBeInTheDocument();
  });
});
