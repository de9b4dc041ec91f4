import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { listPage, renderPage } from '@shambasoko/shared/testing';
import type { Activity } from '@shambasoko/contracts';
import { setLocale } from '@shambasoko/shared';
import { activityOf, farmOf, IDS, mockFarmApi } from '../../testing/fixtures';
import ActivitiesPage from './activities-page';

describe('ActivitiesPage one-tap status', () => {
  it('shows the due date and assignee, marks done in one tap and Undo restores the previous status', async () => {
    let current: Activity = activityOf({ userId: IDS.user, userName: 'Kevin Mwangi', dueDate: '2026-03-12', status: 'In Progress' });
    const api = mockFarmApi({
      'GET /v1/activities': () => ({ body: listPage([current]) }),
      [`PATCH /v1/activities/${IDS.activity}`]: (call) => {
        current = { ...current, status: (call.body as { status: Activity['status'] }).status };
        return { body: current };
      },
    });
    const user = userEvent.setup();
    renderPage(<ActivitiesPage />, { url: '/activities' });
    const cards = await screen.findByRole('list', { name: 'Activities' });
    // A compact row on a phone: name, due date and assignee, status.
    expect(within(cards).getByText('Due 12 Mar 2026')).toBeInTheDocument();
    expect(within(cards).getByText('Kevin Mwangi')).toBeInTheDocument();
    // In progress already: no Start, only Mark done.
    expect(screen.queryByRole('button', { name: 'Start Weeding' })).not.toBeInTheDocument();

    await user.click(screen.getAllByRole('button', { name: 'Mark done Weeding' })[0]!);
    expect(await screen.findByRole('status')).toHaveTextContent('Weeding marked done.');
    expect(api.writes()).toEqual([expect.objectContaining({ method: 'PATCH', body: { status: 'Completed' } })]);
    // Done: the row offers no more actions.
    expect(await within(cards).findByText('Completed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark done Weeding' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Undone: Weeding is In Progress again.')).toBeInTheDocument();
    expect(api.writes()[1]).toMatchObject({ method: 'PATCH', body: { status: 'In Progress' } });
    expect((await screen.findAllByRole('button', { name: 'Mark done Weeding' })).length).toBeGreaterThan(0);
  });

  it('offers Start and Mark done on a pending activity, and nothing to a Viewer', async () => {
    mockFarmApi({ 'GET /v1/activities': () => ({ body: listPage([activityOf()]) }) }, { farms: [farmOf({ myRole: 'Viewer' })] });
    renderPage(<ActivitiesPage />, { url: '/activities' });
    await screen.findByRole('list', { name: 'Activities' });
    expect(screen.queryByRole('button', { name: 'Start Weeding' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark done Weeding' })).not.toBeInTheDocument();
  });
});

describe('ActivitiesPage compact rows', () => {
  it('opens the activity when its row is tapped, but not when its Mark done button is', async () => {
    mockFarmApi({
      'GET /v1/activities': () => ({ body: listPage([activityOf({ status: 'In Progress' })]) }),
      [`PATCH /v1/activities/${IDS.activity}`]: () => ({ body: activityOf({ status: 'Completed' }) }),
    });
    const user = userEvent.setup();
    renderPage(<ActivitiesPage />, { url: '/activities' });
    const row = within(await screen.findByRole('list', { name: 'Activities' })).getByRole('listitem');
    await user.click(within(row).getByRole('button', { name: 'Mark done Weeding' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Weeding marked done.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(within(row).getByText('Weeding'));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });
});

describe('ActivitiesPage filters and add button', () => {
  it('folds the selects behind Filters (n), shows the active filter as a chip and removing it clears the filter', async () => {
    const asked: (string | undefined)[] = [];
    mockFarmApi({
      'GET /v1/activities': (call) => {
        asked.push(call.url.searchParams.get('farmId') ?? undefined);
        return { body: listPage([activityOf()]) };
      },
    });
    const user = userEvent.setup();
    renderPage(<ActivitiesPage />, { url: '/activities' });
    await screen.findByRole('list', { name: 'Activities' });
    // Closed: no selects until Filters is opened; the search stays in view.
    expect(screen.queryByLabelText('Farm')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Search Activities')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Filters (0)' }));
    await user.selectOptions(await screen.findByLabelText('Farm'), 'Green Acres');

    expect(await screen.findByRole('button', { name: 'Filters (1)' })).toHaveAttribute('aria-expanded', 'true');
    const chips = screen.getByRole('list', { name: 'Active filters' });
    await user.click(within(chips).getByRole('button', { name: 'Remove filter Farm: Green Acres' }));
    expect(await screen.findByRole('button', { name: 'Filters (0)' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Active filters' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Farm')).toHaveValue('0');
    expect(asked).toContain(IDS.farm);
  });

  it('has one labelled Log Activity button: in the header on wide screens, floating at the bottom right on phones', async () => {
    mockFarmApi();
    renderPage(<ActivitiesPage />, { url: '/activities' });
    const add = await screen.findByRole('button', { name: 'Log Activity' });
    expect(add.className).toContain('max-sm:fixed');
    expect(add.className).toContain('max-sm:bottom-4');
  });
});

describe('ActivitiesPage in Kiswahili', () => {
  afterEach(async () => {
    await act(() => setLocale('en'));
  });

  it('names the page, the activity, its buttons and the confirmation in Kiswahili', async () => {
    mockFarmApi({
      'GET /v1/activities': () => ({ body: listPage([activityOf({ dueDate: null })]) }),
      [`PATCH /v1/activities/${IDS.activity}`]: () => ({ body: activityOf({ status: 'Completed' }) }),
    });
    await act(() => setLocale('sw'));
    const user = userEvent.setup();
    renderPage(<ActivitiesPage />, { url: '/activities' });
    expect(await screen.findByRole('heading', { name: 'Shughuli za Shamba' })).toBeInTheDocument();
    const cards = await screen.findByRole('list', { name: 'Shughuli' });
    expect(within(cards).getByText('Kupalilia')).toBeInTheDocument();
    expect(within(cards).getByText('Hakuna tarehe ya mwisho')).toBeInTheDocument();
    expect(within(cards).getByRole('button', { name: 'Anza Kupalilia' })).toHaveTextContent('Anza');
    expect(screen.getByLabelText('Tafuta Shughuli')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(
      expect.arrayContaining(['Shughuli', 'Shamba', 'Kipande', 'Msimu', 'Zao', 'Mtumiaji', 'Tarehe ya mwisho', 'Hali']),
    );

    await user.click(within(cards).getByRole('button', { name: 'Kamilisha Kupalilia' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Kupalilia imekamilika.');
    expect(screen.getByRole('button', { name: 'Tendua' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Funga' })).toBeInTheDocument();
  });
});
