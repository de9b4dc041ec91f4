import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FarmRole } from '@shambasoko/contracts';
import { renderPage } from '@shambasoko/shared/testing';
import { farmOf, filtersOf, IDS, mockFarmApi, OPTIONS, seasonOf } from '../../testing/fixtures';
import SeasonsPage from './seasons-page';

const firstSeason = IDS.nth('5ea50', 1);

/** The API of one farm where the caller has `role`, 45 seasons in all (3 pages of 20), each page's season deletable. */
function api(role: FarmRole = 'Owner') {
  return mockFarmApi(
    {
      'GET /v1/seasons': ({ search }) => {
        const p = Number(search.get('page'));
        return { body: { items: [seasonOf({ id: IDS.nth('5ea50', p), name: `Long Rains ${p}` })], total: 45, page: p, pageSize: 20 } };
      },
      [`DELETE /v1/seasons/${firstSeason}`]: () => ({ body: { id: firstSeason } }),
    },
    { filters: filtersOf({ fields: [OPTIONS.field] }), farms: [farmOf({ myRole: role })] },
  );
}
const seasonCalls = (calls: ReturnType<typeof api>['calls']) => calls.filter((c) => c.path === '/v1/seasons').map((c) => c.search);

// The list page skeleton (use-list-page.ts + list-page.tsx), through one of the pages built on it.
describe('SeasonsPage (ListPage)', () => {
  it('pages, and goes back to page 1 when the search, a cascading filter or the status changes', async () => {
    const { calls } = api();
    const user = userEvent.setup();
    renderPage(<SeasonsPage />);
    expect(await screen.findAllByText('Long Rains 1')).not.toHaveLength(0);
    expect(screen.getByText('Page 1 of 3 · 45 in all')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3 · 45 in all')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search Seasons'), ' rains ');
    // The search goes out trimmed, once typing pauses, from page 1.
    await waitFor(() => expect(seasonCalls(calls).some((p) => p.get('search') === 'rains' && p.get('page') === '1')).toBe(true));
    expect(
      seasonCalls(calls)
        .filter((p) => p.has('search'))
        .every((p) => p.get('search') === 'rains'),
    ).toBe(true);

    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3 · 45 in all');
    await user.click(screen.getByRole('button', { name: 'Filters (0)' }));
    // The selects load when Filters first opens (list-page.tsx).
    const farm = await screen.findByRole('combobox', { name: 'Farm' });
    await user.selectOptions(farm, await screen.findByRole('option', { name: 'Green Acres' }));
    await waitFor(() => expect(seasonCalls(calls).at(-1)?.get('farmId')).toBe(IDS.farm));
    expect(seasonCalls(calls).at(-1)?.get('page')).toBe('1');

    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3 · 45 in all');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Completed');
    await waitFor(() => expect(seasonCalls(calls).at(-1)?.get('status')).toBe('completed'));
    expect(seasonCalls(calls).at(-1)?.get('page')).toBe('1');
    expect(seasonCalls(calls).at(-1)?.get('sort')).toBe('-startDate');
  });

  it('opens Plan a Season from the header, and deletes a row only after its confirmation', async () => {
    const { writes } = api();
    const user = userEvent.setup();
    renderPage(<SeasonsPage />);
    await user.click(await screen.findByRole('button', { name: 'Plan Season' }));
    // The form's code loads when it first opens (components/dialogs.tsx).
    const form = await screen.findByRole('dialog', { name: 'Plan a Season' });
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Plan a Season' })).not.toBeInTheDocument());

    await user.click((await screen.findAllByRole('button', { name: 'Delete Long Rains 1' }))[0]!);
    const confirm = screen.getByRole('dialog', { name: 'Delete Season' });
    expect(confirm).toHaveTextContent('Are you sure you want to delete the season Long Rains 1 at Green Acres?');
    expect(writes()).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete Season' })).not.toBeInTheDocument());
    expect(writes().map((c) => `${c.method} ${c.path}`)).toEqual([`DELETE /v1/seasons/${firstSeason}`]);
  });

  it('disables Plan Season, with the reason, where no farm lets the role plan seasons', async () => {
    api('Viewer');
    renderPage(<SeasonsPage />);
    const add = screen.getByRole('button', { name: 'Plan Season' });
    await waitFor(() => expect(add).toHaveAttribute('title', 'You have no farm where your role can plan seasons.'));
    expect(add).toBeDisabled();
    expect((await screen.findAllByRole('button', { name: 'Edit Long Rains 1' }))[0]).toBeDisabled();
  });
});
